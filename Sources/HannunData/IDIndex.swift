import Foundation
import HannunDomain

/// Which month holds each id, and what was learned about each month file.
struct IDIndex {
  enum State {
    case readable([TransactionID])
    /// The file cannot be read; the error names it.
    case unreadable(LedgerError)
    /// The file reads, but holds an id another month holds too.
    case conflicting(LedgerError)
  }

  struct Month {
    var signature: FileSignature
    var state: State

    var isConflicting: Bool {
      if case .conflicting = state { return true }
      return false
    }
  }

  var months: [YearMonth: Month] = [:]
  var monthOfID: [TransactionID: YearMonth] = [:]

  /// The error for the earliest month file that could not be indexed.
  var firstProblem: LedgerError? {
    var first: (month: YearMonth, error: LedgerError)?
    for (month, known) in months {
      switch known.state {
      case .readable: continue
      case .unreadable(let error), .conflicting(let error):
        if first.map({ month < $0.month }) ?? true { first = (month, error) }
      }
    }
    return first?.error
  }

  mutating func forget(_ month: YearMonth) {
    if case .readable(let ids)? = months[month]?.state {
      for id in ids where monthOfID[id] == month { monthOfID[id] = nil }
    }
    months[month] = nil
  }

  mutating func add(
    _ ids: [TransactionID], signature: FileSignature, of month: YearMonth,
    pathOf path: (YearMonth) -> String
  ) {
    for id in ids {
      if let other = monthOfID[id], other != month {
        let error = LedgerError.unreadableFile(
          path: path(month), reason: "the entry id '\(id)' is also stored in \(path(other))")
        months[month] = Month(signature: signature, state: .conflicting(error))
        return
      }
    }
    for id in ids { monthOfID[id] = month }
    months[month] = Month(signature: signature, state: .readable(ids))
  }
}
