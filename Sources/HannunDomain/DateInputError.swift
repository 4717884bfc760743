/// Why a date, month or weekday given by a user was refused. Each message names the input and
/// says what is accepted.
public enum DateInputError: Error, Equatable, Sendable {
  case malformedDate(String)
  case malformedMonth(String)
  case noSuchDay(String)
  case noSuchMonth(String)
  case outOfRange(String)
  case navigationLimit(YearMonth)
  case badFirstWeekday(String)
}

extension DateInputError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .malformedDate(let text):
      "'\(text)' is not a date; use YYYY-MM-DD, for example 2025-11-03, or 2025.11.03, 11/3, "
        + "11월 3일, 3일, today, yesterday, 오늘, 어제"
    case .malformedMonth(let text):
      "'\(text)' is not a month; use YYYY-MM, for example 2025-11"
    case .noSuchDay(let text):
      "\(text) does not exist: that month has \(DateInputError.daysInMonth(of: text)) days"
    case .noSuchMonth(let text):
      "'\(text)' has no such month; months run from 01 to 12"
    case .outOfRange(let text):
      "\(text) is outside the supported range 1583-01-01 to 9999-12-31"
    case .navigationLimit(let month):
      "\(month.iso) is the \(month == YearMonth.supportedRange.lowerBound ? "first" : "last") month Hannun supports; cannot go further"
    case .badFirstWeekday(let text):
      "'\(text)' is not a first weekday; use 1 (Sunday) to 7 (Saturday)"
    }
  }

  private static func daysInMonth(of text: String) -> String {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count >= 2, (1...12).contains(parts[1]) else { return "fewer" }
    return String(Gregorian.numberOfDays(inMonth: parts[1], year: parts[0]))
  }
}
