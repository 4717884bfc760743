extension DisplayLanguage {
  /// The units a compact amount is written in, smallest first: 천, 만, 억, 조 in Korean; K, M, B
  /// and T (the short scale) in English.
  var compactMoneyUnits: [(size: UInt64, suffix: String)] {
    self == .korean ? Self.koreanCompactUnits : Self.englishCompactUnits
  }

  static let koreanCompactUnits: [(size: UInt64, suffix: String)] = [
    (1_000, "천"), (10_000, "만"), (100_000_000, "억"), (1_000_000_000_000, "조"),
  ]
  static let englishCompactUnits: [(size: UInt64, suffix: String)] = [
    (1_000, "K"), (1_000_000, "M"), (1_000_000_000, "B"), (1_000_000_000_000, "T"),
  ]
}
