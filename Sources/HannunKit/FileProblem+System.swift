import HannunData
import HannunDomain

extension FileProblem {
  /// What a frontend's own system call that failed with the error number `code` (an `errno`
  /// value: an export's output file) is, kinded as the file store kinds its own
  /// (``FileProblem/system(_:systemText:)``), so that the catalogues say it the same way.
  /// - Parameter code: The error number.
  /// - Returns: The problem.
  public static func failedSystemCall(errno code: Int32) -> FileProblem {
    .system(errno: code)
  }
}
