/// What makes the web an installable, offline-capable app on a phone: the web app manifest and
/// the service worker, served as files (the Content-Security-Policy allows no inline script).
///
/// The service worker keeps the month pages a phone opened (network first; the copy when the
/// server cannot be reached, each with a fresh idempotency key so that two entries typed on one
/// kept page are two entries) and the static files. Entries typed while the server cannot be
/// reached are kept by the page's script (``StaticAssets/script``) in the browser's
/// `localStorage` and sent when it can, each with its own key, so each is saved exactly once.
/// Browsers run service workers only in a secure context: `http://127.0.0.1`, or HTTPS in front
/// of `hannun serve`; the queue works without one.
enum OfflineAssets {
  /// The manifest: the name, the start page, standalone display, the icon.
  static func manifest(name: String, language: String) -> String {
    """
    {"name":"\(name)","short_name":"\(name)","lang":"\(language)","start_url":"/",\
    "scope":"/","display":"standalone","background_color":"#ffffff","theme_color":"#1565c0",\
    "icons":[{"src":"/static/icon.svg","sizes":"any","type":"image/svg+xml","purpose":"any"}]}
    """
  }

  /// The service worker at `/sw.js`, whose scope is the whole site.
  static let serviceWorker = """
    "use strict";
    var CACHE = "hannun-v1", KEPT = 24;
    var FILES = ["/static/hannun.css", "/static/hannun.js", "/static/icon.svg"];
    self.addEventListener("install", function (event) {
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
        .then(function () { return self.skipWaiting(); }));
    });
    self.addEventListener("activate", function (event) {
      event.waitUntil(self.clients.claim());
    });
    function freshKey() {
      var letters = "abcdefghjkmnpqrstvwxyz", all = "0123456789" + letters;
      var bytes = new Uint8Array(10), key = "";
      crypto.getRandomValues(bytes);
      for (var i = 0; i < 10; i++) {
        key += i === 0 ? letters[bytes[i] % letters.length] : all[bytes[i] % 32];
      }
      return key;
    }
    function monthKey(url) {
      var match = /^\\/month\\/(\\d{4}-\\d{2})/.exec(url.pathname);
      return match ? "/month/" + match[1] : null;
    }
    function keep(request, url, copy) {
      return caches.open(CACHE).then(function (cache) {
        var puts = [], month = monthKey(url);
        if (month) { puts.push(cache.put(month, copy.clone())); }
        if (url.pathname === "/") { puts.push(cache.put("/", copy.clone())); }
        puts.push(cache.put(request, copy));
        return Promise.all(puts).then(function () { return cache.keys(); })
          .then(function (keys) {
            var pages = keys.filter(function (key) {
              return FILES.indexOf(new URL(key.url).pathname) < 0;
            });
            return Promise.all(pages.slice(0, Math.max(0, pages.length - KEPT * 2))
              .map(function (key) { return cache.delete(key); }));
          });
      });
    }
    function kept(request, url) {
      return caches.open(CACHE).then(function (cache) {
        return cache.match(request, { ignoreVary: true }).then(function (hit) {
          return hit || (monthKey(url) && cache.match(monthKey(url))) || cache.match("/");
        });
      }).then(function (hit) {
        if (!hit) { return Response.error(); }
        return hit.text().then(function (html) {
          html = html.replace(/name="key" value="[^"]*"/g, function () {
            return 'name="key" value="' + freshKey() + '"';
          }).replace("<body ", "<body data-offline=\\"1\\" ");
          return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
        });
      });
    }
    self.addEventListener("fetch", function (event) {
      var request = event.request, url = new URL(request.url);
      if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
      if (FILES.indexOf(url.pathname) >= 0) {
        event.respondWith(fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        }).catch(function () { return caches.match(request); }));
        return;
      }
      if (url.pathname !== "/" && !monthKey(url)) { return; }
      event.respondWith(fetch(request).then(function (response) {
        if (response.ok && !response.redirected) {
          event.waitUntil(keep(request, url, response.clone()));
        }
        return response;
      }).catch(function () { return kept(request, url); }));
    });
    """
}
