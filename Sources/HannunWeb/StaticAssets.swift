/// The stylesheet and script every page loads from `/static/`: files, not inline code, so the
/// Content-Security-Policy can forbid inline script and style.
enum StaticAssets {
  /// Seven columns that fit a 360-pixel phone and grow on a desktop; Sunday red, Saturday blue,
  /// income green, expense red, today ringed, the selected day filled.
  static let stylesheet = """
    :root{--in:#0a7d32;--out:#c62828;--sun:#d32f2f;--sat:#1565c0;--line:#ddd;--sel:#fff3c4;
    --today:#ff8f00;--bg:#fff;--fg:#222;--muted:#777}
    @media (prefers-color-scheme:dark){:root{--in:#5fd38a;--out:#ff7b72;--sun:#ff7b72;
    --sat:#79b8ff;--line:#333;--sel:#4a3f12;--bg:#111;--fg:#eee;--muted:#aaa}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0 auto;max-width:960px;padding:8px;font:15px/1.4 system-ui,-apple-system,
    "Apple SD Gothic Neo","Noto Sans KR",sans-serif;background:var(--bg);color:var(--fg)}
    a{color:inherit}
    header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px}
    nav.months{display:flex;align-items:center;gap:8px}
    nav.months a,nav.months span{font-size:28px;text-decoration:none;padding:0 10px;
    line-height:1}
    nav.months .disabled{color:var(--muted)}
    h1{font-size:20px;margin:0;min-width:8em;text-align:center}
    nav.tools{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:14px}
    #picker{display:flex;gap:4px;align-items:center}
    #picker label{font-size:0}
    #picker input{font-size:14px;max-width:10em}
    .totals{display:flex;justify-content:space-around;margin:8px 0;padding:0}
    .totals div{text-align:center}
    .totals dt{font-size:12px;color:var(--muted)}
    .totals dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
    .in{color:var(--in)}.out{color:var(--out)}
    #grid{width:100%;table-layout:fixed;border-collapse:collapse;touch-action:pan-y}
    #grid th{font-size:12px;font-weight:500;padding:2px 0}
    #grid th.sun,#grid td.sun .num{color:var(--sun)}
    #grid th.sat,#grid td.sat .num{color:var(--sat)}
    #grid td{border:1px solid var(--line);vertical-align:top;padding:0;height:58px;
    overflow:hidden}
    #grid td a{display:block;height:100%;padding:2px;text-decoration:none;color:var(--fg)}
    #grid td .num{display:block;font-size:13px}
    #grid td .in,#grid td .out{display:block;font-size:10px;line-height:1.25;white-space:nowrap;
    overflow:hidden;text-overflow:clip;font-variant-numeric:tabular-nums}
    #grid td .in{color:var(--in)}#grid td .out{color:var(--out)}
    #grid td.outside{opacity:.55}
    #grid td.selected{background:var(--sel)}
    #grid td.today .num{display:inline-block;min-width:1.6em;text-align:center;
    border-radius:1em;outline:2px solid var(--today);font-weight:700}
    #grid.week td{height:72px}
    @media (min-width:640px){#grid td{height:84px}#grid td .in,#grid td .out{font-size:12px}
    #grid td .num{font-size:15px}}
    #day h2{font-size:16px;margin:14px 0 6px}
    #entries{list-style:none;margin:0;padding:0}
    #entries li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;padding:8px 2px;
    border-bottom:1px solid var(--line)}
    #entries .category{font-weight:600}
    #entries .memo{color:var(--muted);flex:1 1 8em;overflow-wrap:anywhere}
    #entries .amount{margin-left:auto;font-variant-numeric:tabular-nums}
    #entries .actions{font-size:13px;display:flex;gap:10px}
    #entries li.empty{color:var(--muted)}
    #forms form{margin:14px 0;padding:10px;border:1px solid var(--line);border-radius:8px}
    #forms h2,.signin h1{font-size:16px;margin:0 0 8px}
    fieldset.kind{border:0;padding:0;margin:0 0 6px;display:flex;gap:16px}
    fieldset.kind legend{font-size:12px;color:var(--muted)}
    label.field{display:block;margin:6px 0}
    label.field span{display:block;font-size:12px;color:var(--muted)}
    label.field input{width:100%;font-size:16px;padding:6px;border:1px solid var(--line);
    border-radius:6px;background:var(--bg);color:var(--fg)}
    button{font-size:16px;padding:8px 16px;border-radius:6px;border:1px solid var(--line);
    background:#2962ff;color:#fff}
    button.danger{background:var(--out)}
    #undo{border:0!important;padding:0!important}
    #undo button{background:transparent;color:var(--fg);font-size:14px;padding:4px 10px}
    .error{color:var(--out);font-weight:600}
    .notice{padding:8px;border-left:4px solid var(--sat)}
    .question{font-size:16px}
    """

  /// Swipes and ←/→ move months; a change in the ledger refetches the page and replaces
  /// `<main>`, keeping the selection and whatever is being typed in a form.
  /// The page's icon: a calendar sheet with a won sign, so a browser has one to show (and does
  /// not ask for `/favicon.ico`, which would be a 404 on every page).
  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">\
    <rect x="3" y="5" width="26" height="24" rx="4" fill="#fff" stroke="#1565c0" stroke-width="2"/>\
    <rect x="3" y="5" width="26" height="7" rx="3" fill="#1565c0"/>\
    <text x="16" y="26" font-size="13" text-anchor="middle" font-family="sans-serif" \
    fill="#c62828">₩</text></svg>
    """

  static let script = """
    "use strict";
    (function () {
      function go(id) {
        var link = document.getElementById(id);
        if (link && link.href) { window.location.href = link.href; }
      }
      document.addEventListener("keydown", function (event) {
        var target = event.target;
        if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" ||
            target.tagName === "SELECT" || target.isContentEditable)) { return; }
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
        if (event.key === "ArrowLeft") { event.preventDefault(); go("prev"); }
        if (event.key === "ArrowRight") { event.preventDefault(); go("next"); }
      });
      var startX = null, startY = null;
      document.addEventListener("touchstart", function (event) {
        var grid = document.getElementById("grid");
        if (!grid || !grid.contains(event.target) || event.touches.length !== 1) {
          startX = null; return;
        }
        startX = event.touches[0].clientX; startY = event.touches[0].clientY;
      }, { passive: true });
      document.addEventListener("touchend", function (event) {
        if (startX === null) { return; }
        var touch = event.changedTouches[0];
        var dx = touch.clientX - startX, dy = touch.clientY - startY;
        startX = null;
        if (Math.abs(dx) > 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
          go(dx < 0 ? "next" : "prev");
        }
      });
      if (document.body.getAttribute("data-live") !== "1" || !window.EventSource) { return; }
      var refreshing = false, again = false;
      function refresh() {
        if (refreshing) { again = true; return; }
        refreshing = true;
        // The page's own state, from its body: also right after a form was refused, when the
        // address is the form's.
        var body = document.body, url = "/month/" + body.getAttribute("data-month") +
          "?day=" + body.getAttribute("data-selected") +
          (body.getAttribute("data-shape") === "week" ? "&shape=week" : "");
        fetch(url, { credentials: "same-origin", cache: "no-store" })
          .then(function (response) {
            if (!response.ok) { throw new Error("status " + response.status); }
            return response.text();
          })
          .then(function (html) {
            var page = new DOMParser().parseFromString(html, "text/html");
            var fresh = page.querySelector("main"), old = document.querySelector("main");
            if (fresh && old) { old.replaceWith(document.adoptNode(fresh)); }
            document.body.setAttribute("data-updated", String(Date.now()));
          })
          .catch(function () {})
          .then(function () {
            refreshing = false;
            if (again) { again = false; refresh(); }
          });
      }
      var events = new EventSource("/events");
      events.addEventListener("ledger", refresh);
    })();
    """
}
