import Foundation
import HannunDomain

extension Fixtures {
  /// A busy November 2025 for screen-layout tests: six weeks in a Sunday-first grid (the 1st is a
  /// Saturday, the 30th a Sunday), income in two weeks, expenses in every week, seven entries on
  /// Monday the 10th, and memos in Hangul with emoji — a ZWJ family, a flag, a variation
  /// selector — and one long enough to be cut at any width. Ids are ten characters, as real ones
  /// are.
  public static let busyNovember: [Transaction] = {
    let rows: [(String, String, TransactionKind, Int64, String, String)] = [
      ("h7k2m9x4q1", "2025-11-01", .expense, 23_000, "외식", "토요일 브런치 🥞"),
      ("c3d8f2g6j5", "2025-11-03", .expense, 12_000, "식비", "점심 김밥"),
      ("e4r7t1y9u2", "2025-11-03", .expense, 4_500, "카페", "아이스 아메리카노 ☕️"),
      ("b5n8v2c6x3", "2025-11-05", .expense, 35_000, "교통", "택시 🚕 야근"),
      ("w2q9e5r1t7", "2025-11-07", .expense, 128_000, "쇼핑", "겨울 코트 🧥"),
      ("m1k4j7h2g5", "2025-11-10", .income, 3_200_000, "급여", "11월 월급 💰"),
      ("p8o5i2u9y6", "2025-11-10", .expense, 4_500, "카페", "라떼"),
      ("z3x6c9v2b5", "2025-11-10", .expense, 12_000, "식비", "점심 — 순두부찌개"),
      ("a4s7d1f8g2", "2025-11-10", .expense, 8_900, "생활", "다이소 👨‍👩‍👧 가족 선물"),
      ("q9w3e6r2t8", "2025-11-10", .expense, 45_000, "의료", "치과 스케일링 🇰🇷"),
      ("n6m2b8v4c1", "2025-11-10", .expense, 1_250, "교통", "버스"),
      (
        "t5y8u1i4o7", "2025-11-10", .expense, 27_800, "식비",
        "저녁 장보기 🥬🥕 이마트 에브리데이 주말 할인 행사 — 대파, 두부, 계란 한 판"
      ),
      ("r2e5w8q1a4", "2025-11-14", .expense, 50_000, "경조사", "친구 결혼식 축의금"),
      ("k7j4h1g8f5", "2025-11-21", .income, 150_000, "부수입", "중고거래 📦"),
      ("d2s5a8q3w6", "2025-11-25", .expense, 1_500_000, "주거", "월세"),
      ("y1t4r7e2w9", "2025-11-30", .expense, 9_900, "구독", "넷플릭스 🎬"),
    ]
    return rows.enumerated().map { index, row in
      Transaction.fixture(
        id: row.0, day: row.1, kind: row.2, amount: row.3, category: row.4, memo: row.5,
        created: Date(timeIntervalSince1970: 1_760_000_000 + Double(index) * 60))
    }
  }()
}
