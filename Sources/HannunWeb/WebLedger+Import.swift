import Foundation
import HTTPTypes
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunKit
import HannunPresentation
import Hummingbird

/// Import on the web: a file uploaded (a CSV statement, an hledger/ledger journal, or a Hannun
/// backup), read and checked exactly as `hannun import` reads it (``ImportRequest``,
/// ``BackupReader``), shown as the core's dry-run preview (``ImportPreviewViewModel``, opened by
/// ``AppCoordinator/showImportPreview(_:refused:rereadingBudgets:)``), and imported on confirm,
/// once (the confirm form's idempotency key), with the budget notices and the new-ledger notice
/// the core gives on the page after it.
extension WebLedger {
  /// `GET /import`: the upload form.
  func importPage(
    _ request: WebRequest? = nil, access: Access, alerts: [String] = [], status: Int = 200,
    typed: ImportUpload? = nil
  ) -> WebReply {
    let page = ImportPage(frame: frame(access, request, alerts: alerts))
    return reply(
      page.uploadForm(mappings: typed?.mappings ?? "", category: typed?.category ?? ""), access,
      status: status)
  }

  /// `POST /import` (multipart): reads the uploaded file and shows what importing it would do;
  /// nothing is written. A file refused shows the upload form again with the reason.
  func previewImport(_ upload: ImportUpload, access: Access) async -> WebReply {
    let language = access.language
    let messages = self.messages(access)
    guard upload.size > 0 || !upload.name.isEmpty else {
      return importPage(access: access, alerts: [language.web.importNoFile], status: 422)
    }
    let format = upload.format.lowercased()
    guard ["", "csv", "journal", "json"].contains(format) else {
      return importPage(
        access: access, alerts: [ImportProblem.unknownFormat(upload.format).text(in: messages)],
        status: 422)
    }
    if format == "json"
      || (format.isEmpty && upload.file.map { BackupReader.isBackupFile(atPath: $0.path) } == true)
    {
      return await previewBackup(upload, access)
    }
    let rows: ImportRows
    let skipped: [SkippedTransaction]
    do {
      (rows, skipped) = try upload.read(
        format: ImportFormat(rawValue: format), currency: currency, today: clock.today,
        language: language)
    } catch {
      return importPage(
        access: access, alerts: [error.text(in: messages)], status: 422, typed: upload)
    }
    // The device's import preview route: its confirm is one undo step of this browser.
    let coordinator = device(access).coordinator
    let preview: ImportPreviewViewModel
    do {
      preview = try await coordinator.showImportPreview(
        consume rows,
        refused: skipped.map {
          ImportRefusal(line: $0.line, text: $0.text, reason: $0.reason)
        })
    } catch {
      return importPage(
        access: access, alerts: [messages.describe(AppError(error))], status: 409)
    }
    let token = imports.keep(
      PendingImport(
        owner: access.undoKey, name: upload.name,
        kind: .entries(preview, coordinator, skipped)))
    return previewReply(token, access)
  }

  /// A backup's preview: `hannun import --dry-run`'s question asked by the core
  /// (``LedgerRestorer``): the upload read and checked whole, its entries counted, refused
  /// unless the ledger is empty and — when it exists — in the backup's currency; a ledger not
  /// created yet takes the backup's currency, as with `hannun import`.
  private func previewBackup(_ upload: ImportUpload, _ access: Access) async -> WebReply {
    let file: UploadedFile
    let outline: BackupOutline
    do {
      file = try upload.saved()
      let name = upload.name
      outline = try await device(access).restorer.restore(dryRun: true) { check, sink in
        try file.readBackup(name: name, currency: check) { entry in try sink.add(entry) }
      }
    } catch {
      return backupRefused(error, access, fileStatus: 422)
    }
    let token = imports.keep(
      PendingImport(
        owner: access.undoKey, name: upload.name, kind: .backup(file, outline)))
    return previewReply(token, access)
  }

  /// The import page saying why a backup was not read or restored: its file unreadable or not a
  /// backup (`fileStatus`: 422 for an upload, 409 at its confirm), the ledger refusing it (409),
  /// or anything else.
  private func backupRefused(_ error: any Error, _ access: Access, fileStatus: Int) -> WebReply {
    let messages = self.messages(access)
    let (alert, status) =
      switch error {
      case let error as ImportProblem: (error.text(in: messages), fileStatus)
      case let error as BackupReadError:
        (BackupFailure.unreadable(error).text(in: messages), fileStatus)
      case let error as BackupError: (BackupFailure.refused(error).text(in: messages), 409)
      default: (messages.describe(AppError(error)), 409)
      }
    return importPage(access: access, alerts: [alert], status: status)
  }

  /// The preview page of the import `token` names.
  private func previewReply(
    _ token: String, _ access: Access, alerts: [String] = [], status: Int = 200
  ) -> WebReply {
    guard let pending = imports.pending(token, owner: access.undoKey) else {
      return importPage(access: access, alerts: [access.language.web.importGone], status: 409)
    }
    let page = ImportPage(frame: frame(access, alerts: alerts))
    return reply(
      page.preview(pending, token: token, money: MoneyFormatter(currency: currency)), access,
      status: status)
  }

  /// `POST /import/confirm`: imports the previewed file in one write and one undo step of this
  /// browser (a backup: restores it whole), then the month page says what was added, warns of
  /// the budgets it took over, and — for the write that created the ledger — which currency it
  /// keeps. Sent again with the same key it answers the same (``once(_:_:_:)``); a preview no
  /// longer open writes nothing.
  func confirmImport(_ request: WebRequest, access: Access) async -> WebReply {
    let language = access.language
    let messages = self.messages(access)
    let token = request.form["preview"] ?? ""
    // Sent again after a stop between its write and its outcome: an entry with the key's id is
    // the import made (its first entry was given it), answered as it was to be.
    let key = IdempotencyKey.id(request.form["key"])
    if request.isRetry, let key, (try? await device(access).coordinator.storedEntry(key)) != nil,
      let made = await expected(request, access)
    {
      return made
    }
    guard let pending = imports.take(token, owner: access.undoKey) else {
      return importPage(access: access, alerts: [language.web.importGone], status: 409)
    }
    let money = MoneyFormatter(currency: currency)
    switch pending.kind {
    case .entries(let preview, _, let skipped):
      let added: ImportedEntries
      // The page it goes to: its first entry's (the first of its earliest month, as the write
      // adds them).
      let first = preview.additions.first?.day
      // What it answers once made, on the disk before it writes.
      if key != nil {
        expect(await expectedAnswer(preview, skipped, language), for: request, access)
      }
      do {
        added = try await IdempotencyKey.$first.withValue(key.map(IdempotencyKey.FirstID.init)) {
          try await preview.confirm()
        }
      } catch {
        imports.putBack(pending, token: token)
        return previewReply(
          token, access, alerts: [messages.describe(AppError(error))], status: 409)
      }
      owedNews[access.undoKey, default: []] += ImportOutcomeText(language: language).done(
        added: added.count, duplicates: added.skipped, skipped: skipped)
      let warnings = preview.notices.flatMap { $0.lines(in: language, money: money) }
      if !warnings.isEmpty { owedWarnings[access.undoKey, default: []] += warnings }
      await noteWrite(access)
      return seeOther(PageState.path(day: first ?? clock.today), access)
    case .backup(let file, let outline):
      // `hannun import`'s restore: the entries go to the store as they are read again.
      do {
        let name = pending.name
        _ = try await device(access).restorer.restore { check, sink in
          try file.readBackup(name: name, currency: check) { entry in try sink.add(entry) }
        }
      } catch {
        return backupRefused(error, access, fileStatus: 409)
      }
      owedNews[access.undoKey, default: []] += BackupRestoreText.summary(
        outline, dryRun: false, language: language
      ).split(separator: "\n").map(String.init)
      // A ledger not created before took the backup's currency: the pages go on in it.
      if outline.rest.currency != currency,
        let reopened = try? await devices.root.reopened(in: outline.rest.currency)
      {
        reopen(reopened)
      }
      await noteWrite(access)
      return seeOther(PageState.path(day: clock.today), access)
    }
  }
}

extension WebLedger {
  /// What a confirm of `preview` answers once made, as planned before it writes: the page of its
  /// first entry (the first of its earliest month, as the write adds them), the lines that say
  /// how many rows it adds and leaves out, and the budgets it takes over their limit
  /// (``ImportPreviewViewModel/plannedNotices()``). Kept before the write
  /// (``expect(_:for:_:witness:)``), it answers the confirm sent again after a stop that lost
  /// the write's own answer as the first answer did.
  fileprivate func expectedAnswer(
    _ preview: ImportPreviewViewModel, _ skipped: [SkippedTransaction], _ language: DisplayLanguage
  ) async -> WebReply {
    let additions = preview.additions
    let first = additions.first?.day
    var reply = WebReply.seeOther(PageState.path(day: first ?? clock.today))
    reply.news = ImportOutcomeText(language: language).done(
      added: additions.count, duplicates: preview.duplicates, skipped: skipped)
    let money = MoneyFormatter(currency: currency)
    reply.warnings = await preview.plannedNotices().flatMap { $0.lines(in: language, money: money) }
    return reply
  }
}

/// A file uploaded to `POST /import`, with the form's other fields.
struct ImportUpload: Sendable {
  /// The file's name as the browser gave it (ledger text: escaped wherever it is shown).
  var name = ""
  /// The file, written to an owner-only temporary folder as the body is split: `nil` without a
  /// file part, or when it could not be written (see ``saved()``).
  var file: UploadedFile?
  /// The file's size in bytes.
  var size = 0
  /// The format chosen: `csv`, `journal`, `json`, or empty to decide as `hannun import` does.
  var format = ""
  /// A statement's columns as typed: `FIELD=HEADER` pairs split by commas or lines (`--map`).
  var mappings = ""
  /// The category of rows without one as typed, empty for the default (`--category`).
  var category = ""
  /// The form's other fields (`csrf`, `key`).
  var fields = FormBody("")

  /// Why an upload was not taken.
  enum Refusal: Error {
    /// The body is not a multipart form, or is cut short.
    case notMultipart
    /// The body is longer than the limit.
    case tooLarge
  }

  /// The upload of a multipart body, split as it arrives (``MultipartStream``): its file part
  /// goes to an owner-only temporary file a piece at a time, so that no upload is ever whole in
  /// memory; the other fields are kept (each up to ``fieldLimit`` bytes).
  /// - Parameters:
  ///   - body: The request's body.
  ///   - contentType: The request's `Content-Type`.
  ///   - limit: The most bytes the body may have.
  /// - Throws: ``Refusal``, or what reading the body throws.
  static func receiving<Body: AsyncSequence>(
    _ body: Body, contentType: String, limit: Int
  ) async throws -> ImportUpload where Body.Element == ByteBuffer {
    guard var stream = MultipartStream(contentType: contentType) else {
      throw Refusal.notMultipart
    }
    var parts = Receiving()
    var received = 0
    for try await buffer in body {
      received += buffer.readableBytes
      guard received <= limit else { throw Refusal.tooLarge }
      let framed = try buffer.withUnsafeReadableBytes { raw in
        try stream.feed(raw) { event in try parts.take(event) }
      }
      guard framed else { throw Refusal.notMultipart }
    }
    guard stream.isComplete else { throw Refusal.notMultipart }
    return parts.finished()
  }

  /// The most bytes a field other than the file may have.
  static let fieldLimit = 64 << 10

  /// The upload as its parts arrive.
  private struct Receiving {
    var upload = ImportUpload()
    /// The current part's name.
    var name: String?
    /// The current field's bytes (not the file's).
    var field: [UInt8] = []
    /// Where the file part is being written, `nil` outside it (a write that failed is known to
    /// it: its ``UploadedFile/Writer/finish()`` gives no file).
    var writer: UploadedFile.Writer?
    var pairs: [String] = []

    mutating func take(_ event: MultipartStream.Event) throws {
      switch event {
      case .part(let name, let filename):
        endPart()
        self.name = name
        if name == "file" {
          upload.name = filename ?? ""
          upload.size = 0
          writer = UploadedFile.Writer(name: filename ?? "")
        }
      case .bytes(let bytes):
        if name == "file" {
          upload.size += bytes.count
          writer?.write(bytes)
        } else {
          guard field.count + bytes.count <= ImportUpload.fieldLimit else {
            throw Refusal.notMultipart
          }
          field.append(contentsOf: bytes)
        }
      }
    }

    /// Keeps the part that ends.
    mutating func endPart() {
      defer {
        name = nil
        field = []
      }
      guard let name else { return }
      let value = String(decoding: field, as: UTF8.self)
      switch name {
      case "file":
        // A file not written whole (a full disk) is no file: saved() says so.
        upload.file = writer?.finish()
        writer = nil
      case "format": upload.format = value
      case "map": upload.mappings = value
      case "category": upload.category = value
      case "": break
      default: pairs.append(ImportUpload.encoded(name) + "=" + ImportUpload.encoded(value))
      }
    }

    consuming func finished() -> ImportUpload {
      endPart()
      upload.fields = FormBody(pairs.joined(separator: "&"))
      return upload
    }
  }

  private init() {}

  fileprivate static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  /// The file, written to an owner-only temporary folder under its name's extension (which
  /// tells its format, as a file given to `hannun import` is told), so that it is read from
  /// there as `hannun import` reads a file, and kept there (not in memory) while a preview waits.
  /// - Throws: ``ImportProblem/cannotRead(_:_:)`` naming the upload when it cannot be written.
  func saved() throws(ImportProblem) -> UploadedFile {
    guard let file else { throw .cannotRead(name, .unreadable) }
    return file
  }

  /// The rows of the file, read and checked as `hannun import` reads a file: the same format
  /// detection (by the name's extension unless `format` says), the same size and line limits,
  /// encodings and row checks, from the file ``saved()`` writes, packed by month as they are
  /// read (``ImportRequest/readByMonth(currency:today:language:)``).
  /// - Throws: ``ImportProblem``, naming the uploaded file.
  func read(format: ImportFormat?, currency: Currency, today: Day, language: DisplayLanguage)
    throws(ImportProblem) -> (rows: ImportRows, skipped: [SkippedTransaction])
  {
    let file = try saved()
    do {
      let pairs = mappings.split(whereSeparator: { $0 == "," || $0.isNewline }).map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      let category = category.trimmingCharacters(in: .whitespaces)
      return try ImportRequest(
        path: file.path, format: format, mappings: pairs,
        category: category.isEmpty ? nil : category
      ).readByMonth(currency: currency, today: today, language: language)
    } catch {
      throw error.naming(name)
    }
  }
}

/// An uploaded file in an owner-only temporary folder of its own, removed with the last
/// reference to it: a preview keeps this instead of the file's bytes.
final class UploadedFile: Sendable {
  /// The file's path, ending in the uploaded name's extension.
  let path: String
  private let folder: String

  private init(path: String, folder: String) {
    self.path = path
    self.folder = folder
  }

  /// An upload being written, a piece at a time, to a new file in a new owner-only folder;
  /// one left unfinished (a body refused halfway) closes its file, and the folder goes with it.
  final class Writer {
    private let file: UploadedFile
    private var descriptor: Int32

    /// A new empty file for an upload named `name` (whose extension it keeps); `nil` when the
    /// folder or the file cannot be made.
    init?(name: String) {
      let manager = FileManager.default
      // The server's pid in the name: a server killed before it could remove the folder
      // leaves it to the next one to start (``UploadedFile/removeAbandoned(in:)``).
      let folder = manager.temporaryDirectory.appendingPathComponent(
        UploadedFile.folderPrefix + "\(getpid())-" + Secret.random().prefix(16),
        isDirectory: true)
      let extensionText = String(
        (name as NSString).pathExtension.lowercased().unicodeScalars.filter {
          ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }.prefix(12).map(Character.init))
      let path = folder.appendingPathComponent(
        extensionText.isEmpty ? "upload" : "upload." + extensionText
      ).path
      do {
        try manager.createDirectory(
          at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      } catch {
        return nil
      }
      // From here the folder is the file's: it goes with it.
      file = UploadedFile(path: path, folder: folder.path)
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return nil }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `bytes`; after a failure (a full disk) nothing more is written.
    func write(_ bytes: UnsafeRawBufferPointer) {
      var offset = 0
      while descriptor >= 0 && offset < bytes.count {
        let count = systemWrite(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          close(descriptor)
          descriptor = -1
          return
        }
        offset += count
      }
    }

    /// The file once written whole, or `nil` (and nothing left of it) when a write failed.
    func finish() -> UploadedFile? {
      guard descriptor >= 0 else { return nil }
      defer { descriptor = -1 }
      return close(descriptor) == 0 ? file : nil
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// The start of an upload folder's name, followed by the server's pid, `-` and a random part.
  static let folderPrefix = "hannun-upload-"

  /// Removes the upload folders that servers no longer running left in `folder` (killed before
  /// they could remove them): each of this user's, a real folder (not a link), named with the
  /// pid of a process that is gone. A running server's uploads, another user's and anything
  /// else are left alone.
  /// - Parameter folder: The temporary folder uploads are made in.
  static func removeAbandoned(in folder: String = FileManager.default.temporaryDirectory.path) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(folderPrefix) {
      let digits = name.dropFirst(folderPrefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = Int32(digits), pid > 0,
        name.dropFirst(folderPrefix.count + digits.count).first == "-",
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == getuid()
      else { continue }
      try? manager.removeItem(atPath: path)
    }
  }

  /// Reads the file as a backup, a piece at a time, as `hannun import` reads one
  /// (``BackupReader/read(_:currency:entries:)``).
  /// - Parameters:
  ///   - name: The uploaded file's name, for a problem reading it.
  ///   - currency: Called with the backup's currency before any entry.
  ///   - entries: Called with each entry, in the file's order.
  /// - Returns: The rest of the backup, and how many entries it held.
  /// - Throws: ``BackupReadError``, ``ImportProblem`` naming `name`, or what the calls throw.
  func readBackup(
    name: String, currency: (Currency) throws -> Void, entries: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    let file: ImportFile
    do throws(ImportFileProblem) {
      file = try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
    } catch .content(.fileTooLarge(let limit)) {
      throw ImportProblem.invalid(.backupTooLarge(limit: limit))
    } catch {
      throw ImportProblem(path: name, error)
    }
    do {
      return try BackupReader.read(file, currency: currency, entries: entries)
    } catch let problem as ImportFileProblem {
      throw ImportProblem(path: name, problem)
    }
  }
}

/// The system's `write(2)`, under a name ``UploadedFile/Writer/write(_:)`` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

extension ImportProblem {
  /// The problem with the uploaded file's name where it names the temporary file read.
  fileprivate func naming(_ name: String) -> ImportProblem {
    switch self {
    case .cannotRead(_, let failure): .cannotRead(name, failure)
    case .cannotGuessFormat: .cannotGuessFormat(name)
    default: self
    }
  }
}

/// An import previewed and waiting for its confirmation.
struct PendingImport {
  /// What is imported on confirm.
  enum Kind {
    /// Entries of a statement or journal: the core's preview, the coordinator it is a route
    /// of, and the journal transactions skipped.
    case entries(ImportPreviewViewModel, AppCoordinator, [SkippedTransaction])
    /// A backup: the uploaded file (on disk, not in memory), read again to restore it whole into
    /// the empty ledger, and what its dry run counted.
    case backup(UploadedFile, BackupOutline)
  }

  /// The browser (undo key) that uploaded it: only it can confirm it.
  let owner: String
  /// The uploaded file's name.
  let name: String
  /// What it imports.
  let kind: Kind
}

/// The imports previewed and not yet confirmed, by a random token in their confirm form: one per
/// browser (a new upload replaces its earlier preview), and at most ``capacity`` in all, the
/// oldest forgotten first, since each holds its file's rows.
@MainActor
final class PendingImports {
  private var byToken: [String: PendingImport] = [:]
  private var order: [String] = []
  /// How many previews are kept at once.
  let capacity: Int

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// Keeps `pending`, dropping its browser's earlier preview; returns its token.
  func keep(_ pending: PendingImport) -> String {
    for (token, kept) in byToken where kept.owner == pending.owner { forget(token) }
    let token = Secret.random()
    putBack(pending, token: token)
    return token
  }

  /// Keeps `pending` under `token` again (a confirm that failed leaves its preview open).
  func putBack(_ pending: PendingImport, token: String) {
    byToken[token] = pending
    order.append(token)
    while order.count > capacity { byToken[order.removeFirst()] = nil }
  }

  /// The preview `token` names, when it is `owner`'s.
  func pending(_ token: String, owner: String) -> PendingImport? {
    guard let pending = byToken[token], pending.owner == owner else { return nil }
    return pending
  }

  /// Takes the preview `token` names, when it is `owner`'s: it can be confirmed once.
  func take(_ token: String, owner: String) -> PendingImport? {
    guard let pending = pending(token, owner: owner) else { return nil }
    forget(token)
    return pending
  }

  private func forget(_ token: String) {
    byToken[token] = nil
    order.removeAll { $0 == token }
  }

  /// Forgets every preview, and with them the uploads waiting in temporary files.
  func removeAll() {
    byToken = [:]
    order = []
  }
}

extension WebServer {
  /// `POST /import`: the multipart body read (up to `limit`, ``Configuration/uploadLimit``), the
  /// browser's access and CSRF token checked, then the preview of the file.
  static func upload(_ request: Request, _ ledger: WebLedger, limit: Int) async throws
    -> Response
  {
    let web = WebRequest(request)
    let access = await MainActor.run { () -> WebLedger.Access? in ledger.access(web) }
    guard let access else { return response(.seeOther("/signin")) }
    let contentType = request.headers[.contentType] ?? ""
    // The body is split as it arrives, and its file written a piece at a time.
    let upload: ImportUpload
    do {
      upload = try await ImportUpload.receiving(
        request.body, contentType: contentType, limit: limit)
    } catch ImportUpload.Refusal.notMultipart {
      return response(
        await MainActor.run {
          ledger.importPage(access: access, alerts: [access.language.web.importNoFile], status: 422)
        })
    } catch ImportUpload.Refusal.tooLarge {
      let reply = await MainActor.run {
        ledger.importPage(
          access: access,
          alerts: [
            access.language.imports.fileTooLarge(mebibytes: max(1, limit >> 20))
              + access.language.imports.nothingImported
          ], status: 413)
      }
      return response(reply)
    }
    guard let token = upload.fields["csrf"], Secret.matches(token, access.csrf) else {
      let text = WebText(language: access.language)
      return response(.page(Layout.message(text.badForm, language: access.language), status: 403))
    }
    return response(await ledger.previewImport(upload, access: access))
  }
}
