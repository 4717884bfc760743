import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file store hands Presentation typed values for what it reads from the C library — the
/// kind of a failed call (``SystemFailure``) and the lock holder's local time
/// (``LocalDateTime``) — so that the catalogues need no `errno` constant and no `localtime_r`.
@Suite("The system's failures and clock, as values")
struct SystemFailureTests {
  /// Every error number the catalogues name, its kind, and the Korean words they say for it.
  static let named: [(Int32, SystemFailure, String)] = [
    (ENOENT, .notFound, "파일이나 폴더가 없습니다"), (EIO, .inputOutput, "입출력 오류입니다"),
    (EACCES, .permissionDenied, "권한이 없습니다"), (EPERM, .permissionDenied, "권한이 없습니다"),
    (EEXIST, .alreadyExists, "이미 있습니다"), (ENOTDIR, .notAFolder, "폴더가 아닙니다"),
    (EISDIR, .isAFolder, "폴더입니다"), (EMFILE, .tooManyOpenFiles, "열린 파일이 너무 많습니다"),
    (ENOSPC, .diskFull, "디스크 공간이 부족합니다"), (EROFS, .readOnly, "읽기 전용 파일 시스템입니다"),
    (ENAMETOOLONG, .nameTooLong, "이름이 너무 깁니다"), (EDQUOT, .quotaExceeded, "디스크 할당량을 넘었습니다"),
  ]

  @Test("each error number the catalogues name has its kind, and Korean says it in its words")
  func namedNumbers() {
    for (code, kind, words) in Self.named {
      let problem = FileProblem.system(errno: code)
      let text = String(cString: strerror(code))
      #expect(problem == .system(kind, systemText: text), "errno \(code)")
      #expect(KoreanMessages().describe(problem) == words, "errno \(code)")
      #expect(EnglishMessages().describe(problem) == text, "errno \(code)")
      #expect(
        KoreanMessages().describe(FileProblem.cannotLock(errno: code))
          == "가계부를 잠글 수 없습니다 (\(words))")
      #expect(
        EnglishMessages().describe(FileProblem.cannotFlush(errno: code))
          == "cannot flush to disk: \(text)")
    }
  }

  @Test("another error number keeps its number and the system's words, in both languages")
  func otherNumbers() {
    for code in [EINVAL, EOVERFLOW, ENOMEM, EXDEV, ELOOP] {
      let problem = FileProblem.system(errno: code)
      let text = String(cString: strerror(code))
      #expect(problem == .system(.other(code: code), systemText: text))
      #expect(KoreanMessages().describe(problem) == text)
      #expect(EnglishMessages().describe(problem) == text)
      #expect(
        KoreanMessages().describe(FileProblem.cannotCreateTemporary(errno: code))
          == "임시 파일을 만들 수 없습니다 (\(text))")
    }
  }

  @Test("a file that is not there is told as not found, in Korean in its words")
  func missingFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-missing-\(UUID().uuidString)").path
    do {
      try POSIXFiles.rename(path, over: path + ".moved")
      Issue.record("a missing file was renamed")
    } catch {
      guard case .unwritableFile(_, .system(let kind, _)) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(kind == .notFound)
      #expect(KoreanMessages().describe(error).contains("파일이나 폴더가 없습니다"))
    }
  }

  @Test("the lock holder's local time is the one DateFormatter gives, across years and zones")
  func clockTimeAsFormatter() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    // Every 61 hours and 17.9 seconds from 1970 to 2040: every hour of the day, every month.
    for seconds in stride(from: 0.0, to: 2_208_988_800, by: 61 * 3600 + 17.9) {
      let since = Date(timeIntervalSince1970: seconds)
      let problem = FileProblem.lockHeld(
        by: LockHolder(
          processID: 7, command: "hannun add", since: since,
          clockTime: LocalDateTime(systemTimeOf: since)),
        waitedMilliseconds: 1000)
      let expected = formatter.string(from: since)
      let english = EnglishMessages().describe(problem)
      let korean = KoreanMessages().describe(problem)
      #expect(english.contains("since \(expected);"), "\(english)")
      #expect(korean.contains(expected), "\(korean)")
    }
  }

  @Test("a holder whose local time cannot be read is said with a question mark")
  func unreadableClockTime() {
    let problem = FileProblem.lockHeld(
      by: LockHolder(
        processID: 7, command: "hannun add", since: Date(timeIntervalSince1970: 1e18),
        clockTime: LocalDateTime(systemTimeOf: Date(timeIntervalSince1970: 1e18))),
      waitedMilliseconds: 1000)
    #expect(EnglishMessages().describe(problem).contains("since ?;"))
    #expect(KoreanMessages().describe(problem).contains("?부터"))
  }

  @Test("a change a folder refuses names that folder, and says to give its permission back")
  func folderNotWritable() {
    let year = "/data/ledger/2025"
    let pending = "/data/ledger/pending"
    let text = String(cString: strerror(EACCES))
    // A rename from pending/ into the year folder, whose write permission was taken away.
    let refused = FileProblem.system(
      errno: EACCES, changingIn: [year, pending], writable: { $0 != year })
    #expect(refused == .folderNotWritable(folder: year, .permissionDenied, systemText: text))
    // The source's folder, when it is the one that refuses.
    #expect(
      FileProblem.system(errno: EPERM, changingIn: [year, pending], writable: { $0 != pending })
        == .folderNotWritable(
          folder: pending, .permissionDenied, systemText: String(cString: strerror(EPERM))))
    // Both folders writable (an ACL, a security module): the system's words, no folder guessed.
    #expect(
      FileProblem.system(errno: EACCES, changingIn: [year, pending], writable: { _ in true })
        == .system(errno: EACCES))
    // Another failure is not a folder's permission, even in a folder that is not writable.
    #expect(
      FileProblem.system(errno: ENOSPC, changingIn: [year], writable: { _ in false })
        == .system(errno: ENOSPC))

    let error = LedgerError.unwritableFile(path: "\(year)/2025-03.json", reason: refused)
    #expect(
      EnglishMessages().describe(error)
        == "cannot write \(year)/2025-03.json: the folder \(year) does not let Hannun create, "
        + "rename or remove files in it (\(text)); give write permission back to that folder, for "
        + "example with chmod u+w \(year); nothing was changed")
    #expect(
      KoreanMessages().describe(error)
        == "\(year)/2025-03.json에 쓸 수 없습니다: \(year) 폴더에서 파일을 만들거나 이름을 바꾸거나 "
        + "지울 권한이 없습니다 (권한이 없습니다). 그 폴더에 쓰기 권한을 돌려주세요. 예: chmod u+w \(year). "
        + "바뀐 것은 없습니다")
    // A folder a shell would split is quoted, so the command can be copied as it is.
    let spaced = FileProblem.folderNotWritable(
      folder: "/home/me/My Ledger/2025", .permissionDenied, systemText: text)
    #expect(EnglishMessages().describe(spaced).hasSuffix("chmod u+w '/home/me/My Ledger/2025'"))
    #expect(KoreanMessages().describe(spaced).hasSuffix("chmod u+w '/home/me/My Ledger/2025'"))
  }

  @Test("a folder the user may write in is told as writable, a missing one as not")
  func writableFolder() throws {
    let folder = try TemporaryFolder()
    #expect(POSIXFiles.letsUserWrite(folder.url.path))
    #expect(!POSIXFiles.letsUserWrite(folder.url.path + "/missing"))
  }
}
