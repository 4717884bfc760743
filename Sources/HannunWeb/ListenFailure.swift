import HannunPresentation
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension WebServeProblem {
  /// What `error`, thrown as the server began to listen on `address`, tells the user: why it
  /// could not (the port in use, a port that needs more rights, an address of another machine,
  /// a host name unknown), with an address to give instead; `nil` for any other error.
  /// - Parameters:
  ///   - address: The address asked for.
  ///   - error: What starting the server threw.
  /// - Returns: ``cannotListen(_:_:instead:)``, or `nil`.
  public static func listening(at address: ListenAddress, failedWith error: any Error)
    -> WebServeProblem?
  {
    let problem: ListenProblem
    switch error {
    case let failure as IOError:
      switch failure.errnoCode {
      case EADDRINUSE: problem = .inUse
      case EACCES, EPERM: problem = .notPermitted
      case EADDRNOTAVAIL: problem = .notThisMachine
      default: return nil
      }
    case is SocketAddressError.UnknownHost: problem = .unknownHost
    default: return nil
    }
    let instead =
      switch problem {
      case .inUse: ListenAddress(host: address.host, port: address.port % 65_535 + 1)
      case .notPermitted: ListenAddress(host: address.host, port: 8080)
      case .notThisMachine: ListenAddress(host: "0.0.0.0", port: address.port)
      case .unknownHost: ListenAddress(host: "127.0.0.1", port: address.port)
      }
    return .cannotListen(address, problem, instead: "\(instead)")
  }
}
