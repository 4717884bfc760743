import HannunPresentation

/// The pairing page's sentences, in Korean and English (beside ``WebText``).
struct PairingText {
  /// The page's language.
  let language: DisplayLanguage

  private func say(_ ko: String, _ en: String) -> String { language == .korean ? ko : en }

  var title: String { say("이 기기 연결", "Pair this device") }
  var hint: String {
    say(
      "hannun serve 터미널에 나온 연결 코드입니다. 한 번만, 10분 안에 쓸 수 있습니다.",
      "The pairing code shown in the terminal running hannun serve. It works once, within 10 "
        + "minutes.")
  }
  var code: String { say("연결 코드", "Pairing code") }
  var name: String { say("기기 이름 (선택)", "Device name (optional)") }
  var namePlaceholder: String { say("예: 지수 폰", "e.g. Jisoo's phone") }
  var button: String { say("연결", "Pair") }
  var wrongCode: String {
    say(
      "연결 코드가 틀렸거나 이미 쓰였거나 10분이 지났습니다. hannun serve 터미널에서 Enter를 누르면 새 코드가 나옵니다",
      "That pairing code is wrong, already used or more than 10 minutes old. Press Enter in the "
        + "terminal running hannun serve for a new one")
  }
  /// After too many wrong codes or tokens from this address.
  func tooManyTries(seconds: Int) -> String {
    say(
      "틀린 코드가 너무 많았습니다. \(seconds)초 뒤에 다시 하세요",
      "Too many wrong codes from this address; try again in \(seconds) "
        + (seconds == 1 ? "second" : "seconds"))
  }
}
