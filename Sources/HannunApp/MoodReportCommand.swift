import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

extension ReportCommand {
  /// `hannun report --by-mood [SPAN] [--json]`: spending by mood over the months, up to today.
  @MainActor func reportByMood(_ span: ClosedRange<YearMonth>, _ environment: AppEnvironment)
    async throws
  {
    let session = environment.session
    let report = try await MoodSpendingReport.load(
      span, today: session.clock.today, entries: session.repository, moods: session.stores.moods)
    if json {
      Console.line(MoodJSON.report(report, currency: environment.currency).serialized())
      return
    }
    var theme = Theme(colorEnabled: environment.colorEnabled)
    theme.emoji = environment.emoji
    Console.output(
      MoodReportRenderer(
        theme: theme, width: TerminalSize.output.columns, language: environment.language,
        money: MoneyFormatter(currency: environment.currency)
      ).text(report))
  }
}
