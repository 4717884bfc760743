import HannunDomain

/// `hannun report --by-mood --json`:
/// `{"from","to","moods":[{"mood","days","expense","averageDaily","rising":[{"category",
/// "averageOn","averageOff","rise"}]}],"withoutMood":{"days","expense","averageDaily"}}`.
/// `mood` is the mood's English name; amounts are numbers in the currency's major unit, written
/// exactly; `averageDaily` is `expense` over `days` rounded to the minor unit.
public enum MoodJSON {
  /// `hannun mood --json`: `{"date","mood","note"}`, `mood` the mood's English name or `null`
  /// and `note` empty when the day has none.
  /// - Parameters:
  ///   - mood: The day's mood, or `nil`.
  ///   - day: The day.
  /// - Returns: The object.
  public static func day(_ mood: DayMood?, on day: Day) -> JSONValue {
    .object([("date", .string(day.iso))] + fields(mood, note: "note"))
  }

  /// The `mood` and note fields of a day's object: the mood's English name or `null`, and its
  /// note (empty for none) under the key `note`.
  static func fields(_ mood: DayMood?, note: String) -> [(String, JSONValue)] {
    [
      ("mood", mood.map { .string($0.mood.rawValue) } ?? .null),
      (note, .string(mood?.note ?? "")),
    ]
  }

  /// The report as the contract's object.
  /// - Parameters:
  ///   - report: The report.
  ///   - currency: The ledger's currency, for amounts.
  /// - Returns: The object.
  public static func report(_ report: MoodSpendingReport, currency: Currency) -> JSONValue {
    let amount = { (money: Money) in
      JSONValue.number(currency.decimalString(minorUnits: money.minorUnits))
    }
    func days(_ days: MoodSpending.Days) -> [(String, JSONValue)] {
      [
        ("days", .number(String(days.days))),
        ("expense", amount(days.expense)),
        ("averageDaily", amount(days.averageDaily)),
      ]
    }
    return .object([
      ("from", .string(report.from.iso)),
      ("to", .string(report.to.iso)),
      (
        "moods",
        .array(
          report.moods.map { line in
            .object(
              [("mood", .string(line.mood.rawValue))] + days(line.spending) + [
                (
                  "rising",
                  .array(
                    line.rising.map { rise in
                      .object([
                        ("category", .string(rise.category)),
                        ("averageOn", amount(rise.averageOn)),
                        ("averageOff", amount(rise.averageOff)),
                        ("rise", amount(rise.rise)),
                      ])
                    })
                )
              ])
          })
      ),
      ("withoutMood", .object(days(report.withoutMood))),
    ])
  }
}
