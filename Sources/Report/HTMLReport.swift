import Audit
import Conformance
import CriteriaModel
import Foundation

/// The audit report: one self-contained, accessible HTML page (no external requests, one hashed script).
public struct HTMLReport: Sendable {
  public var results: AuditResults
  public var title: String
  /// `YYYY-MM-DD`.
  public var date: String
  /// Ticket key to its page on the tracker.
  public var ticketLinks: [String: String]
  public var toolVersion: String
  /// The languages of the audit's own text (components, checks, expected results) and of its notes,
  /// when given and not English: that text is marked with them.
  public var languages: TextLanguages
  /// Whether any row carries WCAG numbers (computed once: the writers ask for every row).
  let hasWCAG: Bool
  /// Component and platform pairs in sheet order, with their rows.
  let groups: [(component: String, platform: String, rows: [ResultRow])]
  /// The platforms in sheet order, with their rows (the chart and its table past `chartPairLimit`
  /// pairs).
  let byPlatform: [(platform: String, rows: [ResultRow])]

  public init(
    results: AuditResults, title: String, date: String,
    ticketLinks: [String: String] = [:],
    toolVersion: String, languages: TextLanguages = TextLanguages()
  ) {
    self.languages = languages
    self.results = results
    self.title = title
    self.date = date
    self.ticketLinks = ticketLinks
    self.toolVersion = toolVersion
    hasWCAG = results.rows.contains { !$0.wcag.isEmpty }
    groups = Self.groups(results.rows)
    byPlatform = Self.grouped(results.rows, by: \.platform).map {
      ($0.key, $0.rows)
    }
  }

  func e(_ text: String) -> String { HTMLEscape.text(text) }
  /// The audit's own text, marked with its language when that is not English.
  func m(_ text: String) -> String {
    ContentLanguage.mark(text, languages.documents)
  }
  /// A cell of the audit's own text (`m`), marked on the cell itself.
  func cell(_ text: String) -> String {
    ContentLanguage.cell(text, languages.documents)
  }
  /// The notes' cell: the tester's notes marked with their language, what criteria wrote into the cell
  /// (a refresh's change note) and what it adds in its own words (`ResultRow.addedNote`) unmarked.
  func notesCell(_ row: ResultRow) -> String {
    ChangeNote.htmlCell(row.notes, added: row.addedNote, languages: languages)
  }
  /// A row's check as the tables name it: the test (criteria's word) and the check (the audit's text).
  private func check(_ row: ResultRow) -> String {
    row.checkName(words: e, check: m)
  }

  /// The page.
  public func html() -> String {
    let script = ReportScript.source
    let failedBefore = results.rows.filter(\.failedBefore).count
    let lacking =
      (results.lackingCount == 0
        ? ""
        : " (\(results.lackingCount) of them not in it: checks today's criteria hold for the components it "
          + "covers, counted not tested)")
      + (results.retiredCount == 0
        ? ""
        : " (\(results.retiredCount) of them \(results.retiredCount == 1 ? "a finding" : "findings") among "
          + "the rows a refresh retired, counted until retested)")
      + (failedBefore == 0
        ? ""
        : " (\(failedBefore) of them failed before and \(failedBefore == 1 ? "is" : "are") not retested since, "
          + "listed with the failures and under Not tested)")
    let hash = Data(Digest.sha256(Array(script.utf8))).base64EncodedString()
    var out =
      HTMLPage.start(
        title: title,
        policy:
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-\(hash)'",
        style: Self.style) + """
        <a class="skip" href="#main">Skip to the report</a>
        <header>
        <h1>\(e(title))</h1>
        <p>\(Counted.phrase(results.rows.count, "check")) from \(e(results.source))\(lacking), \(e(date)). Made by criteria \(e(toolVersion)).</p>
        <nav aria-label="Sections"><ul>
        <li><a href="#summary">Summary</a></li><li><a href="#failures">Failures</a></li>
        \(manyPairs ? "<li><a href=\"#pairs\">Per component and platform</a></li>" : "")<li><a href="#components">Components</a></li>\(hasWCAG ? "<li><a href=\"#wcag\">WCAG 2.2</a></li>" : "")
        <li><a href="#not-tested">Not tested</a></li>
        </ul></nav>
        </header>
        <main id="main">

        """
    out += filters()
    out += summary()
    out += failures()
    if manyPairs { out += pairs() }
    out += components()
    if hasWCAG { out += wcag() }
    out += notTested()
    out += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
    return out
  }

  func filters() -> String {
    // Each option says its value: an option's text has its runs of spaces collapsed, and a value with
    // two spaces inside would then match no row.
    func options(_ values: [String], marked: Bool = false) -> String {
      "<option value=\"\">All</option>"
        + values.map {
          "<option value=\"\(e($0))\"\(marked ? ContentLanguage.attribute(languages.documents) : "")>\(e($0))</option>"
        }.joined()
    }
    let platforms = Array(Set(results.rows.map(\.platform))).sorted()
    let components = Array(Set(results.rows.map(\.component))).sorted()
    let severities =
      results.severities
      + Array(
        Set(results.rows.map(\.severity)).subtracting(results.severities)
          .subtracting([""])
      ).sorted()
    return """
      <form id="filters" class="filters" hidden aria-labelledby="filters-h">
      <h2 id="filters-h">Filter the checks</h2>
      <div class="controls">
      <p><label for="f-platform">Platform</label> <select id="f-platform">\(options(platforms))</select></p>
      <p><label for="f-result">Result</label> <select id="f-result">\(options(results.statuses))</select></p>
      <p><label for="f-severity">Severity</label> <select id="f-severity">\(options(severities))</select></p>
      <p><label for="f-component">Component</label> <select id="f-component">\(options(components, marked: true))</select></p>
      <p><input type="checkbox" id="f-only"> <label for="f-only">Only failures</label></p>
      <p><button type="reset" id="f-reset">Show all</button></p>
      </div>
      <p id="shown" role="status" aria-live="polite"></p>
      </form>

      """
  }

  /// The row's data for the filters in the Failures tables; "Only failures" keeps a Fail and a Fail not
  /// retested since (`data-failed-before`).
  ///
  /// A component table's rows carry only `data-failed-before`: the script reads their platform, result
  /// and severity from the cells its header marks (`data-key`) and their component from the section,
  /// so a 10,000-row page does not say each fact twice.
  func attributes(_ row: ResultRow) -> String {
    "data-platform=\"\(e(row.platform))\" data-result=\"\(e(row.result))\" data-severity=\"\(e(row.severity))\" data-component=\"\(e(row.component))\""
      + (row.failedBefore ? " data-failed-before=\"true\"" : "")
  }

  func ticket(_ key: String) -> String {
    guard !key.isEmpty else { return "" }
    if let url = ticketLinks[key].flatMap(LinkTarget.web) {
      return "<a href=\"\(e(url))\">\(e(key))</a>"
    }
    return e(key)
  }

  /// The Fail rows, most severe first, then the checks that failed before and no retest has recorded a
  /// result for since (a refresh cleared the Fail, or a ledger filed it): known failures, never left to
  /// the Not tested list alone.
  func failures() -> String {
    let failed = results.rows(Set([.fail]))
    let earlier = results.rows.filter(\.failedBefore)
    var out =
      "<section id=\"failures\" aria-labelledby=\"failures-h\"\(lazy(failed.count + earlier.count))>\n<h2 id=\"failures-h\">Failures (\(failed.count))</h2>\n"
    guard !failed.isEmpty else {
      let open = results.rows(Set([.notTested, .cannotTell])).count
      let none =
        open == 0
        ? "No check failed."
        : open == results.rows.count
          ? "No check has a result yet: all \(open) are not tested or cannot tell (listed under Not tested)."
          : "No check failed among the \(results.rows.count - open) with a result; \(open) "
            + "\(open == 1 ? "is" : "are") not tested or cannot tell (listed under Not tested)."
      return out
        + (earlier.isEmpty
          ? "<p>\(none)</p>\n"
          : "<p>No check records a Fail; the checks below failed before and no retest has recorded a "
            + "result for them since.</p>\n" + failedBefore(earlier))
        + "</section>\n"
    }
    out +=
      "<table>\n<caption>Failed checks, most severe first</caption>\n<thead><tr><th scope=\"col\">Check</th><th scope=\"col\">Component</th><th scope=\"col\">Platform</th>"
    out +=
      "<th scope=\"col\">Expected result</th><th scope=\"col\">Severity</th><th scope=\"col\">Tester</th><th scope=\"col\">Date</th><th scope=\"col\">Notes</th><th scope=\"col\">Ticket</th></tr></thead>\n<tbody>\n"
    let rank = Dictionary(
      uniqueKeysWithValues: results.severities.enumerated().map { ($1, $0) })
    let sorted = failed.enumerated().sorted { lhs, rhs in
      let l = rank[lhs.element.severity] ?? results.severities.count
      let r = rank[rhs.element.severity] ?? results.severities.count
      return l != r ? l < r : lhs.offset < rhs.offset
    }.map(\.element)
    for row in sorted {
      out +=
        "<tr \(attributes(row))><th scope=\"row\">\(check(row))</th>\(cell(row.component))<td>\(e(row.platform))</td>"
      out +=
        "\(cell(row.expected))<td>\(e(row.severity))</td><td>\(e(row.tester))</td><td>\(e(row.date))</td>\(notesCell(row))<td>\(ticket(row.ticket))</td></tr>\n"
    }
    return out + "</tbody>\n</table>\n"
      + (earlier.isEmpty ? "" : failedBefore(earlier)) + "</section>\n"
  }

  /// The table of the checks that failed before and are not retested since, under the Failures.
  func failedBefore(_ rows: [ResultRow]) -> String {
    var out =
      "<h3 id=\"failed-before-h\">Failed before, not retested since (\(rows.count))</h3>\n"
      + "<table>\n<caption>Checks whose last recorded result is a Fail, not retested since</caption>\n<thead><tr><th scope=\"col\">Check</th><th scope=\"col\">Component</th>"
      + "<th scope=\"col\">Platform</th><th scope=\"col\">Expected result</th><th scope=\"col\">Notes</th>"
      + "<th scope=\"col\">Ticket</th></tr></thead>\n<tbody>\n"
    for row in rows {
      out +=
        "<tr \(attributes(row))><th scope=\"row\">\(check(row))</th>\(cell(row.component))"
        + "<td>\(e(row.platform))</td>\(cell(row.expected))\(notesCell(row))"
        + "<td>\(ticket(row.ticket))</td></tr>\n"
    }
    return out + "</tbody>\n</table>\n"
  }

  func components() -> String {
    var out =
      "<section id=\"components\" aria-labelledby=\"components-h\">\n<h2 id=\"components-h\">Components</h2>\n"
    let byComponent = Self.grouped(results.rows, by: \.component)
    out +=
      "<ul\(lazy(byComponent.count / 5, height: byComponent.count / 3, classes: "toc"))>"
      + byComponent.enumerated().map {
        "<li><a href=\"#c\($0.offset)\">\(m($0.element.key))</a></li>"
      }.joined() + "</ul>\n"
    for (index, (name, rows)) in byComponent.enumerated() {
      out +=
        "<section class=\"component\" aria-labelledby=\"c\(index)\" data-component=\"\(e(name))\">\n<h3 id=\"c\(index)\">\(m(name))</h3>\n"
      out +=
        "<table>\n<caption>\(m(name)): \(Counted.phrase(rows.count, "check"))</caption>\n<thead><tr><th scope=\"col\">Check</th><th scope=\"col\" data-key=\"platform\">Platform</th><th scope=\"col\">Expected result</th>"
      out +=
        "<th scope=\"col\" data-key=\"result\">Result</th><th scope=\"col\" data-key=\"severity\">Severity</th><th scope=\"col\">Notes</th><th scope=\"col\">Ticket</th>\(hasWCAG ? "<th scope=\"col\">WCAG</th>" : "")</tr></thead>\n<tbody>\n"
      for row in rows {
        out +=
          "<tr\(row.failedBefore ? " data-failed-before=\"true\"" : "")><th scope=\"row\">\(check(row))</th><td>\(e(row.platform))</td>\(cell(row.expected))"
        out +=
          "<td class=\"r-\(row.outcome)\">\(e(row.result))</td><td>\(e(row.severity))</td>\(notesCell(row))<td>\(ticket(row.ticket))</td>"
        out += hasWCAG ? "<td>\(e(row.wcag.joined(separator: ", ")))</td>" : ""
        out += "</tr>\n"
      }
      out += "</tbody>\n</table>\n</section>\n"
    }
    return out + "</section>\n"
  }

  func wcag() -> String {
    var byNumber: [String: [ResultRow]] = [:]
    for row in results.rows {
      for number in row.countedWCAG {
        byNumber[number, default: []].append(row)
      }
    }
    var out =
      "<section id=\"wcag\" aria-labelledby=\"wcag-h\"\(lazy(byNumber.count))>\n<h2 id=\"wcag-h\">WCAG 2.2</h2>\n"
    out +=
      "<table>\n<caption>Conformance per success criterion the audit covers</caption>\n<thead><tr><th scope=\"col\">Success criterion</th><th scope=\"col\">Level</th>"
    out +=
      "<th scope=\"col\">Checks</th><th scope=\"col\">Failed</th><th scope=\"col\">Web</th><th scope=\"col\">Software</th></tr></thead>\n<tbody>\n"
    for number in WCAGOrder.sorted(byNumber.keys) {
      guard let criterion = WCAG22.criterion(number),
        let rows = byNumber[number]
      else { continue }
      let web = rows.filter { $0.platform == "Web" }
      let software = rows.filter { $0.platform != "Web" }
      out +=
        "<tr><th scope=\"row\"><a href=\"\(e(criterion.understanding))\">\(number) \(e(criterion.handle))</a></th><td>\(criterion.level.rawValue)</td>"
      out +=
        "<td>\(rows.count)</td><td>\(failedCell(rows))</td><td>\(e(conformance(web)))</td><td>\(e(conformance(software)))</td></tr>\n"
    }
    return out + "</tbody>\n</table>\n</section>\n"
  }

  /// The WCAG table's Failed cell: the Fail rows, and beside them the checks that failed before and are
  /// not retested since, which count as not tested but are known failures, never shown as none.
  func failedCell(_ rows: [ResultRow]) -> String {
    let failed = rows.filter { $0.outcome == .fail }.count
    let earlier = rows.filter(\.failedBefore).count
    return earlier == 0
      ? "\(failed)"
      : "\(failed) (and \(earlier) failed before, not retested since)"
  }

  /// The class and style of a part of the page: Chromium lays a long one out only near the screen.
  ///
  /// A part of 100 `lines` or more gets `lazy` (`content-visibility: auto`; it stays in the
  /// accessibility tree and in find-in-page), its height estimated until then as `height` rem, by default
  /// two a line; `classes` are the element's own, kept either way.
  func lazy(_ lines: Int, height: Int? = nil, classes: String = "") -> String {
    guard lines >= 100 else {
      return classes.isEmpty ? "" : " class=\"\(classes)\""
    }
    return
      " class=\"\(classes.isEmpty ? "" : classes + " ")lazy\" style=\"contain-intrinsic-size: auto \(height ?? lines * 2 + 6)rem\""
  }

  func notTested() -> String {
    let open = results.rows(Set([.notTested, .cannotTell]))
    var out =
      "<section id=\"not-tested\" aria-labelledby=\"not-tested-h\"\(lazy(open.count / 3))>\n<h2 id=\"not-tested-h\">Not tested (\(open.count))</h2>\n"
    guard !open.isEmpty else {
      return out + "<p>Every check has a result.</p>\n</section>\n"
    }
    out += "<ul>\n"
    for (name, rows) in Self.grouped(open, by: \.component) {
      out +=
        "<li>\(m(name)): "
        + rows.map {
          "\(e($0.platform)) \(e($0.test))\($0.test.isEmpty ? "" : ": ")\(m($0.check)) (\(e($0.result.lowercased()))"
            + ($0.failedBefore
              ? "; " + ResultRow.failedBeforeNote : "") + ")"
        }.joined(separator: "; ") + "</li>\n"
    }
    return out + "</ul>\n</section>\n"
  }

  static let style = """
    body { margin: 0 auto; max-width: 80rem; padding: 1rem; }
    .skip { position: absolute; left: -999rem; }
    .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; }
    nav ul, .toc { display: flex; flex-wrap: wrap; gap: 0.4rem 1.2rem; list-style: none; padding: 0; }
    table { margin: 0.5rem 0 1.5rem; }
    table.counts { width: auto; }
    caption { padding: 0.4rem 0; }
    tbody th { font-weight: 600; }
    .r-fail { background: #fde7e9; color: #8a1020; font-weight: 700; }
    .r-pass { background: #e6f4ea; color: #11532b; }
    .filters { border: 1px solid #767676; padding: 0.5rem 1rem; margin: 1rem 0; }
    .filters h2 { font-size: 1.1rem; margin: 0.3rem 0; }
    .controls { display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
    .controls p { margin: 0.4rem 0; }
    select, button { font: inherit; padding: 0.2rem 0.4rem; }
    section.component { content-visibility: auto; contain-intrinsic-size: auto 40rem; }
    .lazy { content-visibility: auto; }
    figure { margin: 0.5rem 0 1rem; }
    figure svg { width: 100%; height: auto; }
    .side { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 1.5rem; align-items: start; }
    .side table { font-size: 0.85rem; }
    .side th, .side td { padding: 0.2rem 0.35rem; }
    @media (max-width: 70rem) { .side { grid-template-columns: minmax(0, 1fr); } }
    @media print {
      .filters, nav, .skip { display: none; }
      body { max-width: none; padding: 0; }
      a { text-decoration: none; }
      tr, figure { break-inside: avoid; }
      section.component, .lazy { content-visibility: visible; }
      h2 { break-after: avoid; }
    }
    """
}
