import Audit
import CriteriaModel

/// Carries a filled audit's results into the audit today's criteria make (`criteria refresh`), row by row id.
///
/// - A check whose id and expected result are unchanged keeps every tester cell (Result, Severity,
///   Tester, Date, Notes, Ticket) and the columns a tester added.
/// - A check whose expectation changed arrives with its Result cleared and its Ticket and added columns
///   kept; the old result and expectation go into its Notes.
/// - A new check arrives as a fresh row; a check that is gone goes, with its results, to the retired rows.
/// - A check an earlier refresh retired that is back (the audit has no row of its id, its retired rows
///   have) takes its retired row's results, as a kept or changed row does, and that row leaves the
///   retired rows.
/// - A component whose document moved or was renamed (`ComponentMove`) brings its rows' results to the
///   same checks under its new id, marked moved (or changed, where the expectation changed).
/// - A fresh cycle clears every Result, Severity, Tester, Date and Notes, puts the old Result in
///   "Previous result", and keeps Tickets and added columns.
public struct AuditRefresh: Sendable {
  public init(layout: AuditLayout, fresh: Bool = false) {
    self.layout = layout
    self.fresh = fresh
  }

  /// How many rows went where, and the findings among the retired ones.
  public struct Counts: Sendable, Hashable, Codable {
    public var kept = 0
    public var changed = 0
    public var new = 0
    public var retired = 0
    /// Rows carried from a component whose document moved or was renamed, with the same expectation
    /// (the ones with another expectation count as changed).
    public var moved = 0
    /// Rows an earlier refresh retired whose check is back in today's criteria: their results are
    /// carried to it, as a kept row's are (the ones with another expectation count as changed).
    public var returned = 0
    /// The components whose document moved or was renamed.
    public var moves: [ComponentMove] = []
    /// Rows an earlier refresh retired, carried to the refreshed audit's retired rows again (not in
    /// `retired`).
    public var retiredEarlier = 0
    /// Retired rows (this refresh's, then earlier ones') that held a Fail or Cannot tell: the
    /// refreshed audit keeps them among its retired rows, where its ACR and report count them.
    public var retiredFindings: [RetiredFinding] = []
    /// Checks the audit held Not tested with no earlier result of their own, or lacked, whose failure a
    /// ticket ledger filed with no passing retest recorded since (`carry(… failureFiled:)`): the
    /// refreshed audit holds each as that failure not retested, its Ticket cell naming the ticket.
    public var filedNotRetested: [FiledNotRetested] = []
  }

  /// A check carried as a failure a ticket ledger filed and no retest passed since.
  public struct FiledNotRetested: Sendable, Hashable, Codable {
    public var id: String
    /// The component, platform, test and check, as warnings name them.
    public var check: String
    /// The ticket's key.
    public var key: String
    /// The audit had no row of the check (it was deleted); otherwise its row was not tested.
    public var lacked: Bool
  }

  /// A retired row that held a finding.
  public struct RetiredFinding: Sendable, Hashable, Codable {
    /// Where the row was in the filled audit (`audit.csv:12`).
    public var place: String
    public var id: String
    /// The component, platform, test and check the row named.
    public var check: String
    /// The Result as written.
    public var result: String
    /// Retired by an earlier refresh (the row was among the filled audit's retired rows).
    public var earlier = false
  }

  public var layout: AuditLayout
  public var fresh: Bool = false

  /// The carry from `sheet` (read with this layout) to the rows of `catalog`; `earlier` are the rows
  /// an earlier refresh retired from it (`AuditSheet.retired()`), which stay retired unless their check
  /// is back.
  ///
  /// `failureFiled` gives, for a row id, the failure a ticket ledger filed with no passing retest
  /// recorded since: a check the audit lacks or holds Not tested with no earlier result of its own is
  /// carried as that failure not retested (`(was Fail, not retested)`), its Ticket cell naming the
  /// ticket, so the refreshed audit holds the failure without the ledger.
  public func carry(
    from sheet: AuditSheet, retired earlier: AuditSheet? = nil,
    to catalog: Catalog,
    failureFiled: (String) -> AuditResultRow.FiledFailure? = { _ in nil }
  )
    throws(AuditError) -> (AuditCarry, Counts)
  {
    let location = AuditResultsReader.location(sheet)
    guard sheet.column(.id) != nil else {
      throw AuditError(
        "\(location): no ID column; refresh matches rows by the ID column criteria writes"
      )
    }
    let old = try AuditResultsReader(layout: layout).rows(of: sheet)
    let byID = try AuditIndex.byID(
      old, place: location, command: "refresh", blankIDs: true)
    let now = AuditRow.rows(of: catalog)
    let current = Set(now.map(\.id))
    // Without the Expected column nothing shows that a check is the same one, so nothing moves.
    let moves =
      sheet.column(.expected) == nil
      ? [] : ComponentMove.find(old: old, now: now)
    if moves.isEmpty && !old.contains(where: { current.contains($0.id) }) {
      throw AuditError(
        "\(location): "
          + (old.count == 1
            ? "its one row is not" : "none of its \(old.count) rows is")
          + " a check of today's criteria "
          + "(its first ID is '\(old[0].id)'); is it an audit of these documents?"
      )
    }
    var carry = AuditCarry()
    var counts = Counts()
    counts.moves = moves
    var movedFrom: [String: String] = [:]
    for move in moves {
      movedFrom.merge(move.rows) { first, _ in first }
      for id in move.rows.keys { carry.movedFrom[id] = move.from }
    }
    // A row an earlier version made the id of from text with decomposed accents is the same row.
    var composed: [String: String] = [:]
    for row in now where movedFrom[row.id] == nil {
      composed[row.id] = AuditIndex.formerID(
        of: row.id, in: byID, current: current)
    }
    let carriedOld = Set(movedFrom.values).union(composed.values)
    // The retired rows of checks that are back (today's criteria have their id, the audit has no row of
    // it): the newest of each id (an earlier refresh's own come first).
    var returning: [String: AuditResultRow] = [:]
    if let earlier {
      for row in try AuditResultsReader(layout: layout).rows(of: earlier)
      where !row.id.isEmpty && current.contains(row.id) && byID[row.id] == nil
        && movedFrom[row.id] == nil && returning[row.id] == nil
      {
        returning[row.id] = row
      }
    }
    // Carried after the layout's columns: a tester's own columns, and tester columns the layout no
    // longer has (a Failed WCAG column the config does not ask for), so no result is lost.
    let added = Set(sheet.addedColumns)
    let extraColumns = sheet.header.indices.compactMap {
      index -> (header: String, column: AuditColumn?)? in
      if added.contains(index) { return (sheet.header[index], nil) }
      guard let column = AuditColumn(userName: sheet.header[index]),
        sheet.column(column) == index,
        AuditCarry.testerColumns.contains(column),
        !layout.columns.contains(column)
      else { return nil }
      return (sheet.header[index], column)
    }
    let extraHeaders = extraColumns.map(\.header)
    carry.extraHeaders =
      extraHeaders + (fresh ? [AuditCarry.previousHeader] : [])
    for row in now {
      let moved = byID[row.id] == nil ? movedFrom[row.id] : nil
      let returned = returning[row.id]
      let formerID = composed[row.id]
      guard
        let was = byID[row.id] ?? moved.flatMap({ byID[$0] })
          ?? formerID.flatMap({ byID[$0] }) ?? returned
      else {
        counts.new += 1
        if !row.criterion.expectsNotApplicable,
          let filed = failureFiled(row.id)
        {
          // Said where the refresh says a cleared finding: the marker, or a new cycle's Previous result.
          if fresh {
            carry.extras[row.id] =
              Array(repeating: "", count: extraColumns.count)
              + [layout.word(for: .fail)]
          } else {
            carry.notRetested[row.id] = layout.word(for: .fail)
          }
          carry.cells[row.id] = [.ticket: filed.key]
          counts.filedNotRetested.append(
            FiledNotRetested(
              id: row.id, check: row.named, key: filed.key, lacked: true))
        }
        continue
      }
      let changed =
        sheet.column(.expected) != nil
        && Self.normalised(was.expected)
          != Self.normalised(row.criterion.expectation)
      var cells: [AuditColumn: String] = [:]
      if !fresh && !changed {
        cells = [
          .result: was.result.isEmpty ? layout.defaultStatus : was.result,
          .severity: was.severity, .tester: was.tester, .date: was.date,
          .notes: was.notes, .failedWCAG: was.text(.failedWCAG),
        ]
      }
      cells[.ticket] = was.ticket
      // Not tested, and the audit says nothing of what its check held before: a failure a ledger filed
      // (under its id, or the one it moved from) with no passing retest since is what it held.
      let filed =
        was.untestedWithNoEarlierResult && !row.criterion.expectsNotApplicable
        ? failureFiled(row.id) ?? (moved ?? formerID).flatMap(failureFiled)
        : nil
      if let filed {
        if was.ticket.isEmpty { cells[.ticket] = filed.key }
        counts.filedNotRetested.append(
          FiledNotRetested(
            id: row.id, check: row.named, key: filed.key, lacked: false))
      }
      // A finding the row leaves this refresh without (its check changed), or one it held before and
      // was not retested since: the marker keeps its word until a tester records a result.
      let heldBefore =
        was.outcome.isFinding
        ? was.outcome
        : was.outcome == .notTested
          ? was.earlierFinding ?? filed.map { _ in .fail } : nil
      if !fresh, let heldBefore, changed || was.outcome == .notTested {
        carry.notRetested[row.id] = layout.word(for: heldBefore)
      }
      if changed {
        counts.changed += 1
        carry.marks[row.id] = .changed
        if Self.recorded(was) {
          let note = ChangeNote.sentence(
            result: was.result.isEmpty ? layout.defaultStatus : was.result,
            expectation: was.expected, severity: was.severity)
          // One change note per row: an earlier release's is replaced, the tester's own lines kept.
          let own = ChangeNote.testerNotes(was.notes)
          cells[.notes] = own.isEmpty ? note : note + "\n" + own
        }
      } else if moved != nil {
        counts.moved += 1
        carry.marks[row.id] = .moved
      } else if returned != nil {
        counts.returned += 1
        carry.marks[row.id] = .returned
      } else {
        counts.kept += 1
        carry.marks[row.id] = .kept
      }
      // A carried finding without a ticket keeps the old ids an earlier refresh moved it from: until
      // tickets names its key, that old id is how its ticket is found.
      if !fresh && !changed && was.ticket.isEmpty
        && was.outcome.isFinding
      {
        let before = was.movedFrom.filter {
          $0 != carry.movedFrom[row.id]
        }
        if !before.isEmpty { carry.movedBefore[row.id] = before }
      }
      carry.cells[row.id] = cells
      var extras = extraColumns.map { header, column in
        // A result column is cleared as the layout's would be; a ticket is always kept.
        column.map {
          $0 == .ticket || !(fresh || changed) ? was.text($0) : ""
        } ?? was.extra[header] ?? ""
      }
      if fresh {
        extras.append(
          was.outcome != .notTested
            ? was.result : heldBefore.map { layout.word(for: $0) } ?? "")
      }
      carry.extras[row.id] = extras
    }
    carry.retiredHeader = sheet.header
    for (row, typed) in zip(sheet.rows, old)
    where typed.id.isEmpty
      || !(current.contains(typed.id) || carriedOld.contains(typed.id))
    {
      var cells = row.cells
      var result = typed.result
      // A date cell a spreadsheet saved is a serial number (46346); the retired row says the day.
      if let date = sheet.column(.date) { cells.set(typed.date, at: date) }
      // A finding an earlier refresh cleared, or a ledger filed, and no one retested retires as the
      // finding it was, so the Retired sheet counts it as it counts every recorded failure.
      let filed =
        typed.untestedWithNoEarlierResult && !typed.id.isEmpty
        ? failureFiled(typed.id) : nil
      if typed.outcome == .notTested,
        let earlier = typed.earlierFinding ?? filed.map({ _ in .fail }),
        let column = sheet.column(.result)
      {
        result = layout.word(for: earlier)
        cells.set(result, at: column)
        if let filed, typed.ticket.isEmpty, let ticket = sheet.column(.ticket) {
          cells.set(filed.key, at: ticket)
        }
      }
      carry.retired.append(cells)
      counts.retired += 1
      if typed.outcome.isFinding || typed.earlierFinding != nil || filed != nil
      {
        counts.retiredFindings.append(
          RetiredFinding(
            place: typed.place, id: typed.id, check: typed.what,
            result: result))
      }
    }
    if let earlier {
      try keep(
        earlier, in: &carry, counts: &counts,
        except: Set(returning.values.map(\.number)))
    }
    return (carry, counts)
  }

  /// Carries the rows an earlier refresh retired to the refreshed audit's retired rows, after this
  /// refresh's, under the same headers (a column the audit no longer has is added at the end): across
  /// any number of releases, no retired result is lost.
  ///
  /// `returned` are the numbers of the rows whose check is back: their results went to its row.
  func keep(
    _ earlier: AuditSheet, in carry: inout AuditCarry, counts: inout Counts,
    except returned: Set<Int>
  ) throws(AuditError) {
    func index(_ header: [String], _ name: String) -> Int? {
      header.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame }
    }
    let width = carry.retiredHeader.count
    carry.retiredHeader += earlier.header.filter {
      !$0.isEmpty && index(carry.retiredHeader, $0) == nil
    }
    // This refresh's rows cut to its header and blank under the earlier rows' own columns.
    let all = carry.retiredHeader.count
    carry.retired = carry.retired.map { cells in
      let kept = cells.prefix(width)
      return Array(kept) + Array(repeating: "", count: all - kept.count)
    }
    let columns = carry.retiredHeader.map { index(earlier.header, $0) }
    let typed = try AuditResultsReader(layout: layout).rows(of: earlier)
    let dates = Dictionary(
      typed.map { ($0.number, $0.date) },
      uniquingKeysWith: { first, _ in first })
    let dateColumn = earlier.column(.date)
    for row in earlier.rows where !returned.contains(row.number) {
      carry.retired.append(
        columns.map { column in
          column != nil && column == dateColumn
            ? dates[row.number] ?? row[column] : row[column]
        })
    }
    counts.retiredEarlier = earlier.rows.count - returned.count
    for row in typed
    where row.outcome.isFinding && !returned.contains(row.number) {
      counts.retiredFindings.append(
        RetiredFinding(
          place: row.place, id: row.id, check: row.what, result: row.result,
          earlier: true))
    }
  }

  /// Text compared without regard to runs of white space (a re-wrapped line is not a change).
  static func normalised(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether a tester recorded anything on the row.
  static func recorded(_ row: AuditResultRow) -> Bool {
    row.outcome != .notTested || !row.notes.isEmpty || !row.ticket.isEmpty
      || !row.severity.isEmpty || !row.tester.isEmpty
  }
}
