import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string.
struct FormBody: Sendable {
  /// Each field's first value, by name.
  private(set) var fields: [String: String] = [:]

  /// Reads `name=value&…`, with `+` as a space and percent escapes decoded; a field that is not
  /// valid UTF-8 after decoding is dropped.
  /// - Parameter text: The body or query.
  init(_ text: String) {
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]) else { continue }
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      if fields[name] == nil, let value { fields[name] = value }
    }
  }

  /// Fields given by name.
  init(fields: [String: String]) { self.fields = fields }

  /// A field's value, or `nil` when it was not sent.
  subscript(_ name: String) -> String? { fields[name] }

  /// The same fields with `name`'s value set to `value`.
  func replacing(_ name: String, with value: String) -> FormBody {
    var copy = self
    copy.fields[name] = value
    return copy
  }

  private static func decode(_ text: Substring) -> String? {
    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}

/// The cookies a request carried (`Cookie: a=1; b=2`).
struct RequestCookies: Sendable {
  private var values: [String: [String]] = [:]

  /// Reads every `Cookie` header's pairs, keeping every value of a name in the order sent.
  /// - Parameter headers: The values of the request's `Cookie` headers.
  init(_ headers: [String]) {
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        values[name, default: []].append(parts[1].trimmingCharacters(in: .whitespaces))
      }
    }
  }

  /// A cookie's value (the first sent, of several with its name), or `nil`.
  subscript(_ name: String) -> String? { values[name]?.first }

  /// The first of the values sent under `name` that `known` recognises, with what it gave.
  /// Another site on the same host (any port: cookies do not keep ports apart) can set a cookie
  /// of the same name with a longer `Path`, which browsers send first; this server's own cookie
  /// must still be found behind it.
  func first<Found>(_ name: String, known: (String) -> Found?) -> (value: String, found: Found)? {
    for value in values[name] ?? [] {
      if let found = known(value) { return (value, found) }
    }
    return nil
  }
}
