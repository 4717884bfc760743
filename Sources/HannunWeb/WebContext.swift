import Hummingbird

/// Hummingbird's request context with the address the request came from, which the sign-in's
/// rate limit counts by.
struct WebContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The client's IP address, or `nil` when there is none (a request made in process by tests).
  let clientAddress: String?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    clientAddress = source.channel.remoteAddress?.ipAddress
  }
}
