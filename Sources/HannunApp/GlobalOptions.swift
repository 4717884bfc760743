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

enum LocaleChoice: String, ExpressibleByArgument, CaseIterable {
  case ko, en
}

enum ColorOption: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}
