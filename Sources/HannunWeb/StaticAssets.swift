/// The stylesheet and script every page loads from `/static/`: files, not inline code, so the
/// Content-Security-Policy can forbid inline script and style.
enum StaticAssets {
  /// Seven columns that fit a 360-pixel phone and grow on a desktop; Sunday red, Saturday blue,
  /// income green, expense red, today ringed, the selected day filled.
  static let stylesheet = """
    :root{--in:#0a7d32;--out:#c62828;--sun:#c62828;--sat:#1565c0;--line:#ddd;--sel:#fff3c4;
    --today:#ff8f00;--bg:#fff;--fg:#222;--muted:#595959;--dim:#f2f2f2;--act:#1e53e5;
    --focus:#b35c00}
    @media (prefers-color-scheme:dark){:root{--in:#5fd38a;--out:#ff7b72;--sun:#ff7b72;
    --sat:#79b8ff;--line:#444;--sel:#332b00;--bg:#111;--fg:#eee;--muted:#b0b0b0;--dim:#1c1c1c;
    --focus:#ffb74d}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    :lang(ko){word-break:keep-all;overflow-wrap:break-word}
    body{margin:0 auto;max-width:960px;padding:8px 8px 88px;font:15px/1.4 system-ui,-apple-system,
    "Apple SD Gothic Neo","Noto Sans KR",sans-serif;background:var(--bg);color:var(--fg)}
    a{color:inherit}
    header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px}
    nav.months{display:flex;align-items:center;gap:8px}
    nav.months a,nav.months span{font-size:28px;text-decoration:none;line-height:1;
    display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px}
    nav.tools a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;
    min-width:44px;padding:0 6px}
    a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--focus);
    outline-offset:2px}
    nav.months .disabled{color:var(--muted)}
    h1{font-size:20px;margin:0;min-width:8em;text-align:center}
    nav.tools{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:14px}
    #picker{display:flex;gap:4px;align-items:center}
    #picker label{font-size:0}
    #picker input{font-size:14px;max-width:10em;min-height:44px}
    .totals{display:flex;flex-wrap:wrap;justify-content:space-around;gap:4px;margin:8px 0;
    padding:0}
    .totals div{text-align:center;flex:1 0 auto}
    .totals dt{font-size:12px;color:var(--muted)}
    .totals dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums;white-space:nowrap;
    font-size:clamp(12px,3.9vw,16px)}
    .in{color:var(--in)}.out{color:var(--out)}
    .totals.unavailable,.unavailable{color:var(--muted);font-weight:600;justify-content:center}
    #grid td .unreadable{display:block;font-size:12px;color:var(--muted)}
    #grid{width:100%;table-layout:fixed;border-collapse:collapse;touch-action:pan-y}
    #grid th{font-size:12px;font-weight:500;padding:2px 0}
    #grid th.sun,#grid td.sun .num{color:var(--sun)}
    #grid th.sat,#grid td.sat .num{color:var(--sat)}
    #grid td{border:1px solid var(--line);vertical-align:top;padding:0;height:58px;
    overflow:hidden}
    #grid td a{display:block;height:100%;padding:2px;text-decoration:none;color:var(--fg)}
    #grid td .num{display:block;font-size:13px}
    #grid td a:focus-visible{outline:3px solid var(--focus);outline-offset:-3px}
    #grid td .in,#grid td .out{display:block;font-size:10px;line-height:1.25;white-space:nowrap;
    overflow:hidden;text-overflow:clip;font-variant-numeric:tabular-nums}
    #grid td .in{color:var(--in)}#grid td .out{color:var(--out)}
    #grid td.outside{background:var(--dim)}
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
    #entries .actions{font-size:14px;display:flex;gap:4px}
    #entries .actions a,a.cancel,#rules a.edit,#all-time{display:inline-flex;align-items:center;
    justify-content:center;min-width:44px;min-height:44px;padding:0 8px}
    #entries li.empty{color:var(--muted)}
    #forms form{margin:14px 0;padding:10px;border:1px solid var(--line);border-radius:8px}
    #forms h2,.signin h1{font-size:16px;margin:0 0 8px}
    fieldset.kind{border:0;padding:0;margin:0 0 6px;display:flex;flex-wrap:wrap;gap:0 16px}
    fieldset.kind label{display:inline-flex;align-items:center;gap:6px;min-height:44px;
    min-width:44px}
    fieldset.kind input{width:20px;height:20px;margin:0}
    .quick{display:flex;gap:8px;margin:2px 0 6px}
    .quick button{min-width:64px;background:var(--bg);color:var(--fg);border-color:var(--muted)}
    .fab{position:fixed;right:16px;bottom:16px;z-index:5;display:inline-flex;align-items:center;
    min-height:52px;padding:0 20px;border-radius:26px;background:var(--act);color:#fff;
    font-weight:600;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.35)}
    fieldset.kind legend{font-size:12px;color:var(--muted)}
    label.field{display:block;margin:6px 0}
    label.field span{display:block;font-size:12px;color:var(--muted)}
    label.field input,label.field select{width:100%;font-size:16px;padding:6px;min-height:44px;
    border:1px solid var(--muted);
    border-radius:6px;background:var(--bg);color:var(--fg)}
    button{font-size:16px;padding:8px 16px;border-radius:6px;border:1px solid var(--line);
    background:var(--act);color:#fff;min-height:44px;min-width:44px}
    button.danger{background:#c62828}
    #undo{border:0!important;padding:0!important}
    #undo button{background:transparent;color:var(--fg);font-size:14px;padding:4px 10px}
    .error{color:var(--out);font-weight:600}
    .notice{padding:8px;border-left:4px solid var(--sat)}
    @media (min-width:1024px){body{max-width:1440px;display:grid;
    grid-template-columns:minmax(0,1fr) 380px;column-gap:32px;align-items:start}
    header{grid-column:1/-1}main{grid-column:1;grid-row:2}
    #forms{grid-column:2;grid-row:2;position:sticky;top:8px}.fab{display:none}
    #grid td{height:96px}}
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
      // MARK: phone ergonomics: 만/천 buttons, the add button, the ledger's categories
      document.addEventListener("click", function (event) {
        var target = event.target;
        var quick = target && target.closest ? target.closest("button[data-append]") : null;
        if (quick) {
          var field = document.getElementById(quick.getAttribute("data-for"));
          if (field) { field.value += quick.getAttribute("data-append"); field.focus(); }
          return;
        }
        var jump = target && target.closest ? target.closest("a#jump-add") : null;
        var amount = document.getElementById("add-amount");
        if (jump && amount) {
          event.preventDefault();
          amount.scrollIntoView({ block: "center" });
          amount.focus();
        }
      });
      var suggestions = document.getElementById("categories");
      if (suggestions) {
        fetch("/categories.json", { credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.json() : []; })
          .then(function (names) {
            names.forEach(function (name) {
              var option = document.createElement("option");
              option.value = name;
              suggestions.appendChild(option);
            });
          })
          .catch(function () {});
      }
      // MARK: offline: the service worker, and entries kept on the device until they are sent
      if ("serviceWorker" in navigator && window.isSecureContext) {
        navigator.serviceWorker.register("/sw.js").catch(function () {});
      }
      // The sentences are the add form's, in the page's language (data-kept-one, …).
      function words(name) {
        var form = document.getElementById("add");
        return (form && form.getAttribute("data-" + name)) || "";
      }
      var QUEUE = "hannun-waiting";
      function waiting() {
        try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
      }
      function keepWaiting(list) { localStorage.setItem(QUEUE, JSON.stringify(list)); }
      function freshKey() {
        var letters = "abcdefghjkmnpqrstvwxyz", all = "0123456789" + letters;
        var bytes = new Uint8Array(10), key = "";
        window.crypto.getRandomValues(bytes);
        for (var i = 0; i < 10; i++) {
          key += i === 0 ? letters[bytes[i] % letters.length] : all[bytes[i] % 32];
        }
        return key;
      }
      function status(message, alert) {
        var form = document.getElementById("add"), box = document.getElementById("waiting");
        if (!box) {
          if (!form) { return; }
          box = document.createElement("p");
          box.id = "waiting";
          form.parentNode.insertBefore(box, form);
        }
        box.className = alert ? "error" : "notice";
        box.setAttribute("role", alert ? "alert" : "status");
        box.textContent = message;
        box.hidden = !message;
      }
      function showCount() {
        var count = waiting().length;
        status(count === 0 ? "" : words(count === 1 ? "kept-one" : "kept-other")
          .replace("{count}", String(count)));
      }
      var sending = false;
      function send() {
        var list = waiting();
        if (sending || list.length === 0) { return; }
        sending = true;
        var entry = list[0];
        // A fresh page for this browser's CSRF token; then the same form the page would send.
        fetch("/month/" + entry.month, { credentials: "same-origin", cache: "no-store" })
          .then(function (response) {
            if (response.redirected && response.url.slice(-7) === "/signin") { throw "signin"; }
            return response.text();
          })
          .then(function (html) {
            var token = /name="csrf" value="([^"]*)"/.exec(html);
            var body = new URLSearchParams();
            ["kind", "amount", "category", "memo", "date", "month", "key"].forEach(function (k) {
              body.append(k, entry[k] || "");
            });
            body.append("csrf", token ? token[1] : "");
            return fetch("/entries", { method: "POST", body: body, credentials: "same-origin" });
          })
          .then(function (response) {
            return response.text().then(function (html) { return [response, html]; });
          })
          .then(function (answer) {
            var response = answer[0];
            keepWaiting(waiting().filter(function (e) { return e.key !== entry.key; }));
            sending = false;
            if (response.ok && response.redirected) {
              if (waiting().length > 0) { send(); } else { location.reload(); }
              return;
            }
            // Refused by the same rules as any other write: shown, with the entry as typed.
            var page = new DOMParser().parseFromString(answer[1], "text/html");
            var reason = page.querySelector(".error");
            var form = document.getElementById("add");
            if (form) {
              ["amount", "category", "memo", "date"].forEach(function (name) {
                if (form.elements[name]) { form.elements[name].value = entry[name] || ""; }
              });
              if (form.elements.key) { form.elements.key.value = freshKey(); }
            }
            status(words("not-sent") +
              (reason ? reason.textContent : String(response.status)), true);
          })
          .catch(function (problem) {
            sending = false;
            if (problem === "signin") {
              status(words("sign-in"), true);
            }
          });
      }
      function queue(form) {
        var entry = {}, kind = form.querySelector('input[name="kind"]:checked');
        ["amount", "category", "memo", "date", "month", "key"].forEach(function (name) {
          entry[name] = form.elements[name] ? form.elements[name].value : "";
        });
        entry.kind = kind ? kind.value : "expense";
        if (!entry.key) { entry.key = freshKey(); }
        var list = waiting();
        list.push(entry);
        keepWaiting(list);
        form.elements.key.value = freshKey();
        ["amount", "memo"].forEach(function (name) { form.elements[name].value = ""; });
        showCount();
      }
      document.addEventListener("submit", function (event) {
        var form = event.target;
        if (!form || form.id !== "add" || !form.elements.key) { return; }
        event.preventDefault();
        if (navigator.onLine === false) { queue(form); return; }
        // Sent as usual when the server answers; kept on the device when it cannot be reached.
        var controller = window.AbortController ? new AbortController() : null;
        var timer = setTimeout(function () { if (controller) { controller.abort(); } }, 4000);
        fetch("/ping", { cache: "no-store", signal: controller ? controller.signal : undefined })
          .then(function (response) {
            clearTimeout(timer);
            if (!response.ok) { throw new Error("status " + response.status); }
            HTMLFormElement.prototype.submit.call(form);
          })
          .catch(function () { clearTimeout(timer); queue(form); });
      });
      window.addEventListener("online", send);
      setInterval(function () { if (navigator.onLine !== false) { send(); } }, 10000);
      showCount();
      if (navigator.onLine !== false) { send(); }
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
