import Foundation
import Testing

/// The stable one-shot contract: `month`, `week`, `day` and `add` with `--json`.
@Suite("CLI contract")
struct CLIContractTests {
  // MARK: - month

  @Test("--version prints the version; day with no date shows today, like month and week")
  func versionAndDefaultDay() async throws {
    try await withSandbox { sandbox in
      let version = try await sandbox.run(["--version"], passData: false)
      #expect(version.status == 0, "\(version)")
      #expect(version.out.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)

      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .current
      let parts = calendar.dateComponents([.year, .month, .day], from: Date())
      let today = String(
        format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
      let day = try await sandbox.succeed(["day", "--json"]).object()
      #expect(day["date"] as? String == today)
    }
  }

  @Test("month --json: keys, a Sunday-first grid, every day in order, and the sums")
  func monthJSON() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      _ = try await sandbox.add("income", "50000", category: "salary", date: "2025-11-25")
      _ = try await sandbox.add("expense", "3000", date: "2025-11-25")
      _ = try await sandbox.add("expense", "999", date: "2025-10-31")
      _ = try await sandbox.add("income", "777", date: "2025-12-01")

      let result = try await sandbox.succeed(["month", "2025-11", "--json"])
      #expect(result.out.hasSuffix("}\n"))
      #expect(result.out.filter { $0 == "\n" }.count == 1, "one line of JSON")
      #expect(result.out.hasPrefix(#"{"month":"2025-11","firstWeekday":1,"weeks":[["#))
      #expect(result.out.contains(#""income":50000,"expense":15000,"balance":35000,"planned":[]}"#))

      let month = try result.object()
      #expect(
        Set(month.keys)
          == ["month", "firstWeekday", "weeks", "days", "income", "expense", "balance", "planned"])
      #expect(month["month"] as? String == "2025-11")
      #expect(decimal(month["firstWeekday"]) == 1)

      let weeks = try #require(month["weeks"] as? [[Any]])
      #expect(weeks.allSatisfy { $0.count == 7 }, "every week has 7 entries")
      let first = weeks[0].map { $0 as? String }
      #expect(first == [nil, nil, nil, nil, nil, nil, "2025-11-01"])
      #expect(weeks[0].prefix(6).allSatisfy { $0 is NSNull }, "leading blanks are null")
      let dated = weeks.joined().compactMap { $0 as? String }
      #expect(dated == novemberDays)
      #expect(weeks.joined().allSatisfy { $0 is NSNull || $0 is String })
      #expect(weeks.last?.first as? String == "2025-11-30")

      let days = objects(month["days"])
      #expect(days.count == 30)
      #expect(days.map { $0["date"] as? String } == novemberDays)
      #expect(days.allSatisfy { Set($0.keys) == ["date", "income", "expense", "mood"] })
      for day in days {
        let date = day["date"] as? String
        let (income, expense): (Decimal, Decimal) =
          switch date {
          case "2025-11-03": (0, 12000)
          case "2025-11-25": (50000, 3000)
          default: (0, 0)
          }
        #expect(decimal(day["income"]) == income, "\(date ?? "?") income")
        #expect(decimal(day["expense"]) == expense, "\(date ?? "?") expense")
      }
      #expect(decimal(month["income"]) == 50000)
      #expect(decimal(month["expense"]) == 15000)
      #expect(decimal(month["balance"]) == 35000)
    }
  }

  @Test(
    "month --first-weekday N moves the columns and the field",
    arguments: 1...7)
  func monthFirstWeekday(firstWeekday: Int) async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.succeed(
        ["month", "2025-11", "--json", "--first-weekday", String(firstWeekday)])
      let month = try result.object()
      #expect(decimal(month["firstWeekday"]) == Decimal(firstWeekday))
      #expect(result.out.contains(#""firstWeekday":\#(firstWeekday),"#))
      let weeks = try #require(month["weeks"] as? [[Any]])
      #expect(weeks.allSatisfy { $0.count == 7 })
      // 2025-11-01 is a Saturday (weekday 7): it sits in column (7 - N) of the first row.
      let leadingBlanks = (7 - firstWeekday) % 7
      #expect(weeks[0].prefix(leadingBlanks).allSatisfy { $0 is NSNull })
      #expect(weeks[0][leadingBlanks] as? String == "2025-11-01")
      #expect(weeks.joined().compactMap { $0 as? String } == novemberDays)
      let trailing = weeks.last!.reversed().prefix { $0 is NSNull }.count
      #expect(leadingBlanks + 30 + trailing == weeks.count * 7)
      #expect(trailing < 7, "no empty last row")
    }
  }

  @Test("month --first-weekday 2: 2025-11 starts on a Monday row with five blanks")
  func monthMondayStart() async throws {
    try await withSandbox { sandbox in
      let month = try await sandbox.succeed(
        ["month", "2025-11", "--json", "--first-weekday", "2"]
      ).object()
      let weeks = try #require(month["weeks"] as? [[Any]])
      #expect(
        weeks[0].map { $0 as? String } == [nil, nil, nil, nil, nil, "2025-11-01", "2025-11-02"])
      #expect(weeks[1].first as? String == "2025-11-03")
      #expect(weeks.count == 5)
      #expect(weeks.last?.last as? String == "2025-11-30")
    }
  }

  @Test("month --json without a month shows some month; only its shape is checked")
  func monthDefaultShape() async throws {
    try await withSandbox { sandbox in
      let month = try await sandbox.succeed(["month", "--json"]).object()
      let name = try #require(month["month"] as? String)
      #expect(matches(name, #"\d{4}-\d{2}"#))
      let days = objects(month["days"])
      #expect((28...31).contains(days.count))
      #expect(days.allSatisfy { ($0["date"] as? String)?.hasPrefix(name + "-") == true })
      let weeks = try #require(month["weeks"] as? [[Any]])
      #expect(weeks.allSatisfy { $0.count == 7 })
      #expect(
        weeks.joined().compactMap { $0 as? String } == days.compactMap { $0["date"] as? String })
    }
  }

  // MARK: - week

  @Test("week --json: Sunday to Saturday around the day, with daily and weekly totals")
  func weekJSON() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      _ = try await sandbox.add("income", "1000", date: "2025-11-08")
      _ = try await sandbox.add("expense", "500", date: "2025-11-09")
      _ = try await sandbox.add("expense", "70", date: "2025-11-02")

      let sunday = try await sandbox.succeed(["week", "2025-11-05", "--json"])
      let week = try sunday.object()
      #expect(Set(week.keys) == ["days", "income", "expense"])
      let days = objects(week["days"])
      #expect(days.map { $0["date"] as? String } == dates(2...8))
      #expect(days.allSatisfy { Set($0.keys) == ["date", "income", "expense", "mood"] })
      #expect(decimal(days[1]["expense"]) == 12000)
      #expect(decimal(days[6]["income"]) == 1000)
      #expect(decimal(days[0]["expense"]) == 70)
      #expect(decimal(week["income"]) == 1000)
      #expect(decimal(week["expense"]) == 12070)
      #expect(sunday.out.hasSuffix(#""income":1000,"expense":12070}"# + "\n"))

      let monday = try await sandbox.succeed(
        ["week", "2025-11-05", "--json", "--first-weekday", "2"]
      ).object()
      let mondayDays = objects(monday["days"])
      #expect(mondayDays.map { $0["date"] as? String } == dates(3...9))
      #expect(decimal(monday["income"]) == 1000)
      #expect(decimal(monday["expense"]) == 12500)
    }
  }

  @Test("week --json across a month boundary counts both months")
  func weekAcrossMonths() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "100", date: "2025-11-30")
      _ = try await sandbox.add("income", "7", date: "2025-12-02")
      let week = try await sandbox.succeed(["week", "2025-12-02", "--json"]).object()
      let days = objects(week["days"]).compactMap { $0["date"] as? String }
      #expect(days == ["2025-11-30"] + (1...6).map { String(format: "2025-12-%02d", $0) })
      #expect(decimal(week["income"]) == 7)
      #expect(decimal(week["expense"]) == 100)
    }
  }

  @Test("week --json without a day: seven consecutive days")
  func weekDefaultShape() async throws {
    try await withSandbox { sandbox in
      let week = try await sandbox.succeed(["week", "--json"]).object()
      let days = objects(week["days"]).compactMap { $0["date"] as? String }
      #expect(days.count == 7)
      #expect(days.allSatisfy { matches($0, #"\d{4}-\d{2}-\d{2}"#) })
      #expect(days == days.sorted())
      #expect(Set(days).count == 7)
    }
  }

  // MARK: - day

  @Test("day --json: date, the entries with every field, and the day's totals")
  func dayJSON() async throws {
    try await withSandbox { sandbox in
      let lunch = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      let pay = try await sandbox.add("income", "35000", category: "pay", date: "2025-11-03")
      _ = try await sandbox.add("expense", "1", date: "2025-11-04")

      let result = try await sandbox.succeed(["day", "2025-11-03", "--json"])
      let day = try result.object()
      #expect(
        Set(day.keys) == [
          "date", "transactions", "income", "expense", "mood", "moodNote", "planned",
        ])
      #expect(day["date"] as? String == "2025-11-03")
      #expect(decimal(day["income"]) == 35000)
      #expect(decimal(day["expense"]) == 12000)
      let entries = objects(day["transactions"])
      #expect(entries.count == 2)
      #expect(
        entries.allSatisfy { Set($0.keys) == ["id", "date", "kind", "amount", "category", "memo"] })
      let byID = Dictionary(entries.map { ($0["id"] as? String ?? "", $0) }) { first, _ in first }
      let lunchEntry = try #require(byID[lunch])
      #expect(lunchEntry["date"] as? String == "2025-11-03")
      #expect(lunchEntry["kind"] as? String == "expense")
      #expect(decimal(lunchEntry["amount"]) == 12000)
      #expect(lunchEntry["category"] as? String == "food")
      #expect(lunchEntry["memo"] as? String == "lunch")
      let payEntry = try #require(byID[pay])
      #expect(payEntry["kind"] as? String == "income")
      #expect(payEntry["memo"] as? String == "")
      #expect(result.out.contains(#""amount":12000,"#))
      #expect(result.out.contains(#""amount":35000,"#))
    }
  }

  @Test("day --json for a day with nothing: an empty list and zero totals")
  func dayEmpty() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "1", date: "2025-11-04")
      let result = try await sandbox.succeed(["day", "2025-11-03", "--json"])
      #expect(
        result.out == #"{"date":"2025-11-03","transactions":[],"income":0,"expense":0,"#
          + #""mood":null,"moodNote":"","planned":[]}"# + "\n")
    }
  }

  // MARK: - add

  @Test("add prints only the new id; add --json prints the entry as day --json shows it")
  func addOutput() async throws {
    try await withSandbox { sandbox in
      let plain = try await sandbox.succeed(
        [
          "add", "--expense", "12000", "--category", "food", "--memo", "lunch", "--date",
          "2025-11-03", "--currency", "KRW",
        ])
      let id = plain.line
      #expect(plain.out == id + "\n", "exactly one line")
      #expect(matches(id, #"[0-9A-Za-z_-]+"#), "an id without spaces: \(id)")

      let json = try await sandbox.succeed(
        ["add", "--json", "--income", "35000", "--category", "pay", "--date", "2025-11-03"])
      #expect(json.out.filter { $0 == "\n" }.count == 1)
      let entry = try json.object()
      #expect(Set(entry.keys) == ["id", "date", "kind", "amount", "category", "memo"])
      #expect(entry["kind"] as? String == "income")
      #expect(entry["date"] as? String == "2025-11-03")
      #expect(decimal(entry["amount"]) == 35000)
      #expect(entry["category"] as? String == "pay")
      #expect(entry["memo"] as? String == "")
      let newID = try #require(entry["id"] as? String)
      #expect(newID != id)

      let listed = objects(try await sandbox.day("2025-11-03")["transactions"])
      let shown = try #require(listed.first { $0["id"] as? String == newID })
      #expect(NSDictionary(dictionary: shown).isEqual(to: entry))
      #expect(listed.contains { $0["id"] as? String == id })
    }
  }

  @Test("A USD ledger writes exact amounts in dollars, with cents")
  func usdAmountsAreExact() async throws {
    try await withSandbox { sandbox in
      let added = try await sandbox.succeed(
        [
          "add", "--expense", "12.50", "--category", "food", "--date", "2025-11-03", "--currency",
          "USD", "--json",
        ])
      #expect(added.out.contains(#""amount":12.50,"#))
      _ = try await sandbox.add("expense", "0.1", date: "2025-11-03", currency: nil)
      _ = try await sandbox.add("expense", "0.2", date: "2025-11-03", currency: nil)
      _ = try await sandbox.add("income", "$1,000", date: "2025-11-04", currency: nil)

      let day = try await sandbox.succeed(["day", "2025-11-03", "--json"])
      #expect(day.out.contains(#""amount":12.50,"#))
      #expect(day.out.contains(#""amount":0.10,"#))
      #expect(day.out.contains(#""income":0.00,"expense":12.80,"#), "0.1 + 0.2 is 0.30")
      let month = try await sandbox.succeed(["month", "2025-11", "--json"])
      #expect(
        month.out.contains(#""income":1000.00,"expense":12.80,"balance":987.20,"planned":[]}"#))
      #expect(decimal(try month.object()["balance"]) == Decimal(string: "987.20"))
    }
  }

  @Test(
    "add understands Korean and grouped amounts in a KRW ledger",
    arguments: [
      ("3만5천", "35000"), ("₩12,000", "12000"), ("12,000", "12000"), ("1.5만", "15000"),
      ("12000", "12000"), ("￦500", "500"), ("12000원", "12000"), ("1억", "100000000"),
    ])
  func koreanAmounts(typed: String, stored: String) async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.succeed(
        [
          "add", "--expense", typed, "--category", "food", "--date", "2025-11-03", "--currency",
          "KRW", "--json",
        ])
      #expect(result.out.contains(#""amount":\#(stored),"#), "\(typed) → \(stored)")
      let day = try await sandbox.succeed(["day", "2025-11-03", "--json"])
      #expect(day.out.contains(#""income":0,"expense":\#(stored),"#))
    }
  }

  // MARK: - Options and data location

  @Test("Global options may come before the subcommand")
  func globalOptionsFirst() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let result = try await sandbox.run(
        ["--data", sandbox.dataPath, "--locale", "en", "month", "2025-11", "--json"],
        passData: false)
      #expect(result.status == 0, "\(result)")
      #expect(decimal(try result.object()["expense"]) == 12000)
    }
  }

  @Test("HANNUN_DATA chooses the data directory when --data is absent")
  func hannunDataVariable() async throws {
    try await withSandbox { sandbox in
      let environment = ["HANNUN_DATA": sandbox.dataPath]
      let added = try await sandbox.run(
        [
          "add", "--expense", "12000", "--category", "food", "--date", "2025-11-03", "--currency",
          "KRW",
        ], environment: environment, passData: false)
      #expect(added.status == 0, "\(added)")
      #expect(FileManager.default.fileExists(atPath: sandbox.monthFile("2025-11").path))
      let day = try await sandbox.day("2025-11-03")
      #expect(objects(day["transactions"]).count == 1)
      // Nothing went to the fallback locations.
      let home = try DirectorySnapshot(of: sandbox.home)
      #expect(home.entries.keys.sorted() == ["."], "\(home)")
      #expect(!FileManager.default.fileExists(atPath: sandbox.baseEnvironment["XDG_DATA_HOME"]!))
    }
  }

  @Test("--help succeeds and lists the subcommands")
  func help() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(["--help"], passData: false)
      #expect(result.status == 0)
      for word in ["month", "week", "day", "add", "edit", "delete"] {
        #expect(result.out.contains(word), "help mentions \(word)")
      }
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath))
    }
  }
}

/// 2025-11-01 … 2025-11-30.
let novemberDays = dates(1...30)

/// `2025-11-DD` for each day number.
func dates(_ days: ClosedRange<Int>) -> [String] {
  days.map { String(format: "2025-11-%02d", $0) }
}
