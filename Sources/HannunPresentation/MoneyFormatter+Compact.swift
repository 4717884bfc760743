import HannunDomain

/// A short form of an amount for a narrow place, with the value it stands for.
public struct CompactAmount: Hashable, Sendable {
  /// What to print: `12,000`, `3.5만`, `35K`, `-5천`; a rounded form starts (after its `-`) with
  /// ``MoneyFormatter/approximateMark``: `≈1.7만`, `-≈5천`.
  public let text: String
  /// The amount `text` shows, after rounding. For a positive amount, ``AmountParser`` reads
  /// `text` back as exactly this value: at once when ``isExact``, else after its
  /// ``MoneyFormatter/approximateMark`` — typed back with the mark, it is refused.
  public let value: Money
  /// Whether ``value`` is the amount itself, so that `text` carries no mark.
  public let isExact: Bool
}

/// How much a screen's short forms may round: one choice for every amount of a screen, so that
/// the same amount reads the same in every cell and every rounded one is rounded alike.
public enum ShortPrecision: Int, CaseIterable, Comparable, Sendable {
  /// Every digit: the amount as ``MoneyFormatter/plain(_:)`` writes it or a unit form equal to
  /// it (`1.65만`, `320만`).
  case exact
  /// Rounded to four significant digits (`≈186.2만` for 1,861,850), half away from zero.
  case fourDigits
  /// Rounded to three significant digits (`≈186만`).
  case threeDigits
  /// Rounded to two significant digits (`≈1.7만` for 16,500).
  case twoDigits
  /// Rounded to one significant digit (`≈2만` for 16,500).
  case oneDigit

  /// The significant digits kept, or `nil` for ``exact``.
  public var significantDigits: Int? {
    switch self {
    case .exact: nil
    case .fourDigits: 4
    case .threeDigits: 3
    case .twoDigits: 2
    case .oneDigit: 1
    }
  }

  /// Orders from the most precise (``exact``) to the least.
  public static func < (lhs: ShortPrecision, rhs: ShortPrecision) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `money` rounded to this precision, half away from zero, in minor units; `nil` when the
  /// rounded amount would not fit.
  /// - Parameter money: Any amount.
  public func rounded(_ money: Money) -> Money? {
    guard let kept = significantDigits else { return money }
    let magnitude = money.minorUnits.magnitude
    let digits = String(magnitude).count
    guard digits > kept else { return money }
    let step = (0..<(digits - kept)).reduce(UInt64(1)) { product, _ in product * 10 }
    let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: step)
    let (shown, overflow) = (remainder * 2 >= step ? quotient + 1 : quotient)
      .multipliedReportingOverflow(by: step)
    guard !overflow, shown <= UInt64(Int64.max) else { return nil }
    return Money(minorUnits: (money.minorUnits < 0 ? -1 : 1) * Int64(shown))
  }
}

extension MoneyFormatter {
  /// The most precise short form of `money` that `fits` accepts, or `nil` when none does.
  ///
  /// The forms, tried from the most precise (the smallest rounding error; of two equally precise,
  /// the shorter):
  /// - the exact amount as ``plain(_:)`` writes it (`3,200,000`, `12.50`), always first;
  /// - the amount in the currency's major unit with fewer decimals (`12.5`, `13`);
  /// - the amount in its own unit with two, one or no decimals: in Korean 천 (under 1만), 만
  ///   (under 1억), 억 (under 1조) or 조, as in `5천`, `3.5만`, `1,234만`, `1.2억`; in English
  ///   `K` (under a million), `M` (under a billion), `B` (under a trillion) or `T` (`35K`,
  ///   `1.2M`, `4.5B`), or the next unit up when rounding reaches it (9,999 is `1만`, not `10천`).
  ///
  /// **Rounding:** half away from zero at the precision shown: 12,500 is `≈1.3만` with one
  /// decimal and `≈1만` with none; -4,500 is `-≈5천`; 1,250 is `≈1.3K`. A rounded form is marked
  /// with ``approximateMark`` (which `fits` measures too), so what is typed back from it is
  /// either exact or clearly not. A form that would show zero for a non-zero amount is never
  /// offered. Every form without its mark is one ``AmountParser`` reads back as
  /// ``CompactAmount/value`` — the reason English stops at `M`: the parser reads no `B` or `T`.
  /// - Parameters:
  ///   - money: The amount; a negative one keeps its `-`.
  ///   - language: Which units: Korean 천/만/억/조 or English K/M/B/T.
  ///   - fits: Whether a form fits the place, usually by its display width.
  public func compact(_ money: Money, language: DisplayLanguage, fits: (String) -> Bool)
    -> CompactAmount?
  {
    // The exact form is always tried first; when it fits, the others are never written.
    let exact = plain(money)
    if fits(exact) { return CompactAmount(text: exact, value: money, isExact: true) }
    // Marked one by one, up to the first that fits: the others are never written.
    for form in unmarkedForms(money, language: language, plain: exact).dropFirst() {
      let marked = marked(form, for: money)
      if fits(marked.text) { return marked }
    }
    return nil
  }

  /// The mark of a rounded short form: `≈1.7만` stands for 16,500 or any amount that rounds to
  /// it, and is refused when typed back.
  public static let approximateMark = "≈"

  /// Every short form of `money` in the order ``compact(_:language:fits:)`` tries them; the
  /// rounded ones marked with ``approximateMark``.
  public func compactForms(_ money: Money, language: DisplayLanguage) -> [CompactAmount] {
    unmarkedForms(money, language: language).map { marked($0, for: money) }
  }

  /// The short forms of `money` at `precision`, for one screen: the amount rounded to that
  /// precision (``ShortPrecision/rounded(_:)``), written exactly — as ``plain(_:)`` writes it
  /// first, then its other exact forms from the shortest. Each is marked with
  /// ``approximateMark`` when the rounding changed the amount; none when the rounded amount
  /// does not fit.
  /// - Parameters:
  ///   - money: The amount; a negative one keeps its `-`.
  ///   - precision: The screen's precision.
  ///   - language: Which units: Korean 천/만/억/조 or English K/M/B/T.
  public func compactForms(
    _ money: Money, precision: ShortPrecision, language: DisplayLanguage
  ) -> [CompactAmount] {
    guard let target = precision.rounded(money) else { return [] }
    let exact = unmarkedForms(target, language: language).filter { $0.value == target }
    let first = exact.prefix(1)
    let rest = exact.dropFirst().sorted { $0.text.count < $1.text.count }
    return (first + rest).map { marked($0, for: money) }
  }

  /// `form` with ``approximateMark`` after its sign when it is not `money` itself.
  private func marked(_ form: CompactAmount, for money: Money) -> CompactAmount {
    guard form.value != money else {
      return CompactAmount(text: form.text, value: form.value, isExact: true)
    }
    let negative = form.text.hasPrefix("-")
    let digits = negative ? String(form.text.dropFirst()) : form.text
    return CompactAmount(
      text: (negative ? "-" : "") + MoneyFormatter.approximateMark + digits, value: form.value,
      isExact: false)
  }

  /// The forms of ``compactForms(_:language:)`` before marking.
  /// - Parameter plain: `plain(money)`, when already written.
  private func unmarkedForms(
    _ money: Money, language: DisplayLanguage, plain exact: String? = nil
  ) -> [CompactAmount] {
    let sign: Int64 = money.minorUnits < 0 ? -1 : 1
    let magnitude = money.minorUnits.magnitude
    let scale = UInt64(currency.minorUnitsPerMajor)
    // Each form with its length in characters, counted once (a sort compares it many times).
    var forms: [(error: UInt64, length: Int, form: CompactAmount)] = []
    func offer(unit: UInt64, suffix: String, decimals: Int, below limit: UInt64?) {
      let power = UInt64(pow10(decimals))
      let (unitMinor, overflow) = unit.multipliedReportingOverflow(by: scale)
      guard !overflow, unitMinor % power == 0 else { return }
      let step = unitMinor / power
      let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: step)
      let rounded = remainder * 2 >= step ? quotient + 1 : quotient
      let (shown, tooLarge) = rounded.multipliedReportingOverflow(by: step)
      // Zero for a non-zero amount, less than one of a unit (0.1만), or a coefficient that
      // belongs to the next unit (10천) is not shown.
      guard !tooLarge, rounded > 0 || magnitude == 0, shown <= UInt64(Int64.max),
        unit == 1 || rounded >= power, limit.map({ rounded < $0 * power }) ?? true
      else { return }
      // The decimals without their trailing zeros: `1.5만`, not `1.50만`.
      var fraction = rounded % power
      var shownDecimals = decimals
      while shownDecimals > 0 && fraction % 10 == 0 {
        fraction /= 10
        shownDecimals -= 1
      }
      let number = MoneyFormatter.text(
        whole: rounded / power, fraction: fraction, digits: shownDecimals)
      let text = (sign < 0 ? "-" : "") + number + suffix
      let error = shown > magnitude ? shown - magnitude : magnitude - shown
      let value = Money(minorUnits: sign * Int64(shown))
      forms.append(
        (error, text.count, CompactAmount(text: text, value: value, isExact: error == 0)))
    }
    for decimals in stride(from: currency.minorDigits, through: 0, by: -1) {
      offer(unit: 1, suffix: "", decimals: decimals, below: nil)
    }
    let units = language.compactMoneyUnits
    let major = magnitude / scale
    // The amount's own unit and the next one up, for amounts that round up into it.
    if let own = units.lastIndex(where: { major >= $0.size }) {
      for index in own...min(own + 1, units.count - 1) {
        let next = index + 1 < units.count ? units[index + 1].size / units[index].size : nil
        for decimals in [2, 1, 0] {
          offer(
            unit: units[index].size, suffix: units[index].suffix, decimals: decimals, below: next)
        }
      }
    }
    // The exact form as ``plain(_:)`` writes it first; then by error, then by length. Equal
    // texts are offered once.
    // A dozen forms at most: a linear look-back costs less than hashing each text.
    let rest = forms.sorted { ($0.error, $0.length) < ($1.error, $1.length) }
    var result = [CompactAmount(text: exact ?? plain(money), value: money, isExact: true)]
    result.reserveCapacity(rest.count + 1)
    for (_, _, form) in rest where !result.contains(where: { $0.text == form.text }) {
      result.append(form)
    }
    return result
  }

  private func pow10(_ exponent: Int) -> Int64 {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
  }
}
