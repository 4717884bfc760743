import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@MainActor
@Suite("Categories: the list view-model, the coordinator's rename and its messages")
struct CategoryPresentationTests {
  @Test("the list loads a month, then all time; income first, largest first within each kind")
  func listViewModel() async throws {
    let ledger = await TestLedger.started()
    let november = Fixtures.month("2025-11")
    let list = await ledger.coordinator.categoryList(of: november...november)
    #expect(list.loadFailure == nil)
    #expect(list.categories.map(\.category) == ["salary", "gift", "food", "cafe"])
    #expect(list.list?.summary.expense == money(16_500))
    await list.show(nil)
    #expect(list.span == nil)
    #expect(list.categories.first { $0.category == "food" }?.count == 3)
    #expect(list.categories.first { $0.category == "food" }?.amount == money(27_000))
  }

  @Test("a list that cannot be read keeps the failure, and a later load clears it")
  func listFailure() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    let failure = LedgerError.unreadableFile(path: "/x/2025-11.json", reason: .notRegularFile)
    await repository.failReads(with: failure)
    let list = CategoryListViewModel(repository: repository, span: nil)
    await list.load()
    #expect(list.loadFailure == .ledger(failure))
    #expect(list.list == nil)
    await repository.stopFailingReads()
    await list.load()
    #expect(list.loadFailure == nil && list.categories.count == 6)
  }

  @Test("a rename through the coordinator is one undo step; the calendar follows both ways")
  func renameUndoRedo() async throws {
    let ledger = await TestLedger.started()
    await ledger.calendar.select(day: day("2025-11-03"))
    let batch = try await ledger.coordinator.renameCategory("food", to: "식비")
    #expect(batch.purpose == .renameCategory(from: "food", to: "식비", merged: false))
    #expect(batch.changes.count == 3)
    #expect(ledger.coordinator.canUndo && !ledger.coordinator.canRedo)
    await ledger.settle()
    #expect(ledger.calendar.selectedEntries.map(\.category) == ["식비", "gift"])

    let undone = try await ledger.coordinator.undo()
    #expect(undone == .batch(batch))
    #expect(ledger.calendar.selectedEntries.map(\.category) == ["food", "gift"])
    #expect(await ledger.repository.all == TestLedger.sample.sorted(by: Transaction.listOrder))
    #expect(ledger.coordinator.canRedo)

    #expect(try await ledger.coordinator.redo() == .batch(batch))
    #expect(ledger.calendar.selectedEntries.map(\.category) == ["식비", "gift"])
  }

  @Test("a refused rename records nothing to undo")
  func refusedRename() async throws {
    let ledger = await TestLedger.started()
    await #expect(throws: CategoryRenameError.unknownCategory("nope")) {
      try await ledger.coordinator.renameCategory("nope", to: "x")
    }
    #expect(!ledger.coordinator.canUndo)
    #expect(await ledger.repository.latestRevision() == 0)
  }

  @Test(
    "rename errors are said in both languages, naming the category",
    arguments: [
      CategoryRenameError.unknownCategory("식당"), .sameName("cafe latte"),
      .budgetsOverlap(from: "식당", to: "식비", month: Fixtures.month("2025-11")),
    ])
  func errorMessages(error: CategoryRenameError) {
    let name =
      switch error {
      case .unknownCategory(let text), .sameName(let text), .budgetsOverlap(let text, _, _): text
      }
    for catalog in [KoreanMessages(), EnglishMessages()] as [any MessageCatalog] {
      let text = catalog.describe(any: error)
      #expect(text.contains("'\(name)'"), "\(text)")
      #expect(catalog.describe(AppError(error)) == text)
    }
    let korean = KoreanMessages().describe(error)
    #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    #expect(korean != EnglishMessages().describe(error))
  }

  @Test(
    "what a rename did: renamed or merged, with the counts of entries, budgets and rules, in both languages"
  )
  func renamedSentences() {
    let english = EnglishMessages()
    let korean = KoreanMessages()
    #expect(
      english.categoryRenamed(
        from: "식당", to: "외식", merged: false, entries: 1, budgets: 0, rules: 0)
        == "renamed category 식당 to 외식 (1 entry)")
    #expect(
      english.categoryRenamed(
        from: "식당", to: "식비", merged: true, entries: 12, budgets: 0, rules: 0)
        == "merged 12 entries of 식당 into 식비")
    #expect(
      english.categoryRenamed(
        from: "식비", to: "먹거리", merged: false, entries: 107, budgets: 1, rules: 2)
        == "renamed category 식비 to 먹거리 (107 entries, 1 budget, 2 recurring rules)")
    #expect(
      english.categoryRenamed(
        from: "식당", to: "식비", merged: true, entries: 2, budgets: 2, rules: 1)
        == "merged 2 entries of 식당 into 식비 with 2 budgets and 1 recurring rule")
    #expect(
      korean.categoryRenamed(
        from: "식당", to: "외식", merged: false, entries: 3, budgets: 0, rules: 0)
        == "분류 이름 바꿈 식당 → 외식 (3건)")
    #expect(
      korean.categoryRenamed(
        from: "식비", to: "먹거리", merged: false, entries: 107, budgets: 1, rules: 2)
        == "분류 이름 바꿈 식비 → 먹거리 (107건, 예산 1개, 반복 규칙 2개)")
    #expect(
      korean.categoryRenamed(
        from: "식당", to: "식비", merged: true, entries: 12, budgets: 0, rules: 0)
        == "분류 합침 식당 → 식비 (12건)")
  }
}
