/// The styles of the household parts of the pages (planned entries, budget, moods, due list),
/// served after ``StaticAssets/stylesheet`` in the same file. Planned amounts are marked `~` and
/// dashed as well as dimmed, so they read as planned without colour. On a narrow screen each
/// budget row stacks in two lines (its name and remove button, then limit, spent and left under
/// the column headings), so no amount or heading breaks inside a word; the categories and the
/// mood report keep their four figures in a row of fixed columns, with the rename form or the
/// categories spent more on in a line of their own under them.
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
    #features{display:flex;flex-wrap:wrap;gap:2px 4px;width:100%;font-size:14px}
    #features a{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;
    border-radius:6px;text-decoration:none;border:1px solid var(--line)}
    #features a[aria-current]{font-weight:700;background:var(--sel)}
    main nav.months{flex-wrap:wrap;margin:6px 0}
    main nav.months a{display:inline-flex;align-items:center;justify-content:center;
    min-width:44px;min-height:44px}
    #span{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:flex-end}
    #span label.field{margin:0}
    table#budgets,table#categories,table.figures{width:100%;border-collapse:collapse;
    font-variant-numeric:tabular-nums;margin:6px 0}
    #budgets th,#budgets td,#categories th,#categories td,.figures th,.figures td{
    text-align:left;padding:6px 4px;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
    #budgets tr.over th{text-decoration:underline}
    #budgets th,#budgets td,#categories th,.figures th{word-break:keep-all}
    .figures td.in,.figures td.out{white-space:nowrap;overflow-wrap:normal}
    @media (max-width:480px){#budgets th,#budgets td,.figures th,.figures td{font-size:13px}
    #budgets button{padding:8px 10px;font-size:14px;min-height:44px}
    #budgets,#budgets thead,#budgets tbody{display:block}
    #budgets tr{display:grid;grid-template-columns:repeat(3,1fr);gap:2px 8px;align-items:center;
    padding:6px 0;border-bottom:1px solid var(--line)}
    #budgets th,#budgets td{border:0;padding:2px 4px;white-space:nowrap;overflow-wrap:normal}
    #budgets tr>:first-child{grid-column:1/3;grid-row:1;white-space:normal;
    overflow-wrap:break-word}
    #budgets tr>:last-child{grid-column:3;grid-row:1;justify-self:end}
    #categories,#moods{display:grid;gap:0 8px;font-size:13px}
    #categories{grid-template-columns:minmax(0,1fr) auto auto auto}
    #moods{grid-template-columns:minmax(0,1fr) auto auto auto}
    #categories thead,#categories tbody,#categories tr,#moods thead,#moods tbody,#moods tr{
    display:grid;grid-column:1/-1;grid-template-columns:subgrid;align-items:baseline}
    #categories tr,#moods tr{row-gap:2px;padding:6px 0;border-bottom:1px solid var(--line)}
    #categories th,#categories td,#moods th,#moods td{border:0;padding:2px 0;white-space:nowrap;
    overflow-wrap:normal}
    #categories tr>:first-child,#moods tr>:first-child{white-space:normal;
    overflow-wrap:break-word}
    #categories tr>:nth-child(3),#moods tr>:nth-child(3),#moods tr>:nth-child(4){
    text-align:right}
    #categories tr>:nth-child(5),#moods tr>:nth-child(5){grid-column:1/-1;white-space:normal}
    #moods tbody td:empty{display:none}}
    svg.chart{display:block;max-width:640px;margin:6px 0}
    #results,#rules{list-style:none;margin:0;padding:0}
    #results li,#rules li{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;
    padding:8px 2px;border-bottom:1px solid var(--line)}
    #results .amount,#rules .amount{margin-left:auto;font-variant-numeric:tabular-nums}
    #rules form,#budgets form{margin:0}
    details.filters summary{min-height:44px;box-sizing:border-box;padding:12px 0;cursor:pointer}
    nav.pages{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;margin:10px 0}
    nav.pages a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;
    padding:0 8px}
    .rename{display:flex;flex-wrap:wrap;gap:4px}
    .rename input{font-size:16px;padding:6px;max-width:10em}
    .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
    fieldset.moods{border:0;padding:0;margin:0 0 6px;display:flex;flex-wrap:wrap;gap:4px 12px}
    fieldset.moods label{min-height:44px;min-width:44px;display:inline-flex;align-items:center;
    gap:4px}
    #export fieldset{border:0;padding:0;display:flex;flex-direction:column;gap:6px}
    #export fieldset label{min-height:44px;display:inline-flex;align-items:center;gap:6px}
    """
}
