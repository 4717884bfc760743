import Foundation
import HTTPTypes
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

/// A clock the tests move by hand.
final class MovingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var offset = Duration.zero
  private let start = ContinuousClock.now

  /// The time now.
  var now: ContinuousClock.Instant {
    lock.lock()
    defer { lock.unlock() }
    return start + offset
  }

  /// Moves the clock on.
  func advance(_ duration: Duration) {
    lock.lock()
    offset += duration
    lock.unlock()
  }
}

@Suite("Guessing the sign-in token")
struct SignInLimitTests {
  static let token = String(repeating: "ab", count: 32)

  @Test("after five wrong tokens each try waits, 429 with Retry-After, the token not compared")
  func backOff() async throws {
    let clock = MovingClock()
    let harness = await WebHarness(
      listen: ListenAddress(host: "0.0.0.0", port: 8080), token: Self.token,
      now: { clock.now })
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/signin")
      for _ in 1...5 {
        #expect(
          try await browser.post(client, "/signin", ["token": "guess"]).status == .unauthorized)
      }
      let sixth = try await browser.post(client, "/signin", ["token": "guess"])
      #expect(sixth.status == .tooManyRequests)
      #expect(sixth.headers[.retryAfter] == "1")
      #expect(
        sixth.text.errorText == "Too many wrong tokens from this address; try again in 1 second")
      // Even the right token is not compared while the client waits.
      let early = try await browser.post(client, "/signin", ["token": Self.token])
      #expect(early.status == .tooManyRequests)
      #expect(browser.cookies["hannun_session"] == nil)
      clock.advance(.seconds(1))
      let seventh = try await browser.post(client, "/signin", ["token": "guess"])
      #expect(seventh.status == .tooManyRequests)
      #expect(seventh.headers[.retryAfter] == "2")
      clock.advance(.seconds(2))
      let right = try await browser.post(client, "/signin", ["token": Self.token])
      #expect(right.status == .seeOther)
      #expect(browser.cookies["hannun_session"] != nil)
      // A right token forgets the count.
      #expect(try await browser.post(client, "/signin", ["token": "guess"]).status == .unauthorized)
    }
  }

  @Test("each client waits for its own wrong tokens; the wait doubles up to 15 minutes")
  @MainActor
  func perClient() {
    let clock = MovingClock()
    var limiter = SignInLimiter(now: { clock.now })
    for _ in 1...5 { limiter.failed("10.0.0.2") }
    #expect(limiter.wait(for: "10.0.0.2") == nil)
    var waits: [Int] = []
    for _ in 1...14 {
      limiter.failed("10.0.0.2")
      waits.append(limiter.wait(for: "10.0.0.2")?.wholeSecondsUp ?? 0)
    }
    #expect(waits == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900])
    #expect(limiter.wait(for: "10.0.0.3") == nil)
    clock.advance(.seconds(899))
    #expect(limiter.wait(for: "10.0.0.2") == .seconds(1))
    clock.advance(.seconds(1))
    #expect(limiter.wait(for: "10.0.0.2") == nil)
    limiter.succeeded("10.0.0.2")
    limiter.failed("10.0.0.2")
    #expect(limiter.wait(for: "10.0.0.2") == nil)
  }
}
