import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help:
      .localized(
        "The data directory (default: $HANNUN_DATA, $XDG_DATA_HOME/hannun or ~/.local/share/hannun)."
      ))
  var data: String?

  @Option(
    name: .long,
    help: .localized("Language of titles and labels: ko or en (default: from LC_ALL / LANG)."))
  var locale: LocaleChoice?

  @Option(
    name: .long,
    help: .localized(
      "Colour: auto (only on a terminal, off when NO_COLOR is set), always or never."))
  var color: ColorOption = .auto

  @Option(
    name: .long,
    help:
      .localized(
        "ISO 4217 currency of a new ledger (default: from the locale, KRW for Korean, USD otherwise)."
      )
  )
  var currency: String?

  @Flag(
    name: .long,
    help: .localized("Show moods as text tags instead of emoji (also when TERM=linux)."))
  var ascii = false
}

extension GlobalOptions {
  /// The options' values, as plain values.
  var values: GlobalValues {
    GlobalValues(data: data, locale: locale, color: color, currency: currency, ascii: ascii)
  }

  /// Options holding `values`, for a command the parser would have built with them. (Set
  /// outside an initializer: there, setting a wrapped property with a default value starts a
  /// new wrapper that holds no value.)
  static func holding(_ values: GlobalValues) -> GlobalOptions {
    var options = GlobalOptions()
    options.data = values.data
    options.locale = values.locale
    options.color = values.color
    options.currency = values.currency
    options.ascii = values.ascii
    return options
  }
}

/// The values of ``GlobalOptions`` without the parser's property wrappers: a one-shot read that
/// ``OneShotRead`` takes from its command line runs with these, and never builds the wrappers
/// (their names, help texts and sets cost a read about 2 % of its CPU).
struct GlobalValues {
  /// `--data`.
  var data: String?
  /// `--locale`.
  var locale: LocaleChoice?
  /// `--color`.
  var color: ColorOption = .auto
  /// `--currency`.
  var currency: String?
  /// `--ascii`.
  var ascii = false
}

enum LocaleChoice: String, ExpressibleByArgument, CaseIterable {
  case ko, en
}

enum ColorOption: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}
