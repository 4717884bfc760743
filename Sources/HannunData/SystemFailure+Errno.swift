import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemFailure {
  /// The kind of the error number `code` (an `errno` value): the one place the C library's
  /// constants become values the catalogues name.
  package init(errno code: Int32) {
    self =
      switch code {
      case ENOENT: .notFound
      case EIO: .inputOutput
      case EACCES, EPERM: .permissionDenied
      case EEXIST: .alreadyExists
      case ENOTDIR: .notAFolder
      case EISDIR: .isAFolder
      case EMFILE: .tooManyOpenFiles
      case ENOSPC: .diskFull
      case EROFS: .readOnly
      case ENAMETOOLONG: .nameTooLong
      case EDQUOT: .quotaExceeded
      default: .other(code: code)
      }
  }

  /// An error number of this kind (`EACCES` for ``permissionDenied``), as the index's catalog
  /// keeps it.
  package var code: Int32 {
    switch self {
    case .notFound: ENOENT
    case .inputOutput: EIO
    case .permissionDenied: EACCES
    case .alreadyExists: EEXIST
    case .notAFolder: ENOTDIR
    case .isAFolder: EISDIR
    case .tooManyOpenFiles: EMFILE
    case .diskFull: ENOSPC
    case .readOnly: EROFS
    case .nameTooLong: ENAMETOOLONG
    case .quotaExceeded: EDQUOT
    case .other(let code): code
    }
  }
}

extension FileProblem {
  /// ``system(_:systemText:)`` of a failed call's error number `code`: its kind and the
  /// system's words for it.
  package static func system(errno code: Int32) -> FileProblem {
    .system(SystemFailure(errno: code), systemText: POSIXFiles.errorText(code))
  }

  /// The problem of creating, renaming or removing a file in `folders` (the destination's folder first,
  /// then a rename's source folder) that failed with the error number `code`: when it is a
  /// permission failure (`EACCES`, `EPERM`) and one of `folders` does not let this user write in
  /// it, ``folderNotWritable(folder:_:systemText:)`` naming that folder; else
  /// ``system(errno:)``.
  /// - Parameter writable: Whether this user may create, rename and remove files in a folder; the
  ///   system's `access(W_OK | X_OK)` unless a test gives its own.
  package static func system(
    errno code: Int32, changingIn folders: [String],
    writable: (String) -> Bool = POSIXFiles.letsUserWrite
  ) -> FileProblem {
    let failure = SystemFailure(errno: code)
    guard failure == .permissionDenied, let folder = folders.first(where: { !writable($0) })
    else { return .system(errno: code) }
    return .folderNotWritable(
      folder: folder, failure, systemText: POSIXFiles.errorText(code))
  }

  /// Whether this is ``folderNotWritable(folder:_:systemText:)``.
  package var isFolderNotWritable: Bool {
    if case .folderNotWritable = self { true } else { false }
  }

  /// ``cannotCreateTemporary(_:systemText:)`` of the error number `code`.
  package static func cannotCreateTemporary(errno code: Int32) -> FileProblem {
    .cannotCreateTemporary(SystemFailure(errno: code), systemText: POSIXFiles.errorText(code))
  }

  /// ``cannotLock(_:systemText:)`` of the error number `code`.
  package static func cannotLock(errno code: Int32) -> FileProblem {
    .cannotLock(SystemFailure(errno: code), systemText: POSIXFiles.errorText(code))
  }

  /// ``cannotFlush(_:systemText:)`` of the error number `code`.
  package static func cannotFlush(errno code: Int32) -> FileProblem {
    .cannotFlush(SystemFailure(errno: code), systemText: POSIXFiles.errorText(code))
  }
}

extension POSIXFiles {
  /// Whether this user may create, rename and remove files in the folder at `path`
  /// (`access(W_OK | X_OK)`).
  package static func letsUserWrite(_ path: String) -> Bool {
    access(path, W_OK | X_OK) == 0
  }
}

extension LocalDateTime {
  /// `instant` on this machine's clock: the C library's `localtime_r`, which reads the zone as
  /// `TimeZone.current` does (`TZ`, else `/etc/localtime`) without setting up ICU; `nil` when
  /// the year does not fit its `tm`.
  package init?(systemTimeOf instant: Date) {
    let seconds = instant.timeIntervalSince1970.rounded(.down)
    guard seconds > -1e17, seconds < 1e17 else { return nil }
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    self.init(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
  }
}
