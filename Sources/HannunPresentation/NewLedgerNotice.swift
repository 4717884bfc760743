import HannunDomain

/// What is said once, after the first write that created a ledger: which currency it keeps and
/// why, so that the currency is never chosen silently. The core makes it (`LedgerSession` keeps
/// it pending until the session's first successful write); a catalogue says it
/// (``MessageCatalog/newLedger(_:)``) and every frontend shows the sentence its own way.
public struct NewLedgerNotice: Hashable, Sendable {
  /// Why the ledger keeps ``currency``.
  public enum Reason: Hashable, Sendable {
    /// It was asked for (`--currency`).
    case requested
    /// The locale's, an identifier such as `ko_KR`.
    case locale(String)
    /// No locale was set, so the default currency (USD).
    case noLocale
  }

  /// The currency the new ledger keeps.
  public let currency: Currency
  /// Why it keeps that one.
  public let reason: Reason
  /// The ledger folder: removing it and writing again with `--currency` starts over in another
  /// currency.
  public let ledgerPath: String

  /// A notice.
  /// - Parameters:
  ///   - currency: The currency the new ledger keeps.
  ///   - reason: Why it keeps that one.
  ///   - ledgerPath: The ledger folder.
  public init(currency: Currency, reason: Reason, ledgerPath: String) {
    self.currency = currency
    self.reason = reason
    self.ledgerPath = ledgerPath
  }

  /// The currency the sentence offers as an example of another choice: USD for a ledger in KRW,
  /// KRW for any other.
  public var example: Currency { currency == .krw ? .usd : .krw }
}

/// A ``NewLedgerNotice`` waiting for the write that creates its ledger, then handed over once.
/// It knows that write by the ledger's stored version: the version read before anything was
/// written moves with the first write of any kind (an entry, a budget, a rule, a mood, an
/// import), whichever frontend made it. Every frontend asks ``take()`` after a command.
@MainActor
public final class PendingNewLedgerNotice {
  /// The notice, until ``take()`` handed it over.
  public private(set) var notice: NewLedgerNotice?
  private let ledger: any SharedLedger
  private let unwritten: LedgerVersion

  /// A notice waiting for `ledger`'s first write; reads the stored version now.
  /// - Parameters:
  ///   - notice: What to say once the ledger exists.
  ///   - ledger: The ledger's stored version, read now and again on each ``take()``.
  public init(_ notice: NewLedgerNotice, ledger: any SharedLedger) async {
    self.notice = notice
    self.ledger = ledger
    unwritten = await ledger.storedVersion()
  }

  /// The notice, the first time it is asked after this process's write created the ledger.
  /// - Returns: `nil` before any write, after it was taken, and when another process created
  ///   the ledger first (two commands started at once on a new data folder: only one says it).
  public func take() async -> NewLedgerNotice? {
    guard let notice, await ledger.storedVersion() != unwritten else { return nil }
    self.notice = nil
    return await ledger.createdTheLedger() ? notice : nil
  }
}
