import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

extension ReportRun {
  /// `hannun report --by-mood [SPAN] [--json]`: spending by mood over the months, up to today.
  @MainActor func reportByMood(_ span: ClosedRange<YearMonth>, _ environment: AppEnvironment)
    async throws
  {
    let model = environment.session.coordinator.showReport(of: span, subject: .moods)
    await model.load()
    if let failure = model.loadFailure { throw failure }
    guard let report = model.moodSpending else { return }
    if json {
      Console.line(MoodJSON.report(report, currency: environment.currency).serialized())
      return
    }
    var theme = Theme(colorEnabled: environment.colorEnabled)
    theme.emoji = environment.emoji
    Console.output(
      MoodReportRenderer(
        theme: theme, width: TerminalSize.output.columns, language: environment.language,
        money: MoneyFormatter(currency: environment.currency), hints: .commandLine
      ).text(report))
  }
}
