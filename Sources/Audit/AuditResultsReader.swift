import CriteriaModel
import Foundation

/// What a tester recorded for one row: the one vocabulary every reader of a filled audit uses.
public enum Outcome: String, Sendable, Hashable, CaseIterable, Codable {
  case pass, fail, notApplicable, notTested, cannotTell

  /// Fail or Cannot tell: a finding, which a report counts and never lets vanish.
  public var isFinding: Bool { self == .fail || self == .cannotTell }
}

extension AuditLayout {
  /// The outcome a Result word means in this layout (compared without regard to case); a blank cell is
  /// not tested; nil for a word the layout does not know.
  public func outcome(of word: String) -> Outcome? {
    let trimmed = word.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return .notTested }
    guard
      let index = statuses.firstIndex(where: {
        $0.caseInsensitiveCompare(trimmed) == .orderedSame
      })
    else { return nil }
    return Outcome.allCases[index]
  }

  /// The layout's word for an outcome.
  public func word(for outcome: Outcome) -> String {
    statuses[Outcome.allCases.firstIndex(of: outcome) ?? 3]
  }
}

/// One row of a filled audit, typed: every reader of results (the ACR, findings, the report, and the
/// refresh, merge and diff to come) reads through `AuditResultsReader`.
public struct AuditResultRow: Sendable, Hashable {
  /// The spreadsheet row number (XLSX) or the line the record starts on (CSV).
  public var number: Int
  /// Where the row is, for messages: `audit.xlsx, sheet 'Checklist', row 14` or `audit.csv:14`.
  public var place: String
  public var id: String
  public var component: String
  /// The Platform cell, or the platform in the row id; nil when neither says.
  public var platform: Platform?
  /// The Platform cell as written.
  public var platformText: String
  public var test: String
  public var check: String
  public var expected: String
  /// The WCAG cell's numbers, as written ("2.1.1, 2.4.7" → ["2.1.1", "2.4.7"]).
  public var wcag: [String]
  /// The Failed WCAG cell's numbers: on a Fail row, the criteria the defect breaks.
  public var failedWCAG: [String] = []

  /// A tester column's cell as read (Failed WCAG's numbers joined again); "" for other columns.
  public func text(_ column: AuditColumn) -> String {
    switch column {
    case .result: result
    case .severity: severity
    case .tester: tester
    case .date: date
    case .notes: notes
    case .ticket: ticket
    case .failedWCAG: failedWCAG.joined(separator: ", ")
    default: ""
    }
  }

  /// The row as messages name it: `Rating (iOS) Keyboard: Tab` (the id when the Component cell is empty;
  /// no platform when neither the cell nor the id says one).
  public var what: String {
    let platformName = platform?.rawValue ?? platformText
    let what = [test, check].filter { !$0.isEmpty }.joined(separator: ": ")
    return (component.isEmpty ? id : component)
      + (platformName.isEmpty ? "" : " (\(platformName))")
      + (what.isEmpty ? "" : " " + what)
  }

  /// The criteria this row is evidence for (`WCAGEvidence.counted`).
  public var countedWCAG: [String] {
    WCAGEvidence.counted(wcag: wcag, failed: failedWCAG, outcome: outcome)
  }
  public var outcome: Outcome
  /// The Result cell as written.
  public var result: String
  public var severity: String
  public var tester: String
  /// The Date cell: text as typed, a spreadsheet's date serial as YYYY-MM-DD.
  public var date: String
  public var notes: String
  public var ticket: String
  /// Columns the layout does not know, by header, in sheet order.
  public var extra: [String: String]
  /// On a row not tested, any result its marker or Previous result column says its check held before
  /// (a Pass too), or nil when the audit says none: only then may a ledger's filed failure speak for it.
  public var earlierResult: Outcome? = nil
}

extension AuditResultRow {
  /// On a row not tested, a finding recorded on its check before and not retested since: its
  /// `earlierResult` when that is a Fail or Cannot tell.
  ///
  /// That is a Fail a refresh cleared when the check's expectation changed (its Since last audit cell
  /// says `(was Fail, not retested)`), or a fresh cycle's Previous result. A Supports must not rest on
  /// its having been cleared. Nil once the row has a result of its own.
  public var earlierFinding: Outcome? {
    earlierResult?.isFinding == true ? earlierResult : nil
  }

  /// Not tested, and the audit says nothing of what its check held before (`earlierResult`): only such a
  /// row may a ticket ledger's filed failure, with no passing retest since, speak for.
  public var untestedWithNoEarlierResult: Bool {
    outcome == .notTested && earlierResult == nil
  }

  /// Not tested, though a Fail was recorded on its check before and no one retested it since
  /// (`earlierFinding`): a known failure.
  public var failedBefore: Bool {
    outcome == .notTested && earlierFinding == .fail
  }

  /// The component ids the row's "Since last audit" cell says a refresh carried it from (a document
  /// moved or renamed since), newest first; none for a row that did not move.
  public var movedFrom: [String] {
    guard
      let cell = extra.first(where: { AuditCarry.isMarkHeader($0.key) })?.value
    else { return [] }
    return AuditCarry.movedFrom(mark: cell)
  }

  /// A check today's criteria hold that an audit has no row for, as a fresh audit holds it: Not tested
  /// (Not applicable where the check expects N/A), its notes saying it is not in the audit (`audit`).
  ///
  /// With `filed`, the ticket a ledger filed for its failure, no passing retest recorded: a Fail not
  /// retested since (`failedBefore`), its Ticket cell naming it.
  public init(
    lacking check: AuditRow, in audit: String, layout: AuditLayout,
    filed: FiledFailure? = nil
  ) {
    let outcome: Outcome =
      check.criterion.expectsNotApplicable ? .notApplicable : .notTested
    self.init(
      number: 0, place: "\(audit): no row for \(check.id)", id: check.id,
      component: check.component, platform: check.platform,
      platformText: check.platform.rawValue, test: check.criterion.test.label,
      check: check.criterion.check, expected: check.criterion.expectation,
      wcag: check.criterion.wcag, outcome: outcome,
      result: layout.word(for: outcome), severity: "", tester: "", date: "",
      notes: Self.lackingNote, ticket: "", extra: [:])
    if let filed, outcome == .notTested {
      earlierResult = .fail
      filed.record(notes: &notes, ticket: &ticket)
    }
  }

  /// The ticket a ledger filed for the failure of a check an audit lacks or holds not tested, the ledger
  /// recording no passing retest since.
  public struct FiledFailure: Sendable, Hashable {
    public var key: String
    /// The day the failure was recorded, as the audit spelled it (empty when the row had no date).
    public var date: String

    public init(key: String, date: String) {
      self.key = key
      self.date = date
    }

    /// What the row's notes add, such as "Its failure (2026-11-02) was filed as #12, and no passing
    /// retest is recorded since".
    public var sentence: String {
      "Its failure" + (date.isEmpty ? "" : " (\(date))")
        + " was filed as \(key), and no passing retest is recorded since."
    }

    /// Adds what a row counted as this failure says: `sentence` after its notes, and the key in its
    /// Ticket cell when that is empty (a ticket a person wrote there stays).
    public func record(notes: inout String, ticket: inout String) {
      if ticket.isEmpty { ticket = key }
      notes += (notes.isEmpty ? "" : " ") + sentence
    }
  }

  /// What a check an audit lacks says in its notes.
  public static let lackingNote =
    "Not in the audit: today's criteria hold this check (criteria refresh adds it)."
}

/// Reads the rows of a filled audit with one set of rules: the layout's Result words (any other word is
/// an error naming the file and row, status 65), platforms, WCAG cells and dates.
public struct AuditResultsReader: Sendable {
  public var layout: AuditLayout

  /// Creates a reader for a layout's words.
  public init(layout: AuditLayout = AuditLayout()) { self.layout = layout }

  /// Where a sheet is, for messages: `audit.xlsx, sheet 'Checklist'` or `audit.csv`.
  public static func location(_ sheet: AuditSheet) -> String {
    sheet.sheetName.map { "\(sheet.path), sheet '\($0)'" } ?? sheet.path
  }

  /// Every row of the sheet with its platform, for a reader that reports platforms apart: a row with
  /// none is an error naming it and saying why (`apart`, such as "the report shows web and software
  /// apart").
  public func rowsWithPlatform(of sheet: AuditSheet, _ apart: String)
    throws(AuditError) -> [(row: AuditResultRow, platform: Platform)]
  {
    try rows(of: sheet).map { row throws(AuditError) in
      guard let platform = row.platform else {
        throw AuditError(
          "\(row.place): no platform (the Platform cell is '\(row.platformText)'); \(apart)"
        )
      }
      return (row, platform)
    }
  }

  /// Every row of the sheet; a missing Result column, an unknown Result word or an ID on two rows is
  /// an error.
  public func rows(of sheet: AuditSheet) throws(AuditError) -> [AuditResultRow]
  {
    guard sheet.column(.result) != nil else {
      let found = sheet.header.filter { !$0.isEmpty }.map { "'\($0)'" }
        .joined(separator: ", ")
      // A header row holding a result word or a platform is a row of results: a CSV written without
      // its header.
      let results = sheet.header.contains {
        !$0.isEmpty
          && (layout.outcome(of: $0) != nil || Platform(rawValue: $0) != nil)
      }
      throw AuditError(
        "\(Self.location(sheet)): no Result column in the header (row \(sheet.headerRow): \(found.isEmpty ? "empty" : found)); "
          + "results are read from the Result column testers fill in"
          + (results
            ? " (that row holds results, not headers: a CSV written with the csv output's `header: false` "
              + "cannot be read back; write the audit with its header row)"
            : ""))
    }
    // Each header is matched once, not once per row.
    let columns = Dictionary(
      uniqueKeysWithValues: AuditColumn.allCases.map { ($0, sheet.column($0)) })
    let known = Set(columns.values.compactMap { $0 })
    let extras = sheet.header.indices.filter {
      !known.contains($0) && !sheet.header[$0].isEmpty
    }
    var rows: [AuditResultRow] = []
    rows.reserveCapacity(sheet.rows.count)
    var placeOfID: [String: String] = [:]
    for row in sheet.rows {
      func cell(_ column: AuditColumn) -> String {
        row[columns[column] ?? nil].trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
      let word = cell(.result)
      guard let outcome = layout.outcome(of: word) else {
        throw AuditError(
          "\(sheet.place(row.number)): Result '\(word)' is not one of \(layout.statuses.joined(separator: ", ")) "
            + "(the Result words of the config's audit output: an audit made with other words is read with its config, --config)"
        )
      }
      let id = cell(.id)
      let place = sheet.place(row.number)
      if !id.isEmpty {
        if let first = placeOfID.updateValue(place, forKey: id) {
          throw .idTwice(id, at: place, first: first)
        }
      }
      let platformText = cell(.platform)
      let platform =
        Platform(userValue: platformText)
        ?? (id.contains(StableID.platformSeparator)
          ? StableID.split(row: id).platform : nil)
      rows.append(
        AuditResultRow(
          number: row.number, place: place, id: id,
          component: cell(.component), platform: platform,
          platformText: platformText, test: cell(.test), check: cell(.check),
          expected: cell(.expected),
          wcag: WCAGEvidence.numbers(cell(.wcag)),
          failedWCAG: WCAGEvidence.numbers(cell(.failedWCAG)),
          outcome: outcome, result: word, severity: cell(.severity),
          tester: cell(.tester), date: AuditDate.text(cell(.date)),
          notes: cell(.notes), ticket: cell(.ticket),
          extra: Dictionary(
            extras.map { (sheet.header[$0], row[$0]) },
            uniquingKeysWith: { first, _ in first })))
      if outcome == .notTested {
        rows[rows.count - 1].earlierResult = earlierResult(
          rows[rows.count - 1].extra)
      }
    }
    return rows
  }

  /// The result a not-tested row's marker (`AuditCarry.earlierResult`) or Previous result column says
  /// its check held before, or nil (for Not tested too).
  func earlierResult(_ extra: [String: String]) -> Outcome? {
    func cell(_ header: String) -> String? {
      extra.first {
        $0.key.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(
          header) == .orderedSame
      }?.value
    }
    let word =
      cell(AuditCarry.markHeader).flatMap(AuditCarry.earlierResult(mark:))
      ?? cell(AuditCarry.previousHeader)
    guard let word, let outcome = layout.outcome(of: word),
      outcome != .notTested
    else { return nil }
    return outcome
  }
}

/// Which success criteria a row is evidence for: the one rule the ACR, the report and the diff share.
public enum WCAGEvidence {
  /// A Fail row that names the criteria its defect breaks (Failed WCAG) counts against those alone, and
  /// is no evidence for the row's other criteria (it did not pass them either); every other row counts
  /// for the criteria its WCAG cell names.
  public static func counted(wcag: [String], failed: [String], outcome: Outcome)
    -> [String]
  {
    outcome == .fail && !failed.isEmpty ? failed : wcag
  }

  /// The numbers of a WCAG cell ("2.1.1, 2.4.7").
  public static func numbers(_ cell: String) -> [String] {
    cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}

/// Dates as testers' spreadsheets store them.
public enum AuditDate {
  /// The day of a YYYY-MM-DD date (a time after it is allowed), or nil: days in that form compare as
  /// text.
  public static func day(_ text: String) -> String? {
    let day = text.prefix(10)
    let digits = day.enumerated().allSatisfy { index, character in
      index == 4 || index == 7
        ? character == "-" : character.isASCII && character.isNumber
    }
    return day.count == 10 && digits ? String(day) : nil
  }

  /// Every YYYY-MM-DD day a Date cell's text may mean: its day when it is in that form; else the
  /// spellings a spreadsheet writes a date back in (`2026/11/20`; `20.11.2026`, day first; `11/20/2026`
  /// or `20/11/2026`, month or day first, both days when both can be; a two-digit year is this century's;
  /// a time after it is allowed); none for text that is no date.
  ///
  /// A failure's ticket is filed under its Date as typed, so the same failure written back by a
  /// spreadsheet in another spelling is told apart from a retest on another day only by this.
  public static func days(_ text: String) -> [String] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let day = day(trimmed) { return [day] }
    let date = trimmed.prefix { $0 != " " && $0 != "T" }
    guard let separator = date.first(where: { "/.-".contains($0) }) else {
      return []
    }
    let parts = date.split(
      separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({
        !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII)
      }),
      let first = Int(parts[0]), let second = Int(parts[1]),
      let third = Int(parts[2])
    else { return [] }
    func iso(_ year: Int, _ month: Int, _ day: Int) -> String? {
      let lengths = [
        31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28,
        31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
      ]
      guard (1...12).contains(month), day >= 1, day <= lengths[month - 1] else {
        return nil
      }
      return String(format: "%04d-%02d-%02d", year, month, day)
    }
    if parts[0].count == 4 {
      return iso(first, second, third).map { [$0] } ?? []
    }
    guard parts[2].count == 4 || parts[2].count == 2 else { return [] }
    let year = parts[2].count == 2 ? 2000 + third : third
    if separator == "." { return iso(year, second, first).map { [$0] } ?? [] }
    var found: [String] = []
    for day in [iso(year, first, second), iso(year, second, first)].compactMap({
      $0
    })
    where !found.contains(day) {
      found.append(day)
    }
    return found
  }

  /// The one day a Date cell's text means (`days`), or nil when it means none or two.
  public static func unambiguousDay(_ text: String) -> String? {
    let found = days(text)
    return found.count == 1 ? found[0] : nil
  }

  /// Whether every day a Date cell may mean (`days`) passes `test`: a Date of two readings (03/04/2027)
  /// decides only when both say the same; one that means no day decides nothing (false).
  public static func surely(_ text: String, _ test: (String) -> Bool) -> Bool {
    let found = days(text)
    return !found.isEmpty && found.allSatisfy(test)
  }

  /// Whether two Date cells may mean the same day: the same text, or days (`days`) in common.
  public static func maySameDay(_ one: String, _ other: String) -> Bool {
    one == other || !Set(days(one)).isDisjoint(with: days(other))
  }

  /// Text stays as typed; a bare serial number (what Excel and LibreOffice store for a date cell)
  /// becomes YYYY-MM-DD, counted from 1900, or from 1904 in a workbook in the 1904 date system.
  public static func text(_ value: String, date1904: Bool = false) -> String {
    guard let serial = Double(value), serial >= (date1904 ? 0 : 1),
      serial < (date1904 ? 2_957_004 : 2_958_466)
    else {
      return value
    }
    // ECMA-376 Part 1, §18.17.4.1: serial 1 is 1900-01-01 in the 1900 date system, and serials from 61
    // on are one too high (the 1900 leap-day bug); serial 0 is 1904-01-01 in the 1904 date system.
    let days =
      Int(serial.rounded(.down))
      - (date1904 ? 24_107 : serial >= 61 ? 25_569 : 25_568)
    let date = Date(timeIntervalSince1970: Double(days) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(
      format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0,
      parts.day ?? 0)
  }
}
