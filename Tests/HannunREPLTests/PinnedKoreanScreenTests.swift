import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Whole screens of the busy November (``Fixtures/busyNovember``), Monday the 10th selected and
/// today, at the sizes people use, without colour. Each was read by eye: every line within the
/// width, every amount what the cell can hold, nothing above the title pushed away.
@MainActor
@Suite("Pinned screens in Korean")
struct PinnedKoreanScreenTests {
  @Test(
    "80×24: the most common terminal holds the whole month, the totals and the day's first entries")
  func screen80x24() async {
    let calendar = await Screens.calendar(language: .korean)
    let expected = """
                                       2025년 11월
      수입 ₩3,350,000   지출 ₩1,861,850   합계 ₩1,488,150
       일         월         화         수         목         금         토
                                                                          1
                                                                            -23,000
        2          3          4          5          6          7          8
                     -16,500               -35,000              -128,000
        9        [10]오늘    11         12         13         14         15
                  +3,200,000
                     -99,450                                     -50,000
       16         17         18         19         20         21         22
                                                                +150,000
       23         24         25         26         27         28         29
                             -1,500,000
       30
           -9,900
      2025년 11월 10일 (월) 오늘   수입 ₩3,200,000   지출 ₩99,450
        1. 수입 +₩3,200,000  급여  11월 월급 💰                            #m1k4j7h2g5
        2. 지출     -₩4,500  카페  라떼                                    #p8o5i2u9y6
        3. 지출    -₩12,000  식비  점심 — 순두부찌개                       #z3x6c9v2b5
        4. 지출     -₩8,900  생활  다이소 👨‍👩‍👧 가족 선물                     #a4s7d1f8g2
        …외 3건 (list)

      """
    #expect(Screens.text(calendar, 80, 24) == expected)
  }

  @Test("60×24: sixty columns shorten grid amounts that do not fit and leave the kind to the sign")
  func screen60x24() async {
    let calendar = await Screens.calendar(language: .korean)
    let expected = """
                            2025년 11월
      수입 ₩3,350,000   지출 ₩1,861,850   합계 ₩1,488,150
       일      월      화      수      목      금      토
                                                        1
                                                       -23,000
        2       3       4       5       6       7       8
               -16,500         -35,000        -128,000
        9     [10]오늘 11      12      13      14      15
                +320만
               -99,450                         -50,000
       16      17      18      19      20      21      22
                                              +150,000
       23      24      25      26      27      28      29
                        -150만
       30
        -9,900
      2025년 11월 10일 (월) 오늘   수입 ₩3,200,000   지출 ₩99,450
        1. +₩3,200,000  급여  11월 월급 💰             #m1k4j7h2g5
        2.     -₩4,500  카페  라떼                     #p8o5i2u9y6
        3.    -₩12,000  식비  점심 — 순두부찌개        #z3x6c9v2b5
        …외 4건 (list)

      """
    #expect(Screens.text(calendar, 60, 24) == expected)
  }

  @Test(
    "40×20: one amount line a week (never a balance: the 10th is its income and …), rounded forms marked ≈"
  )
  func screen40x20() async {
    let calendar = await Screens.calendar(language: .korean)
    let expected = """
                    2025년 11월
      수입 335만 지출 ≈186.2만 합계 ≈148.8만
       일    월    화    수    목    금   토
                                           1
                                        -2.3만
        2     3     4     5     6     7    8
           -≈1.7만     -35,000     -≈13만
        9   [10]*  11    12    13    14   15
           +320만…                   -5만
       16    17    18    19    20    21   22
                                    +15만
       23    24    25    26    27    28   29
                  -150만
       30
      -9,900
      11월 10일 (월) 오늘
       …외 7건 (list)

      """
    #expect(Screens.text(calendar, 40, 20) == expected)
  }

  @Test("120×40: a large terminal keeps spacer and blank amount lines and lists every entry")
  func screen120x40() async {
    let calendar = await Screens.calendar(language: .korean)
    let expected = """
                                                 2025년 11월
      수입 ₩3,350,000   지출 ₩1,861,850   합계 ₩1,488,150

       일            월            화            수            목            금            토
                                                                                            1

                                                                                                 -23,000
        2             3             4             5             6             7             8

                           -16,500                     -35,000                    -128,000
        9           [10]오늘       11            12            13            14            15
                        +3,200,000
                           -99,450                                                 -50,000
       16            17            18            19            20            21            22
                                                                                  +150,000

       23            24            25            26            27            28            29

                                      -1,500,000
       30

              -9,900

      2025년 11월 10일 (월) 오늘   수입 ₩3,200,000   지출 ₩99,450
        1. 수입 +₩3,200,000  급여  11월 월급 💰                                                                #m1k4j7h2g5
        2. 지출     -₩4,500  카페  라떼                                                                        #p8o5i2u9y6
        3. 지출    -₩12,000  식비  점심 — 순두부찌개                                                           #z3x6c9v2b5
        4. 지출     -₩8,900  생활  다이소 👨‍👩‍👧 가족 선물                                                         #a4s7d1f8g2
        5. 지출    -₩45,000  의료  치과 스케일링 🇰🇷                                                            #q9w3e6r2t8
        6. 지출     -₩1,250  교통  버스                                                                        #n6m2b8v4c1
        7. 지출    -₩27,800  식비  저녁 장보기 🥬🥕 이마트 에브리데이 주말 할인 행사 — 대파, 두부, 계란 한 판  #t5y8u1i4o7

      """
    #expect(Screens.text(calendar, 120, 40) == expected)
  }
}
