import Audit
import CriteriaModel
import Foundation
import Options

/// Turns the rows of a filled audit whose Result is Fail into tickets, with the tester's severity, name, date and notes.
///
/// Rows that already name a ticket are left alone.
public struct AuditFindings: Sendable {
  /// A failed row and its ticket.
  public struct Item: Sendable {
    public var row: Int
    public var ticket: Ticket
    /// The Ticket cell, for a failed row that already names a ticket; "" otherwise.
    public var key = ""
  }

  /// What the sheet held.
  public struct Result: Sendable {
    public var items: [Item] = []
    /// Failed rows whose Ticket cell is already filled: row number and what it says.
    public var alreadyTicketed: [(row: Int, ticket: String)] = []
    /// The same rows as findings (those with an ID), for filing to see where the ledger says so
    /// (`keyedFindings(_:in:laterRounds:)`): the row's own ticket, to find it out of date, and a later
    /// round's failure naming its check's earlier ticket.
    public var keyed: [Item] = []
    /// How many rows were read.
    public var rowCount = 0
  }

  /// What every finding's identity starts with: `finding/` and the row id.
  public static let identityPrefix = "finding/"

  /// The lineage of a row's findings (`Ticket.lineage`): `finding/` and the row id, for a row id that
  /// ends in its platform (so no other row id starts with it and a slash); nil for any other.
  static func lineage(ofRow id: String) -> String? {
    StableID.split(row: id).platform == nil ? nil : identityPrefix + id
  }

  /// The five result words (pass, fail, not applicable, not tested, cannot tell), compared without
  /// regard to case; any other word is an error, never a silent "not failed".
  public var statuses: [String]
  /// The result word that means the check failed.
  public var failWord: String { statuses[1] }
  /// Labels on every ticket, before the finding's own.
  public var labels: [String]
  /// The criteria documents' components by id, when the config's sources could be read: a finding's
  /// ticket then names its component as the document does, links its page and carries the Gherkin
  /// scenario of its test.
  public var components: [String: Component] = [:]

  /// Creates a reader of findings; `failWord` replaces the layout's own fail word.
  public init(
    statuses: [String] = AuditLayout.defaultStatuses, failWord: String? = nil,
    labels: [String] = ["accessibility"]
  ) {
    var words = statuses.count == 5 ? statuses : AuditLayout.defaultStatuses
    if let failWord { words[1] = failWord }
    self.statuses = words
    self.labels = labels
  }

  /// The findings of a sheet, read through the audit's one reader; errors name the file, sheet and row.
  public func findings(in sheet: AuditSheet) throws(TicketError) -> Result {
    let rows: [AuditResultRow]
    do {
      rows = try AuditResultsReader(layout: AuditLayout(statuses: statuses))
        .rows(of: sheet)
    } catch {
      // What tickets adds to the reader's words: which rows it files.
      throw TicketError(
        error.message.contains(": Result '")
          ? "\(error.message); correct it, so that no failure goes unfiled (tickets are filed for the rows whose Result is \(failWord))"
          : "\(error.message) (tickets are filed for the rows whose Result is \(failWord))"
      )
    }
    var result = Result()
    result.rowCount = sheet.rows.count
    // The columns a tester added (Device, Build) go into each finding's ticket with the rest.
    let addedColumns = sheet.addedColumns
    let cells = Dictionary(
      sheet.rows.map { ($0.number, $0) },
      uniquingKeysWith: { first, _ in first })
    func ticket(_ row: AuditResultRow) -> Ticket {
      let added = addedColumns.compactMap { column -> Finding.Added? in
        let value = cells[row.number]?[column] ?? ""
        return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
          ? nil : Finding.Added(name: sheet.header[column], value: value)
      }
      return self.ticket(row, added: added)
    }
    for row in rows where row.outcome == .fail {
      if !row.ticket.isEmpty {
        result.alreadyTicketed.append((row.number, row.ticket))
        if !row.id.isEmpty {
          result.keyed.append(
            Item(row: row.number, ticket: ticket(row), key: row.ticket))
        }
        continue
      }
      guard sheet.column(.id) != nil else {
        throw TicketError(
          "\(AuditResultsReader.location(sheet)): no ID column; each failed row needs its ID so its ticket is filed once"
        )
      }
      guard !row.id.isEmpty else {
        throw TicketError(
          "\(row.place): Result is \(failWord) but the ID cell is empty (a row added by hand?); give it an "
            + "ID no other row has, such as my-app/added/1@\(row.platform?.rawValue ?? "iOS"), so that its "
            + "ticket is filed once and found again; nothing was filed")
      }
      result.items.append(Item(row: row.number, ticket: ticket(row)))
    }
    return result
  }

  /// The ledger identity of a row's failure on a date: `finding/<row id>/<date>` (no date, no part).
  public static func identity(ofRow id: String, date: String) -> String {
    identityPrefix + id + (date.isEmpty ? "" : "/" + date)
  }

  /// The row id, then its id under each component a refresh moved it from (newest first).
  public static func rows(ofRow id: String, movedFrom: [String]) -> [String] {
    guard !movedFrom.isEmpty, let check = StableID.component(ofRow: id)?.check
    else { return [id] }
    return [id] + movedFrom.map { $0 + check }
  }

  /// The ticket the ledger filed for the failure of the row `id` on `date` (the original audit, whose
  /// keys went into the copy): under the row's own id, else an old one a refresh moved it from
  /// (`movedFrom`), else on the Date's day spelled otherwise (`filedOnSameDay`); nil when none is filed.
  public static func filed(
    ofRow id: String, date: String, movedFrom: [String], in ledger: Ledger
  ) -> Ledger.Entry? {
    let rows = rows(ofRow: id, movedFrom: movedFrom)
    return rows.lazy.compactMap { row in
      ledger[identity(ofRow: row, date: date)].flatMap {
        $0.state == .filed && $0.key != nil ? $0 : nil
      }
    }.first
      ?? rows.lazy.compactMap {
        filedOnSameDay(ofRow: $0, date: date, in: ledger)?.entry
      }.first
  }

  /// Every failure of the row `id` the ledger filed, whatever its date: the date and the entry, in
  /// identity order.
  public static func filedFailures(ofRow id: String, in ledger: Ledger) -> [(
    date: String, entry: Ledger.Entry
  )] {
    guard let lineage = lineage(ofRow: id) else { return [] }
    return ledger.filed(inLineage: lineage, except: "").map { identity, entry in
      (failureDate(of: identity, row: id) ?? "", entry)
    }
  }

  /// The entry the ledger filed (or, with `pendingToo`, is filing) for the failure of the row `id` on the
  /// day `date` names, spelled otherwise (`AuditDate.maySameDay`); nil when there is none.
  public static func filedOnSameDay(
    ofRow id: String, date: String, in ledger: Ledger, pendingToo: Bool = false
  ) -> (identity: String, entry: Ledger.Entry)? {
    guard !AuditDate.days(date).isEmpty, let lineage = lineage(ofRow: id) else {
      return nil
    }
    return ledger.filed(
      inLineage: lineage, except: identity(ofRow: id, date: date),
      pendingToo: pendingToo
    ).first { other, _ in
      failureDate(of: other, row: id).map { AuditDate.maySameDay(date, $0) }
        ?? false
    }
  }

  func ticket(_ row: AuditResultRow, added: [Finding.Added] = []) -> Ticket {
    let id = row.id
    let parsed = StableID.split(row: id)
    let platform = row.platform ?? parsed.platform
    let criterionID = id.contains(StableID.platformSeparator) ? parsed.id : ""
    let criterion = criterionID.isEmpty ? id : criterionID
    let componentID =
      StableID.component(ofCriterion: criterion)
      ?? criterion.split(separator: "/").joined(separator: "/")
    let component = row.component.isEmpty ? componentID : row.component
    let what = [row.test, row.check].filter { !$0.isEmpty }.joined(
      separator: ", ")
    let date = row.date
    var labels = labels.map(Label.clean) + ["audit-finding"]
    if let platform { labels.append(Label.clean(platform.rawValue)) }
    if !row.severity.isEmpty {
      labels.append("severity-" + Label.clean(row.severity))
    }
    // The WCAG column as the workbook holds it ("2.1.1, 2.4.7"); numbers only, so a note typed there is no label.
    let wcag = row.wcag.filter { number in
      number.allSatisfy { $0.isNumber || $0 == "." }
    }
    labels += TicketPlanner.wcagLabels(wcag)
    let document = components[componentID]
    let test = row.test
    let scenarios = (document?.scenarios ?? []).filter {
      !test.isEmpty && $0.test?.label.lowercased() == test.lowercased()
    }
    let notes = ChangeNote.testerNotes(row.notes)
    var ticket = Ticket(
      identity: Self.identity(ofRow: id, date: date),
      title: Self.title(
        component: component, platform: platform, test: test,
        check: row.check, expected: row.expected, notes: notes,
        fallback: id),
      summary: Self.summary(
        component: component, platform: platform, what: what, wcag: wcag),
      checklist: [
        ChecklistItem(
          id: id, label: what.isEmpty ? id : "\(row.test): \(row.check)",
          expectation: row.expected, wcag: wcag)
      ],
      scenarios: scenarios,
      labels: labels, componentID: componentID, platform: platform,
      reference: document?.reference,
      finding: Finding(
        result: row.result, severity: row.severity, tester: row.tester,
        date: date, notes: row.notes, added: added,
        steps: Self.steps(
          component: component, platform: platform, test: test,
          check: row.check, expected: row.expected, notes: notes)))
    // The row's findings on other dates are the same check failing: one ticket while it stays open.
    ticket.lineage = Self.lineage(ofRow: id)
    return ticket
  }

  /// A finding's title, saying what failed: where, then the tester's first sentence when it says what
  /// they saw (three words or more, at most 120 characters), else the check and what it expected.
  ///
  /// "Rating on Android: Arrow keys move focus out of the rating instead of changing it";
  /// "Banner on iOS: Screen reader, Name fails (expected: The message is announced …)".
  static func title(
    component: String, platform: Platform?, test: String, check: String,
    expected: String, notes: String, fallback: String
  ) -> String {
    let place = platform.map { "\(component) on \($0.rawValue)" } ?? component
    if let saw = firstSentence(notes) { return "\(place): \(saw)" }
    let what = [test, check].filter { !$0.isEmpty }.joined(separator: ", ")
    guard !what.isEmpty else { return "\(place): \(fallback) fails" }
    let expectation = oneLine(expected)
    return "\(place): \(what) fails"
      + (expectation.isEmpty ? "" : " (expected: \(expectation))")
  }

  /// The first sentence of a tester's notes, without its full stop, when it reads as a title: three
  /// words or more and at most 120 characters; nil otherwise ("see video", a long paragraph).
  static func firstSentence(_ notes: String) -> String? {
    let text = notes.trimmingCharacters(in: .whitespacesAndNewlines)
    var end = text.endIndex
    if let line = text.firstIndex(where: \.isNewline) { end = line }
    var search = text.startIndex
    while let stop = text[search..<end].firstIndex(where: { ".!?".contains($0) }
    ) {
      let next = text.index(after: stop)
      if next == end || text[next].isWhitespace {
        end = text[stop] == "." ? stop : next
        break
      }
      search = next
    }
    let sentence = text[..<end].trimmingCharacters(in: .whitespaces)
    let words = sentence.split(whereSeparator: \.isWhitespace).count
    guard words >= 3, sentence.count <= 120 else { return nil }
    return sentence
  }

  /// Text on one line: its lines joined with spaces.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A finding's opening sentence: which check of which component failed, and the criteria it tests.
  static func summary(
    component: String, platform: Platform?, what: String, wcag: [String]
  ) -> String {
    let place =
      platform.map { "the \(component) on \($0.rawValue)" }
      ?? "the \(component)"
    let criteria =
      wcag.isEmpty
      ? "" : " (WCAG \(WCAGOrder.sorted(wcag).joined(separator: ", ")))"
    return what.isEmpty
      ? "An accessibility audit found that \(place) fails a check\(criteria)."
      : "An accessibility audit found that \(place) fails the check \(what)\(criteria)."
  }

  /// How to see the failure: where to go, what to do, what should happen, and what the tester saw.
  static func steps(
    component: String, platform: Platform?, test: String, check: String,
    expected: String, notes: String
  ) -> [String] {
    guard !check.isEmpty || !expected.isEmpty else { return [] }
    var steps = [
      (platform.map { "On \($0.rawValue), open" } ?? "Open")
        + " a screen with the \(component)."
    ]
    if !check.isEmpty {
      steps.append(test.isEmpty ? "\(check)." : "\(test): \(check).")
    }
    if !expected.isEmpty { steps.append("Expected: \(oneLine(expected))") }
    let saw = notes.trimmingCharacters(in: .whitespacesAndNewlines)
    if !saw.isEmpty { steps.append("Actual: \(saw)") }
    return steps
  }

  /// The retested rows whose Ticket cell holds a key the ledger filed (`follow_retest`; a Pass on a
  /// finding's ticket only when dated on or after its failure, `passesSince`), and the rows
  /// now Pass, on or after the day of the failure, whose Ticket cell is empty but whose check's failure
  /// the ledger filed (`lineage`: the original audit, whose keys went into the copy), and the rows now
  /// failing whose check's failure the ledger filed on an earlier day.
  ///
  /// A row now Pass, or failing again; rows Not applicable, Cannot tell or Not tested change nothing. A
  /// failing row without a key is filing's to decide (its earlier ticket stands, or a new one is filed):
  /// here it only comments on an earlier ticket still open, never reopening one. A ticket that a row of
  /// the audit names is never closed by another row naming it that passes while that row fails or is
  /// not tested (a component's ticket a tester wrote into several rows); a criteria ticket is closed
  /// only when every row of the checks it stands for passes (a component's: all its checks on the
  /// platform), whether those rows name it or not.
  ///
  /// `sheets` are the checklist and its retired rows (`AuditSheet.retired()`), read as one: a retest
  /// written on a retired row is followed as on any other, and a row of either that still fails keeps
  /// the ticket it names open.
  public func retests(in sheets: [AuditSheet], ledger: Ledger)
    throws(TicketError) -> [RetestRow]
  {
    var byKey: [String: (identity: String, url: String)] = [:]
    for (identity, entry) in ledger.entries where entry.state == .filed {
      if let key = entry.key { byKey[key] = (identity, entry.url ?? "") }
    }
    var rows: [AuditResultRow] = []
    for sheet in sheets {
      do {
        rows += try AuditResultsReader(layout: AuditLayout(statuses: statuses))
          .rows(of: sheet)
      } catch { throw TicketError(error.message) }
    }
    // A ticket is closed only when every row naming it passes (or does not apply): not while one
    // fails, or was not (re)tested yet.
    let open = rows.filter {
      $0.outcome != .pass && $0.outcome != .notApplicable
    }
    let unsettled = Set(open.lazy.filter { !$0.ticket.isEmpty }.map(\.ticket))
    // A criteria ticket (`criteria run`) stands for checks, not for the rows that name it: a check's
    // ticket for its row, a component's for every check of the component on the platform ("each check
    // must pass before this is done"). Rows of those checks not passing keep it open, named or not.
    let openChecks = Set(
      open.flatMap { row -> [String] in
        let (id, platform) = StableID.split(row: row.id)
        guard let platform, let component = StableID.component(ofCriterion: id)
        else { return [row.id] }
        return [row.id, StableID.row(criterion: component, platform: platform)]
      })
    return rows.flatMap { row -> [RetestRow] in
      guard row.outcome == .pass || row.outcome == .fail else { return [] }
      if row.ticket.isEmpty, let lineage = Self.lineage(ofRow: row.id) {
        // Only a pass on or after the day the failure was recorded: an older copy's pass (another
        // tester's, from before) never closes a later failure's ticket. A failure counts for tickets
        // filed on earlier days only, and never reopens one (filing files a new ticket after a done
        // one). A Date that may mean two days decides only when both say the same; days that cannot
        // be read decide nothing.
        let passes = row.outcome == .pass
        return ledger.filed(inLineage: lineage, except: "").compactMap {
          identity, entry in
          guard let key = entry.key,
            let failed = Self.failureDate(of: identity, row: row.id)
              .flatMap(AuditDate.unambiguousDay),
            passes
              ? AuditDate.surely(row.date, { failed <= $0 })
                && !unsettled.contains(key)
              : AuditDate.surely(row.date, { failed < $0 })
          else { return nil }
          var retest = retest(row, key: key, filed: (identity, entry.url ?? ""))
          retest.reopens = passes
          return retest
        }
      }
      guard let filed = byKey[row.ticket],
        row.outcome == .pass
          ? !unsettled.contains(row.ticket)
            && (filed.identity.hasPrefix(Self.identityPrefix)
              || !openChecks.contains(filed.identity))
            && Self.passesSince(
              row: row.id, date: row.date, filed: filed.identity)
          : Self.failsAgain(
            row: row.id, date: row.date, filed: filed.identity)
      else { return [] }
      var named = retest(row, key: row.ticket, filed: filed)
      // A criteria ticket filed for anything but this row's own check (a component's) speaks of its checks.
      named.severalChecks = !named.isFinding && filed.identity != row.id
      return [named]
    }
  }

  /// The failed rows naming a ticket (`Result.keyed`) that filing must see, by what the ledger says.
  ///
  /// A row whose cell names its own failure's ticket: filing finds it filed, and sees whether its
  /// content (severity, notes, expected result) changed since, to update it with `--update` or say it is
  /// out of date, as for the same row in the original audit. With `laterRounds`, a row whose cell names
  /// the ticket of an earlier failure of the same check, filed by criteria (a later round: a new audit
  /// cycle keeps the keys): filing reads that ticket first, as for any failure of a check filed before
  /// under another date; open, it stands (the cell keeps its key); done, a new ticket is filed and its
  /// key replaces the old one in the copy. A key criteria did not file for this check, and a failure
  /// dated on or before the earlier one, are left alone.
  public static func keyedFindings(
    _ keyed: [Item], in ledger: Ledger, laterRounds: Bool
  ) -> [Item] {
    keyed.filter { item in
      if let own = ledger[item.ticket.identity], own.state == .filed {
        return own.key == item.key
      }
      guard laterRounds, let lineage = item.ticket.lineage else { return false }
      let id = String(lineage.dropFirst(identityPrefix.count))
      let date = item.ticket.finding?.date ?? ""
      return ledger.filed(inLineage: lineage, except: item.ticket.identity)
        .contains { identity, entry in
          entry.key == item.key
            && failsAgain(row: id, date: date, filed: identity)
        }
    }
  }

  /// The items whose failure the ledger holds under the same row and day in another spelling of the
  /// Date (a spreadsheet wrote `2026-11-20` back as `11/20/2026`), each with that entry's identity, so it
  /// is neither filed again nor taken for a retest; the others as they are.
  ///
  /// A Date that may mean two days (`03/04/2026`) is the filed failure when either is its day: a
  /// guess never files a ticket again nor reopens one.
  public static func sameDay(_ items: [Item], in ledger: Ledger) -> [Item] {
    items.map { item in
      guard ledger[item.ticket.identity] == nil,
        let lineage = item.ticket.lineage,
        let match = filedOnSameDay(
          ofRow: String(lineage.dropFirst(identityPrefix.count)),
          date: item.ticket.finding?.date ?? "", in: ledger, pendingToo: true)
      else { return item }
      var aligned = item
      aligned.ticket.identity = match.identity
      return aligned
    }
  }

  /// Failed rows without a key that `refresh` carried from a component whose document moved or was
  /// renamed (their "Since last audit" cell says `moved from <component>`), whose failure the ledger
  /// filed under the old row id (the same check, platform and Date): row number → that ticket's key.
  ///
  /// Such a row is that ticket's failure, not a new one: it is not filed again, and the copy names the
  /// key. One whose old entry is still pending (a request whose outcome is not known) is not filed
  /// either: row number → the old identity, for a person or a run on the audit before the refresh.
  /// Only the old ids the cell names are looked up (an audit refreshed twice before `tickets` ran names
  /// each, the newest first), each with the row's Date on the same day in any spelling; nothing is
  /// matched on a guess.
  public static func movedFindings(
    _ items: [Item], in sheet: AuditSheet, ledger: Ledger
  ) -> (keys: [Int: String], pending: [Int: String]) {
    guard let column = sheet.markColumn else { return ([:], [:]) }
    var marks: [Int: String] = [:]
    for row in sheet.rows { marks[row.number] = row[column] }
    var keys: [Int: String] = [:]
    var pending: [Int: String] = [:]
    for item in items where ledger[item.ticket.identity] == nil {
      guard let lineage = item.ticket.lineage else { continue }
      let id = String(lineage.dropFirst(identityPrefix.count))
      guard let date = failureDate(of: item.ticket.identity, row: id) else {
        continue
      }
      // The newest old id first; a pending entry under any of them holds the row back. Under each, the
      // Date as typed, else its day spelled otherwise (moved, and saved again by a spreadsheet).
      let from = AuditCarry.movedFrom(mark: marks[item.row] ?? "")
      for oldRow in rows(ofRow: id, movedFrom: from).dropFirst() {
        let exact = identity(ofRow: oldRow, date: date)
        let found =
          ledger[exact].flatMap {
            $0.state == .filed || $0.state == .pending ? (exact, $0) : nil
          }
          ?? filedOnSameDay(
            ofRow: oldRow, date: date, in: ledger, pendingToo: true)
        switch found {
        case (_, let entry)? where entry.state == .filed && entry.key != nil:
          keys[item.row] = keys[item.row] ?? entry.key
        case (let old, let entry)? where entry.state == .pending:
          pending[item.row] = pending[item.row] ?? old
        default:
          continue
        }
      }
    }
    for row in pending.keys { keys[row] = nil }
    return (keys, pending)
  }

  /// The Date cell of the failure the ticket `identity` was filed for, when it was filed for a failure of
  /// the row `id` (`finding/<row id>/<date>`; "" for one filed without a date); nil for any other ticket.
  ///
  /// A failure of the same test, check and platform under another component id counts as the row's
  /// own: `refresh` carries a row and its key to the new id when the component's document moved or was
  /// renamed (`ComponentMove`), and that row records the same failure, not a retest.
  static func failureDate(of identity: String, row id: String) -> String? {
    let finding = identityPrefix + id
    if identity == finding { return "" }
    if identity.hasPrefix(finding + "/") {
      return String(identity.dropFirst(finding.count + 1))
    }
    // The test, check and platform: the row id after its component.
    guard identity.hasPrefix(identityPrefix),
      let rest = StableID.component(ofRow: id)?.check,
      let check = identity.range(of: rest)
    else { return nil }
    let before = identity[
      identity.index(
        identity.startIndex, offsetBy: identityPrefix.count)..<check.lowerBound]
    let after = identity[check.upperBound...]
    guard !before.isEmpty, !before.contains(StableID.platformSeparator),
      after.isEmpty || after.hasPrefix("/")
    else { return nil }
    return String(after.dropFirst())
  }

  /// Whether a failing row whose Ticket cell names the ticket filed as `identity` records a retest, not
  /// the failure that ticket was filed for: a copy still saying what was filed (or an older failure)
  /// must never reopen a ticket a developer closed, nor comment that the check "fails again".
  ///
  /// The failure itself is the row's own finding with the same Date cell; a failure dated on or before
  /// its day is no later retest either. A ticket filed for anything else (a criteria ticket whose key a
  /// tester wrote in) is retested by any failing row.
  public static func failsAgain(
    row id: String, date: String, filed identity: String
  ) -> Bool {
    guard let failed = failureDate(of: identity, row: id) else {
      return true
    }
    // Days spelled otherwise (11/20/2026) are compared as days; a Date that may mean two days is a
    // later retest only when both are after the failure's.
    if AuditDate.maySameDay(date, failed) { return false }
    let days = AuditDate.days(date)
    let failedDays = AuditDate.days(failed)
    if !days.isEmpty, !failedDays.isEmpty {
      return days.allSatisfy { day in failedDays.allSatisfy { day > $0 } }
    }
    return true
  }

  /// The passing rows whose Ticket cell names a finding's ticket but whose Date shows no retest of the
  /// fix (`passesSince`): each said once, so the person who filled the audit dates the retest; the
  /// ticket stays open.
  public func passesWithoutRetest(in sheets: [AuditSheet], ledger: Ledger)
    throws(TicketError) -> [String]
  {
    var byKey: [String: String] = [:]
    for (identity, entry) in ledger.entries where entry.state == .filed {
      if let key = entry.key { byKey[key] = identity }
    }
    var said: [String] = []
    for sheet in sheets {
      let rows: [AuditResultRow]
      do {
        rows = try AuditResultsReader(layout: AuditLayout(statuses: statuses))
          .rows(of: sheet)
      } catch { throw TicketError(error.message) }
      for row in rows where row.outcome == .pass && !row.ticket.isEmpty {
        guard let identity = byKey[row.ticket],
          let failed = Self.failureDate(of: identity, row: row.id),
          !Self.passesSince(row: row.id, date: row.date, filed: identity)
        else { continue }
        let when =
          row.date.isEmpty
          ? "has no Date"
          : AuditDate.days(row.date).isEmpty
            ? "has a Date that reads as no day ('\(row.date)')"
            : "is dated \(row.date), before the failure of \(failed)"
        said.append(
          "\(row.place): the Pass naming \(row.ticket) \(when), so it is no retest of the fix; "
            + "\(row.ticket) stays open (date the retest to close it)")
      }
    }
    return said
  }

  /// Whether a passing row naming the ticket filed as `identity` records the retest of a fix.
  ///
  /// It does when dated on or after the day of the failure that ticket was filed for. An undated Pass, or one
  /// dated before the failure (a cell changed in the copy `tickets` wrote without a retest, a row pasted
  /// from an older audit), is no retest and never closes the bug; a failure filed without a readable
  /// date is closed by any dated Pass. A ticket filed for anything else (a criteria ticket) is closed
  /// by a passing row as before.
  static func passesSince(
    row id: String, date: String, filed identity: String
  ) -> Bool {
    guard let failed = failureDate(of: identity, row: id) else { return true }
    let failedDays = AuditDate.days(failed)
    guard !failedDays.isEmpty else { return !AuditDate.days(date).isEmpty }
    return AuditDate.surely(date) { day in failedDays.allSatisfy { $0 <= day } }
  }

  /// What following a retested row sends to the ticket `key` (filed as `filed.identity`).
  func retest(
    _ row: AuditResultRow, key: String, filed: (identity: String, url: String)
  ) -> RetestRow {
    let passes = row.outcome == .pass
    let who = [
      row.tester.isEmpty ? nil : "by \(row.tester)",
      row.date.isEmpty ? nil : "on \(row.date)",
    ].compactMap { $0 }.joined(separator: " ")
    let check = [row.test, row.check].filter { !$0.isEmpty }.joined(
      separator: ": ")
    let said =
      "Retested\(who.isEmpty ? "" : " " + who): \(row.result) (\(row.id)\(check.isEmpty ? "" : ", " + check))."
    // The key, not the cell: the same retest read from the copy (key in its Ticket cell) and from
    // the original (the key found through the ledger) is one retest, followed once.
    return RetestRow(
      identity: filed.identity,
      filed: FiledTicket(key: key, url: filed.url),
      passes: passes,
      revision: IdentityHash.hex(
        [row.id, key, passes ? "pass" : "fail", row.date, row.tester]
          .joined(
            separator: "\u{1F}")),
      said: said, notes: row.notes, place: row.place,
      days: AuditDate.days(row.date))
  }

  /// A date as the tester's spreadsheet stored it (`AuditDate.text`).
  public static func date(_ value: String) -> String { AuditDate.text(value) }
}
