/// The English a Korean sentence still holds: every ASCII letter left after taking out what it
/// quotes from a file between single quotes (a place such as `'transactions[3].date'`, a field
/// name, a value, an id, a JSON token) and the names of formats a Korean reader knows by those
/// names (`JSON`, `UTF-8`, `ISO 8601`, `ISO 4217`). Empty when none is left. A quote left open
/// counts as English left (`'…`), so quoting cannot hide prose. Text quoted from a file must not
/// itself hold a `'`.
public func englishLeft(inKorean sentence: String) -> String {
  var text = sentence
  for name in ["JSON", "UTF-8", "ISO 8601", "ISO 4217"] {
    text = text.split(separator: name, omittingEmptySubsequences: false).joined(separator: " ")
  }
  var left = ""
  var quoted = false
  for scalar in text.unicodeScalars {
    if scalar == "'" {
      quoted.toggle()
    } else if !quoted, scalar.isASCII, scalar.properties.isAlphabetic {
      left.unicodeScalars.append(scalar)
    }
  }
  return quoted ? left + "'…" : left
}
