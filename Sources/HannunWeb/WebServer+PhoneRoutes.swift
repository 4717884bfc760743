import HTTPTypes
import Hummingbird
import NIOCore

extension WebServer {
  /// The routes that make the web a phone's: pairing with the one-time code, and the web app
  /// manifest and service worker that make it installable and usable offline.
  func addPhoneRoutes(to router: Router<WebContext>) {
    let ledger = self.ledger
    let limit = configuration.bodyLimit
    let pairing = self.pairing
    let onPaired = configuration.onPaired

    router.get("/pair") { request, _ in
      let web = WebRequest(request)
      return Self.response(
        await ledger.pairPage(web, code: web.query["code"], error: nil))
    }
    router.post("/pair") { request, context in
      var request = request
      let body = try await request.collectBody(upTo: limit)
      var web = WebRequest(request)
      web.form = FormBody(String(buffer: body))
      web.client = context.clientAddress
      let form = web
      let (reply, paired) = await MainActor.run { ledger.pair(form, codes: pairing) }
      if let paired { onPaired?(paired) }
      return Self.response(reply)
    }
    router.get("/manifest.webmanifest") { request, _ in
      var ignored: [String] = []
      let language = await MainActor.run {
        ledger.language(of: WebRequest(request), cookies: &ignored)
      }
      return Self.file(
        OfflineAssets.manifest(
          name: WebText(language: language).appName, language: language.rawValue),
        type: "application/manifest+json", cache: "no-cache")
    }
    router.get("/sw.js") { _, _ in
      Self.file(
        OfflineAssets.serviceWorker, type: "text/javascript; charset=utf-8", cache: "no-cache")
    }
    // The ledger's categories, most used first: the add form's suggestions.
    router.get("/categories.json") { request, _ in
      let web = WebRequest(request)
      guard let access = await MainActor.run(body: { ledger.access(web) }) else {
        return Response(status: .unauthorized)
      }
      return Self.file(
        await ledger.categoriesJSON(access: access), type: "application/json", cache: "no-store")
    }
    // What the page's script asks before sending a form: whether the server can be reached.
    router.get("/ping") { _, _ in
      Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
  }

  private static func file(_ text: String, type: String, cache: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: type, .cacheControl: cache],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
