extension CommandVerb {
  /// Further lines for `help import`, in English.
  var importDetails: [String] {
    [
      "FILE: a CSV statement (UTF-8 or CP949) or an hledger/ledger journal, by its",
      "extension. Every row is checked first: one bad row adds nothing. Rows already",
      "in the ledger (same day, kind, amount, memo) are skipped. --dry-run shows",
      "what would be added. undo takes the whole import back.",
      "From the shell: hannun import FILE [--format csv|journal] [--dry-run]",
      "[--map FIELD=HEADER …] [--category C] [--json]",
      "A Hannun backup (hannun export --format json) is not imported here: it",
      "restores only into an empty ledger, from the shell:",
      "hannun import BACKUP --data NEW-FOLDER",
    ]
  }
}

extension HelpText {
  /// Further lines for `help import`, in Korean.
  static var koreanImportDetails: [String] {
    [
      "FILE: CSV 내역(UTF-8, CP949)이나 hledger/ledger journal (확장자로 구분).",
      "모든 줄을 먼저 검사해 한 줄이라도 틀리면 아무것도 더하지 않습니다.",
      "이미 있는 내역(같은 날, 종류, 금액, 메모)은 건너뜁니다.",
      "--dry-run은 더할 것만 보여 줍니다. undo로 가져온 것 전체를 되돌립니다.",
      "셸에서: hannun import FILE [--format csv|journal] [--dry-run]",
      "[--map 항목=머리글 …] [--category 분류] [--json]",
      "한눈 백업(hannun export --format json)은 여기서 가져오지 않습니다.",
      "백업은 빈 장부에만 되살리므로 셸에서:",
      "hannun import 백업파일 --data 새폴더",
    ]
  }
}
