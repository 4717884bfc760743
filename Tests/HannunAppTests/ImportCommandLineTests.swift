import Foundation
import HannunApp
import HannunTestSupport
import Testing

@MainActor
@Suite("hannun import, in process")
struct ImportCommandLineTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-import-tests") }

  private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = folder.appending(name)
    try Data(bytes).write(to: url)
    return url.path(percentEncoded: false)
  }

  private func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("--dry-run shows counts, month totals and the first rows, and writes nothing")
  func dryRun() async throws {
    let path = try file(
      "bank.csv",
      Array("날짜,내용,금액,분류\n2025-11-03,점심,-12000,식비\n2025-10-31,월급,3000000,\n".utf8))
    let run = await hannun(
      ["import", path, "--dry-run", "--locale", "ko", "--currency", "KRW"], data: data)
    #expect(run.status == 0, "\(run)")
    #expect(run.out.contains("미리 보기: 2건을 더합니다"), "\(run)")
    #expect(run.out.contains("2025-10  1건  수입 ₩3,000,000  지출 ₩0"), "\(run)")
    #expect(run.out.contains("2025-11-03 지출 ₩12,000 식비 점심"), "\(run)")
    #expect(run.out.contains("2025-10-31 수입 ₩3,000,000 미분류 월급"), "\(run)")
    let month = await hannun(["month", "2025-11", "--json"], data: data)
    #expect(try object(month.out)["expense"] as? NSNumber == 0, "\(month)")
  }

  @Test("--json, --category for rows without one, and English's default category")
  func jsonAndCategory() async throws {
    let path = try file("s.csv", Array("date,memo,amount\n2025-11-03,coffee,-4.50\n".utf8))
    let run = await hannun(
      ["import", path, "--json", "--category", "cafe", "--locale", "en", "--currency", "USD"],
      data: data)
    #expect(run.status == 0, "\(run)")
    let result = try object(run.out)
    #expect(result["dryRun"] as? Bool == false)
    let entries = try #require(result["entries"] as? [[String: Any]])
    #expect(entries.first?["category"] as? String == "cafe")
    #expect((entries.first?["amount"] as? NSNumber)?.decimalValue == Decimal(string: "4.5"))
    #expect(entries.first?["id"] is String)
    let other = try file("t.csv", Array("date,memo,amount\n2025-11-04,tea,-3\n".utf8))
    let plain = await hannun(["import", other, "--locale", "en", "--json"], data: data)
    let added = try #require(try object(plain.out)["entries"] as? [[String: Any]])
    #expect(added.first?["category"] as? String == "uncategorized", "\(plain)")
  }

  @Test("CP949 bytes from a Korean bank are read")
  func cp949() async throws {
    // "날짜,적요,출금\n2025-11-03,점심,5000\n" with 날짜, 적요, 출금 and 점심 in CP949.
    let bytes: [UInt8] =
      [0xB3, 0xAF, 0xC2, 0xA5, 0x2C, 0xC0, 0xFB, 0xBF, 0xE4, 0x2C, 0xC3, 0xE2, 0xB1, 0xDD, 0x0A]
      + Array("2025-11-03,".utf8) + [0xC1, 0xA1, 0xBD, 0xC9] + Array(",5000\n".utf8)
    let path = try file("cp.csv", bytes)
    let run = await hannun(["import", path, "--json", "--currency", "KRW"], data: data)
    #expect(run.status == 0, "\(run)")
    let entries = try #require(try object(run.out)["entries"] as? [[String: Any]])
    #expect(entries.first?["memo"] as? String == "점심")
    #expect(entries.first?["kind"] as? String == "expense")
  }

  @Test("refusals: no such file, an unknown format, a bad --map; exit statuses 1 and 2")
  func refusals() async throws {
    let missing = await hannun(["import", "/nonexistent/x.csv", "--locale", "en"], data: data)
    #expect(missing.status == 1 && missing.err.contains("no such file"), "\(missing)")
    let path = try file("x.txt", Array("a,b\n1,2\n".utf8))
    let format = await hannun(["import", path, "--format", "xls", "--locale", "ko"], data: data)
    #expect(format.status == 2 && format.err.contains("모르는 형식"), "\(format)")
    let guess = await hannun(["import", try file("x.xls", [0x41]), "--locale", "en"], data: data)
    #expect(guess.status == 2 && guess.err.contains("csv or journal with --format"), "\(guess)")
    let map = await hannun(["import", path, "--map", "when=a", "--locale", "en"], data: data)
    #expect(map.status == 2 && map.err.contains("'when' is not a field"), "\(map)")
    let column = await hannun(["import", path, "--locale", "en"], data: data)
    #expect(column.status == 2 && column.err.contains("found no date column"), "\(column)")
  }
}
