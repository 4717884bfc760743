import HannunDomain

/// A screen open above the calendar, carrying its view-model, as in a SwiftUI
/// `NavigationStack(path:)`: a frontend draws ``AppCoordinator/path`` however it likes, binds
/// to it, pops any route by removing it, or builds a deep link by constructing the routes.
///
/// Two routes are equal when they hold the same view-model instance.
public enum Route: Hashable {
  /// The add or edit form.
  case transactionForm(TransactionFormViewModel)
  /// The question before deleting an entry.
  case deleteConfirmation(DeleteConfirmationViewModel)
  /// The year-month picker.
  case yearMonthPicker(YearMonthPickerViewModel)
  /// A page of the selected day's entries.
  case entryPage(EntryPageViewModel)
  /// A report of a month, a year or a range, of totals or by mood.
  case report(ReportViewModel)
  /// A year's twelve months at a glance.
  case year(YearViewModel)
  /// A month's budgets.
  case budgets(BudgetMonthViewModel)
  /// A search's results.
  case search(TransactionSearchViewModel)
  /// The categories of a period.
  case categories(CategoryListViewModel)

  // Household screens: recurring rules, the due list, a day's mood, an import preview.
  /// The recurring rules, with add, change and remove.
  case recurringRules(RecurringRulesViewModel)
  /// The occurrences due by today, with confirm, skip and change.
  case dueList(DueListViewModel)
  /// A day's mood, with set and clear.
  case dayMood(DayMoodViewModel)
  /// What an import would add, skip and refuse, with confirm.
  case importPreview(ImportPreviewViewModel)

  /// The view-model the route carries.
  public var model: AnyObject {
    switch self {
    case .transactionForm(let form): form
    case .deleteConfirmation(let confirmation): confirmation
    case .yearMonthPicker(let picker): picker
    case .entryPage(let page): page
    case .report(let report): report
    case .year(let year): year
    case .budgets(let budgets): budgets
    case .search(let search): search
    case .categories(let categories): categories
    case .recurringRules(let rules): rules
    case .dueList(let due): due
    case .dayMood(let mood): mood
    case .importPreview(let preview): preview
    }
  }

  /// What kind of screen the route is, without its model: for logs, tests and simple frontends.
  public var kind: Kind {
    switch self {
    case .transactionForm(let form): .transactionForm(form.mode)
    case .deleteConfirmation(let confirmation): .deleteConfirmation(confirmation.entry.id)
    case .yearMonthPicker: .yearMonthPicker
    case .entryPage: .entryPage
    case .report(let report): .report(report.subject)
    case .year: .year
    case .budgets: .budgets
    case .search: .search
    case .categories: .categories
    case .recurringRules: .recurringRules
    case .dueList: .dueList
    case .dayMood(let mood): .dayMood(mood.day)
    case .importPreview: .importPreview
    }
  }

  /// The kinds of screen, as plain values.
  public enum Kind: Hashable, Sendable {
    /// The add or edit form, and which.
    case transactionForm(TransactionFormViewModel.Mode)
    /// The delete question for an entry.
    case deleteConfirmation(TransactionID)
    /// The year-month picker.
    case yearMonthPicker
    /// A page of the selected day's entries.
    case entryPage
    /// A report, and what it counts.
    case report(ReportViewModel.Subject)
    /// A year at a glance.
    case year
    /// A month's budgets.
    case budgets
    /// A search's results.
    case search
    /// The categories of a period.
    case categories

    // Household screens.
    /// The recurring rules.
    case recurringRules
    /// The due list.
    case dueList
    /// The mood of a day.
    case dayMood(Day)
    /// An import preview.
    case importPreview
  }

  /// Whether the route is a screen to look at (a list, a report) rather than a form, a question
  /// or a picker waiting for an answer.
  public var isScreen: Bool { screen != nil }

  /// Why the screen's last read of the ledger failed, or `nil`: a report, the year, the
  /// categories, a month's budgets, the rules or the due list, read again after another process
  /// changed the ledger, may find a file gone, damaged or replaced by a link. A frontend then
  /// names the failure where the screen's content was, never the calendar or the rules as first
  /// read, as though nothing were wrong.
  @MainActor public var readFailure: AppError? {
    switch self {
    case .report(let report): report.loadFailure
    case .year(let year): year.loadFailure
    case .budgets(let budgets): budgets.loadFailure
    case .categories(let categories): categories.loadFailure
    case .recurringRules(let rules): rules.readFailure
    case .dueList(let due): due.readFailure
    case .transactionForm, .deleteConfirmation, .yearMonthPicker, .entryPage, .search, .dayMood,
      .importPreview:
      nil
    }
  }

  /// The route's model when it is a screen that ends by being left.
  var screen: (any ClosableScreen)? {
    switch self {
    case .transactionForm, .deleteConfirmation, .yearMonthPicker, .importPreview: nil
    case .entryPage(let page): page
    case .report(let report): report
    case .year(let year): year
    case .budgets(let budgets): budgets
    case .search(let search): search
    case .categories(let categories): categories
    case .recurringRules(let rules): rules
    case .dueList(let due): due
    case .dayMood(let mood): mood
    }
  }

  /// `Equatable`: the same route when it carries the same view-model instance.
  public static func == (lhs: Route, rhs: Route) -> Bool { lhs.model === rhs.model }

  /// `Hashable`: hashes the view-model's identity, matching ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(model)) }
}
