import HannunPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `hannun serve` listens: `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` for loopback.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
  /// The host or address, without brackets.
  public let host: String
  /// The TCP port; 0 lets the system choose one.
  public let port: Int

  /// The default, `127.0.0.1:8080`.
  public static let standard = ListenAddress(host: "127.0.0.1", port: 8080)

  /// An address from its parts.
  /// - Parameters:
  ///   - host: A host name or address.
  ///   - port: The port.
  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Reads `--listen`'s value.
  /// - Parameter text: `127.0.0.1:8080`, `0.0.0.0:8080`, `[::1]:8080`, `localhost:80`.
  /// - Throws: ``WebServeProblem/badListenAddress(_:)`` when there is no host or no port from 0
  ///   to 65535.
  public init(_ text: String) throws(WebServeProblem) {
    let host: Substring
    let portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:") else {
        throw .badListenAddress(text)
      }
      host = text[text.index(after: text.startIndex)..<close]
      portText = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
        throw .badListenAddress(text)
      }
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }),
      !portText.isEmpty, portText.allSatisfy(\.isASCII), let port = Int(portText),
      (0...65535).contains(port)
    else { throw .badListenAddress(text) }
    self.init(host: String(host), port: port)
  }

  /// Whether only this machine can connect: `127.x.x.x`, `::1` or `localhost`.
  public var isLoopback: Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// `HOST:PORT`, with brackets around an IPv6 address.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// The addresses another device on the network can open, on `port`: for the wildcard
  /// (`0.0.0.0`, or `::` with IPv6 too) the machine's own interface addresses — not loopback's,
  /// not IPv6 link-local ones, which a browser cannot open by address alone — and otherwise the
  /// address itself. Loopback's address when the machine has no other.
  /// - Parameters:
  ///   - port: The bound port (the one the system chose for port 0).
  ///   - interfaces: The interface addresses to choose from; the machine's by default.
  public func reachable(
    port: Int, interfaces: [String] = ListenAddress.interfaceAddresses()
  ) -> [ListenAddress] {
    let ipv6 = host == "::"
    guard host == "0.0.0.0" || ipv6 else { return [ListenAddress(host: host, port: port)] }
    let found = interfaces.filter { address in
      if address.contains(":") {
        let lower = address.lowercased()
        return ipv6 && lower != "::1" && !lower.hasPrefix("fe80:")
      }
      return !address.hasPrefix("127.")
    }
    let hosts = found.isEmpty ? [ipv6 ? "::1" : "127.0.0.1"] : found
    return hosts.map { ListenAddress(host: $0, port: port) }
  }

  /// The addresses of this machine's network interfaces that are up, IPv4 first, as text.
  public static func interfaceAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0, let first else { return [] }
    defer { freeifaddrs(first) }
    var four: [String] = []
    var six: [String] = []
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr,
        entry.pointee.ifa_flags & UInt32(IFF_UP) != 0
      else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(
        family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
      guard
        getnameinfo(
          address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
      else { continue }
      let text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if family == AF_INET { four.append(text) } else { six.append(text) }
    }
    return four + six
  }
}

/// Why `hannun serve` could not start, as a value the app says in the user's language.
public enum WebServeProblem: Error, Hashable, Sendable {
  /// `--listen` is not `HOST:PORT`.
  case badListenAddress(String)
  /// The token file cannot be read, or holds no token.
  case unreadableTokenFile(path: String, reason: String)
  /// The token file could not be written.
  case cannotWriteTokenFile(path: String, reason: String)
  /// The token file may be read or changed by others than its owner (`mode` is its
  /// permission bits).
  case tokenFileNotPrivate(path: String, mode: Int)
  /// The token takes fewer than ``ServeToken/minimumBits`` bits of guessing (about `bits`).
  case weakToken(path: String, bits: Int)
  /// The server could not listen on the address: why, and an address to give instead.
  case cannotListen(ListenAddress, ListenProblem, instead: String)
}

extension WebServeProblem: LocalizedMessage {
  /// The problem in the user's language.
  /// - Parameter catalog: The catalogue of the user's language.
  /// - Returns: One sentence.
  public func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .badListenAddress(let text): .serveBadListenAddress(text)
      case .unreadableTokenFile(let path, let reason):
        .serveUnreadableTokenFile(path, reason: reason)
      case .cannotWriteTokenFile(let path, let reason):
        .serveCannotWriteTokenFile(path, reason: reason)
      case .tokenFileNotPrivate(let path, let mode):
        .serveTokenFileNotPrivate(path, mode: Self.octal(mode))
      case .weakToken(let path, let bits):
        .serveWeakToken(path, bits: bits, minimum: ServeToken.minimumBits)
      case .cannotListen(let address, let problem, let instead):
        .serveCannotListen("\(address)", reason: problem, instead: instead)
      }
    return catalog.language.commandLine.describe(refusal)
  }

  /// Permission bits as `chmod` writes them: `0644`.
  private static func octal(_ mode: Int) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
