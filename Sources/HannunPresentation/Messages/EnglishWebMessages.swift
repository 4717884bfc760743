import HannunDomain

/// ``WebMessages`` in English.
public struct EnglishWebMessages: WebMessages {
  /// The English sentences.
  public init() {}

  /// `WebMessages`.
  public var appName: String { "Hannun" }
  /// `WebMessages`.
  public var previous: String { "Previous" }
  /// `WebMessages`.
  public var next: String { "Next" }
  /// `WebMessages`.
  public var previousWeek: String { "Previous week" }
  /// `WebMessages`.
  public var nextWeek: String { "Next week" }
  /// `WebMessages`.
  public var showWeek: String { "Week" }
  /// `WebMessages`.
  public var showMonth: String { "Month" }
  /// `WebMessages`.
  public var go: String { "Go" }
  /// `WebMessages`.
  public var chooseMonth: String { "Choose a month" }
  /// `WebMessages`.
  public var otherLanguage: String { "한국어" }
  /// `WebMessages`.
  public var edit: String { "Edit" }
  /// `WebMessages`.
  public var delete: String { "Delete" }
  /// `WebMessages`.
  public var addTitle: String { "Add an entry" }
  /// `WebMessages`.
  public var editTitle: String { "Edit the entry" }
  /// `WebMessages`.
  public var kind: String { "Kind" }
  /// `WebMessages`.
  public var amount: String { "Amount" }
  /// `WebMessages`.
  public var amountHint: String { "e.g. 12000, 12.50" }
  /// `WebMessages`: none.
  public var amountUnits: [String] { [] }
  /// `WebMessages`.
  public var category: String { "Category" }
  /// `WebMessages`.
  public var memo: String { "Memo" }
  /// `WebMessages`.
  public var date: String { "Date" }
  /// `WebMessages`.
  public var dateHint: String { "e.g. 2025-11-03, yesterday, 3" }
  /// `WebMessages`.
  public var save: String { "Save" }
  /// `WebMessages`.
  public var add: String { "Add" }
  /// `WebMessages`.
  public var cancel: String { "Cancel" }
  /// `WebMessages`.
  public var undo: String { "Undo" }
  /// `WebMessages`.
  public var nothingToUndo: String { "There is nothing to undo" }
  /// `WebMessages`.
  public var deleteTitle: String { "Delete the entry" }
  /// `WebMessages`.
  public var yesDelete: String { "Yes, delete it" }
  /// `WebMessages`.
  public var signInTitle: String { "Sign in" }
  /// `WebMessages`.
  public var signInToken: String { "Access token" }
  /// `WebMessages`.
  public var signInHint: String {
    "Enter the value from the token file on the computer running hannun serve."
  }
  /// `WebMessages`.
  public var signInButton: String { "Sign in" }
  /// `WebMessages`.
  public var wrongToken: String { "That token is not right" }
  /// `WebMessages`.
  public var notFound: String { "There is no such page" }
  /// `WebMessages`.
  public var badForm: String {
    "The form's security token is missing or wrong. Reload the page and try again. Nothing was changed"
  }
  /// `WebMessages`.
  public var crossSite: String {
    "This request was sent from another site, so it was refused; use this server's own page. "
      + "Nothing was changed"
  }
  /// `WebMessages`.
  public func tooManyTries(seconds: Int) -> String {
    "Too many wrong tokens from this address; try again in \(seconds) "
      + (seconds == 1 ? "second" : "seconds")
  }
  /// `WebMessages`.
  public var signedOutKept: String {
    "You were signed out, so nothing was saved yet. What you typed is kept: enter the token "
      + "and it is saved"
  }
  /// `WebMessages`.
  public var staleFormKept: String {
    "This page was out of date (the server may have restarted), so nothing was saved. What you "
      + "typed is kept below: check it and press the button again"
  }
  /// `WebMessages`.
  public var keptOnDevice: (one: String, other: String) {
    let rest = " kept on this device, to be sent when the server can be reached"
    return ("{count} entry is" + rest, "{count} entries are" + rest)
  }
  /// `WebMessages`.
  public var notSentBecause: String { "Not saved: " }
  /// `WebMessages`.
  public var signInToSend: String { "Sign in, and the entries kept on this device are sent" }
  /// `WebMessages`.
  public func changedElsewhere(_ now: String) -> String {
    "Another window changed this entry first; it is now \(now). What you typed was not saved "
      + "and is kept below: check it and save again"
  }
  /// `WebMessages`.
  public var deletedElsewhere: String {
    "Another window deleted this entry first. What you typed is kept below: you can add it as "
      + "a new entry"
  }
  /// `WebMessages`.
  public var keyUsedForAnother: String {
    "This form was already used for another entry, so nothing was saved. Send it again to save "
      + "what you typed"
  }
  /// `WebMessages`.
  public func entry(category: String, amount: String, memo: String, day: String) -> String {
    let note = memo.isEmpty ? "no memo" : "memo: \(memo)"
    return "\(category) \(amount) (\(note)), \(day)"
  }
  /// `WebMessages`.
  public var tooLarge: String { "The request is too large" }
  /// `WebMessages`.
  public var wrongHost: String {
    "This server does not answer to that address"
  }
  /// `WebMessages`.
  public var backToMonth: String { "Back to the calendar" }
  /// `WebMessages`.
  public func deleteQuestion(_ label: String, _ amount: String) -> String {
    "Delete this entry? \(label) \(amount)"
  }
  /// `WebMessages`.
  public var importTitle: String {
    "Import"
  }
  /// `WebMessages`.
  public var importPreviewTitle: String {
    "Import preview"
  }
  /// `WebMessages`.
  public var importHint: String {
    "Upload a bank's or card company's CSV statement, an hledger/ledger journal, or a "
      + "Hannun JSON backup (into an empty ledger only). Nothing changes until you confirm."
  }
  /// `WebMessages`.
  public var importFileLabel: String {
    "File"
  }
  /// `WebMessages`.
  public var importFormatLabel: String {
    "Format"
  }
  /// `WebMessages`.
  public var importMapLabel: String {
    "Columns (optional)"
  }
  /// `WebMessages`.
  public var importCategoryLabel: String {
    "Category of rows without one (default: uncategorized)"
  }
  /// `WebMessages`.
  public var importPreviewButton: String {
    "Preview"
  }
  /// `WebMessages`.
  public var importConfirmButton: String {
    "Import"
  }
  /// `WebMessages`.
  public var importCancel: String {
    "Cancel"
  }
  /// `WebMessages`.
  public var importNoFile: String {
    "Choose a file to import (CSV, journal or JSON backup). Nothing was imported."
  }
  /// `WebMessages`.
  public var importGone: String {
    "This preview is no longer open; upload the file again. Nothing was imported."
  }
  /// `WebMessages`.
  public func importFormatName(_ format: String) -> String {
    switch format {
    case "": "Automatic (a backup is JSON, else the file name's extension)"
    case "csv": "CSV statement"
    case "journal": "hledger/ledger journal"
    default: "JSON complete backup"
    }
  }
  /// `WebMessages`.
  public func importMapHint(fields: String) -> String {
    "For a CSV whose headers Hannun does not know, write FIELD=HEADER pairs split by commas, "
      + "e.g. date=Posted, amount=Value (fields: \(fields))"
  }
}
