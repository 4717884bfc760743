import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The connections `hannun serve` holds open, kept within a total and a number per client
/// address.
///
/// A connection beyond a bound is accepted and then makes room: the one of the same client (or,
/// for the total, of anyone) that has waited longest without a request is closed — else the
/// longest-open event stream, which the browser's script reopens by itself — and only when every
/// connection is answering a request is the new one closed instead. So idle connections, however
/// many are opened, never keep a real request from being answered, and the server never waits
/// for descriptors: the total stays well under the process's limit, which the ledger's files and
/// the runtime need too. (Out of descriptors, libdispatch's worker monitor cannot open
/// `/proc/…/stat` and stops the process with SIGILL; NIO's accept would stall.)
final class ConnectionBook: @unchecked Sendable {
  /// The bounds.
  struct Limits: Sendable, Equatable {
    /// Connections open at once, in all.
    var total: Int
    /// Connections open at once from one client address.
    var perClient: Int
  }

  /// What a connection is doing, which decides whether it may be closed to make room.
  enum State: Sendable {
    /// Waiting for a request (or for the rest of its head): closed first.
    case idle
    /// Streaming `/events`: closed next; the page reconnects.
    case streaming
    /// Reading a request or writing its answer: never closed to make room.
    case busy
  }

  private struct Entry {
    let client: String
    var state: State
    var touched: UInt64
    let close: @Sendable () -> Void
  }

  /// The bounds it keeps.
  let limits: Limits
  private let lock = NSLock()
  private var entries: [UInt64: Entry] = [:]
  private var perClient: [String: Int] = [:]
  private var counter: UInt64 = 0

  /// A book keeping `limits`.
  init(limits: Limits) {
    self.limits = limits
  }

  /// The bounds for a server asked for at most `total` connections and `perClient` from one
  /// address, under the process's descriptor limit `descriptors`: a quarter of the limit (at
  /// least 64) is kept for everything else, and at least 8 connections are allowed.
  static func limits(total: Int, perClient: Int, descriptors: Int) -> Limits {
    let reserve = max(64, descriptors / 4)
    let allowed = max(8, min(total, descriptors - reserve))
    return Limits(total: allowed, perClient: max(1, min(perClient, allowed)))
  }

  /// The soft limit on this process's open descriptors (`ulimit -n`).
  static var descriptorLimit: Int {
    var limit = rlimit()
    #if canImport(Glibc)
      let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    #else
      let status = getrlimit(RLIMIT_NOFILE, &limit)
    #endif
    // RLIM_INFINITY is all ones, past any Int: clamped to Int.max like any other huge limit.
    guard status == 0 else { return Int(Int32.max) }
    return Int(clamping: limit.rlim_cur)
  }

  /// How many connections are open.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// Takes in a connection from `client`, closing another to make room when a bound is reached.
  /// - Parameters:
  ///   - client: The client's address.
  ///   - close: Closes the connection (from any thread).
  /// - Returns: The connection's number, or `nil` when no room could be made: the caller closes
  ///   it.
  func open(client: String, close: @escaping @Sendable () -> Void) -> UInt64? {
    var closing: [@Sendable () -> Void] = []
    defer { for close in closing { close() } }
    lock.lock()
    defer { lock.unlock() }
    if perClient[client, default: 0] >= limits.perClient {
      guard let victim = victim(where: { $0.client == client }) else { return nil }
      if let close = remove(victim) { closing.append(close) }
    }
    if entries.count >= limits.total {
      guard let victim = victim(where: { _ in true }) else { return nil }
      if let close = remove(victim) { closing.append(close) }
    }
    counter += 1
    entries[counter] = Entry(client: client, state: .idle, touched: counter, close: close)
    perClient[client, default: 0] += 1
    return counter
  }

  /// Notes what connection `id` is doing now.
  func update(_ id: UInt64, _ state: State) {
    lock.lock()
    defer { lock.unlock() }
    guard entries[id] != nil else { return }
    counter += 1
    entries[id]?.state = state
    entries[id]?.touched = counter
  }

  /// Forgets connection `id`, which has closed.
  func closed(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    _ = remove(id)
  }

  /// The connection to close for room among those `matching`: the idle one untouched longest,
  /// else the stream open longest, else none.
  private func victim(where matching: (Entry) -> Bool) -> UInt64? {
    for state in [State.idle, .streaming] {
      let oldest = entries.filter { $0.value.state == state && matching($0.value) }
        .min { $0.value.touched < $1.value.touched }
      if let oldest { return oldest.key }
    }
    return nil
  }

  /// Removes an entry; its close.
  private func remove(_ id: UInt64) -> (@Sendable () -> Void)? {
    guard let entry = entries.removeValue(forKey: id) else { return nil }
    let left = perClient[entry.client, default: 1] - 1
    perClient[entry.client] = left > 0 ? left : nil
    return entry.close
  }
}

/// Watches one connection for the ``ConnectionBook`` and closes it when it is too slow: no
/// complete request head within `idle` of opening or of its last answer (an idle connection,
/// or one sending its head slowly), or a request body not complete within `request` of its head.
/// The time the server takes to answer is not limited.
final class ConnectionWatch: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// How long a connection may take.
  struct Timeouts: Sendable {
    /// From opening, or from the end of an answer, to a complete request head.
    var idle: TimeAmount
    /// From a request's head to the end of its body.
    var request: TimeAmount
  }

  private let book: ConnectionBook
  private let timeouts: Timeouts
  private var id: UInt64?
  private var started = false
  private var timer: Scheduled<Void>?
  /// Requests whose answer has not ended.
  private var pending = 0

  init(book: ConnectionBook, timeouts: Timeouts) {
    self.book = book
    self.timeouts = timeouts
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    finish()
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    finish()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      pending += 1
      let stream = head.path?.hasPrefix("/events") == true
      if let id { book.update(id, stream ? .streaming : .busy) }
      arm(context, timeouts.request)
    case .body:
      break
    case .end:
      timer?.cancel()
      timer = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) {
      pending = max(0, pending - 1)
      if pending == 0 {
        if let id { book.update(id, .idle) }
        arm(context, timeouts.idle)
      }
    }
    context.write(data, promise: promise)
  }

  private func start(_ context: ChannelHandlerContext) {
    guard !started else { return }
    started = true
    let channel = context.channel
    let client = channel.remoteAddress?.ipAddress ?? "unknown"
    guard let id = book.open(client: client, close: { channel.close(promise: nil) }) else {
      context.close(promise: nil)
      return
    }
    self.id = id
    arm(context, timeouts.idle)
  }

  private func arm(_ context: ChannelHandlerContext, _ after: TimeAmount) {
    timer?.cancel()
    let channel = context.channel
    timer = context.eventLoop.scheduleTask(in: after) { channel.close(promise: nil) }
  }

  private func finish() {
    timer?.cancel()
    timer = nil
    if let id { book.closed(id) }
    id = nil
  }
}
