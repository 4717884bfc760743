/// The styles of the household parts of the pages (planned entries, budget, moods, due list),
/// served after ``StaticAssets/stylesheet`` in the same file. Planned amounts are marked `~` and
/// dashed as well as dimmed, so they read as planned without colour.
enum HouseholdStyle {
  /// Appended to the page's stylesheet.
  static let stylesheet = """

    .planned{opacity:.75}
    #grid td .planned{font-style:italic}
    #entries li.planned,.due li{border-bottom-style:dashed}
    #entries li.planned .mark,.due .mark,#planned .mark{font-size:12px}
    p#planned{margin:0 0 8px;display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:center;
    font-size:13px}
    #budget.over{font-weight:700;text-decoration:underline}
    #day-summary{display:flex;flex-wrap:wrap;gap:4px 12px;margin:0 0 6px;font-size:14px;
    font-variant-numeric:tabular-nums}
    #day h2 .today-tag{font-size:13px;margin-left:6px}
    #grid td .mood{display:block;font-size:20px;line-height:1.2}
    #due h2{font-size:16px;margin:14px 0 6px}
    .due{list-style:none;margin:0;padding:0}
    .due li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;padding:8px 2px;
    border-bottom:1px solid var(--line)}
    .due .amount{margin-left:auto;font-variant-numeric:tabular-nums}
    .due-action{display:inline;margin:0!important;padding:0!important;border:0!important}
    .due-action button,.actions a.change{font-size:14px;padding:8px 12px;min-height:44px}
    #entries .actions form{display:inline}
    """
}
