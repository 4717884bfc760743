import HannunPresentation

/// The pairing page's sentences, from Presentation's catalogue (beside ``WebText``).
struct PairingText {
  /// The page's language.
  let language: DisplayLanguage

  private var words: any PairingMessages { language.pairing }

  var title: String { words.title }
  var hint: String { words.hint }
  var code: String { words.code }
  var name: String { words.name }
  var namePlaceholder: String { words.namePlaceholder }
  var button: String { words.button }
  var wrongCode: String { words.wrongCode }
  /// After too many wrong codes or tokens from this address.
  func tooManyTries(seconds: Int) -> String { words.tooManyTries(seconds: seconds) }
}
