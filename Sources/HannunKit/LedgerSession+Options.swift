import HannunData
import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerSession {
  /// Where a ledger is and how to show it, for ``LedgerSession/open(_:)``.
  ///
  /// Every value has the default `hannun` uses, read from ``environment``; set only what your
  /// frontend decides itself. A test passes its own ``environment`` and ``currentDirectory`` so
  /// that nothing depends on the machine.
  public struct Options: Sendable {
    /// The data directory as a person gives it (`--data`): `~` is the home directory, and a
    /// relative path is resolved against ``currentDirectory``. When `nil`, ``environment``
    /// decides: `HANNUN_DATA`, else `$XDG_DATA_HOME/hannun`, else `$HOME/.local/share/hannun`.
    public var dataPath: String?
    /// A locale identifier such as `ko_KR` or `en_US`: the language of titles and labels, and
    /// the currency of a new ledger. When `nil`, the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// in ``environment`` that names one, else `en_US`.
    public var localeIdentifier: String?
    /// The currency of a new ledger, instead of the locale's. An existing ledger keeps the one it
    /// was created with, and opening it with another is an error.
    public var currency: Currency?
    /// Today, and the stamps of new and edited entries.
    public var clock: LedgerClock
    /// The first column of the calendar's grid.
    public var firstWeekday: Weekday
    /// Makes ids for new entries.
    public var makeID: @Sendable () -> TransactionID
    /// Whether opening loads the calendar's window and follows changes; `false` for a one-shot
    /// write that shows no calendar.
    public var startsCalendar: Bool
    /// The variables the defaults are read from: `HANNUN_DATA`, `XDG_DATA_HOME`, `HOME`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public var environment: [String: String]
    /// The directory a relative ``dataPath`` or `HANNUN_DATA` is resolved against.
    public var currentDirectory: String

    /// Options with `hannun`'s defaults, each of which can be given instead.
    /// - Parameters:
    ///   - dataPath: The data directory as a person gives it; `nil` reads ``environment``.
    ///   - localeIdentifier: `ko_KR`, `en_US` …; `nil` reads ``environment``.
    ///   - currency: The currency of a new ledger; `nil` takes the locale's.
    ///   - clock: Today; the system clock in the system's time zone by default.
    ///   - firstWeekday: The first column of the grid.
    ///   - makeID: Makes ids for new entries; random by default.
    ///   - startsCalendar: Whether opening starts the calendar.
    ///   - environment: The variables the defaults come from; the process's by default.
    ///   - currentDirectory: Where relative paths start; the process's by default.
    public init(
      dataPath: String? = nil, localeIdentifier: String? = nil, currency: Currency? = nil,
      clock: LedgerClock = .system, firstWeekday: Weekday = .sunday,
      makeID: @escaping @Sendable () -> TransactionID = TransactionID.seededRandom,
      startsCalendar: Bool = true,
      environment: [String: String] = ProcessInfo.processInfo.environment,
      currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
      self.dataPath = dataPath
      self.localeIdentifier = localeIdentifier
      self.currency = currency
      self.clock = clock
      self.firstWeekday = firstWeekday
      self.makeID = makeID
      self.startsCalendar = startsCalendar
      self.environment = environment
      self.currentDirectory = currentDirectory
    }

    /// ``localeIdentifier``, else `LC_ALL`, `LC_MESSAGES`, `LANG` (without `.UTF-8` or `@…`,
    /// skipping empty, `C` and `POSIX`), else `en_US`.
    public var resolvedLocaleIdentifier: String { localeIdentifierIfSet ?? "en_US" }

    /// The locale given or set in the environment, or `nil` when there is none (unset, `C` or
    /// `POSIX`): then nothing says which currency a new ledger should have.
    public var localeIdentifierIfSet: String? {
      if let localeIdentifier { return localeIdentifier }
      for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let value = environment[key], !value.isEmpty, value != "C", value != "POSIX" {
          return String(value.prefix { $0 != "." && $0 != "@" })
        }
      }
      return nil
    }

    /// The language of ``resolvedLocaleIdentifier``: Korean for `ko`, English otherwise.
    public var language: DisplayLanguage {
      DisplayLanguage(localeIdentifier: resolvedLocaleIdentifier)
    }

    /// `HOME` from ``environment`` when it is an absolute path (as the XDG specification reads
    /// it), else the password database's home directory.
    public var homeDirectory: String {
      environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The data directory these options name; see ``dataPath``.
    public var resolvedDataDirectory: URL {
      DataDirectory.resolve(
        explicit: dataPath, environment: environment, homeDirectory: homeDirectory,
        currentDirectory: currentDirectory)
    }
  }
}
