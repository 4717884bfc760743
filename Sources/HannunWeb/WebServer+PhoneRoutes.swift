import HTTPTypes
import Hummingbird

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
  }
}
