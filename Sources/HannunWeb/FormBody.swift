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

  private static func decode(_ text: Substring) -> String? {
    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}

/// The cookies a request carried (`Cookie: a=1; b=2`).
struct RequestCookies: Sendable {
  private var values: [String: String] = [:]

  /// Reads every `Cookie` header's pairs; the first of two same-named cookies wins.
  /// - Parameter headers: The values of the request's `Cookie` headers.
  init(_ headers: [String]) {
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        if values[name] == nil { values[name] = parts[1].trimmingCharacters(in: .whitespaces) }
      }
    }
  }

  /// A cookie's value, or `nil`.
  subscript(_ name: String) -> String? { values[name] }
}
