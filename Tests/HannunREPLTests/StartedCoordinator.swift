import HannunDomain
import HannunInMemoryStore
import HannunPresentation
import HannunTestSupport

/// A coordinator whose calendar has started, its entries read through `entries` (a fake that
/// fails or holds some reads) and everything else kept in `store`, `recurring` standing in for
/// the store's rules when given; edits write to `store`.
@MainActor
func startedCoordinator(
  entries: any TransactionRepository, store: InMemoryTransactionRepository,
  recurring: (any RecurringRepository)? = nil, clock: LedgerClock,
  language: DisplayLanguage = .english
) async -> AppCoordinator {
  let rules = recurring ?? store
  let calendar = CalendarViewModel(
    entries: entries, moods: store, recurring: rules, clock: clock, currency: .krw,
    language: language)
  let stores = LedgerStores(
    entries: entries, budgets: store, recurring: rules, moods: store, versions: store,
    restoring: store)
  let coordinator = AppCoordinator(
    calendar: calendar, editor: LedgerEditor(repository: store, clock: clock), stores: stores,
    clock: clock, currency: .krw)
  await calendar.start()
  return coordinator
}
