import CriteriaModel
import Foundation

/// What a tester recorded in an audit, as opposed to what criteria wrote in it: what a checklist written
/// over the file would lose.
extension AuditSheet {
  /// One value a tester recorded: where, under which header, and what.
  public struct Recorded: Sendable, Hashable {
    /// `audit.xlsx, sheet 'Checklist', row 14` or `audit.csv:14`.
    public var place: String
    public var header: String
    public var value: String
  }

  /// The first value a tester recorded on each row that holds one, in row order.
  ///
  /// Recorded is a Result other than the one a fresh row starts with (the layout's not-tested word, or its
  /// not-applicable word on a check whose expectation is N/A; the default words' where the layout does not
  /// know the word; any other word counts),
  /// any Severity, Tester, Date, Notes, Ticket or Failed WCAG, and any cell of a column a tester added.
  /// The columns criteria derives (Since last audit, Previous result, the ticket status columns) are not.
  public func recorded(layout: AuditLayout) -> [Recorded] {
    recordedCells(layout: layout).compactMap { row, columns in
      columns.first.map { recorded(row, $0) }
    }
  }

  /// The values a tester recorded here that a refresh carrying `carry` would not write again: the
  /// refreshed audit written over this file would lose them.
  ///
  /// A value is written again when the refreshed audit's row of the same id (its checklist row, or its
  /// retired row) holds the same under its header: the same outcome for a Result, the same day for a
  /// Date, the same text without regard to runs of white space otherwise.
  /// Without an ID column nothing can be matched, and every recorded value counts.
  public func recorded(layout: AuditLayout, notCarriedBy carry: AuditCarry)
    -> [Recorded]
  {
    let retiredID = carry.retiredHeader.firstIndex {
      AuditColumn(userName: $0) == .id
    }
    var retiredRows: [String: [String]] = [:]
    if let retiredID {
      for row in carry.retired where retiredID < row.count {
        retiredRows[row[retiredID].trimmingCharacters(in: .whitespaces)] = row
      }
    }
    // What the refreshed audit writes under `header` on the row `id`: its checklist row's cell, or its
    // retired row's.
    func written(_ header: String, row id: String, checklist: Bool) -> String {
      if checklist {
        if let column = AuditColumn(userName: header),
          AuditCarry.testerColumns.contains(column)
        {
          return carry.cells[id]?[column] ?? ""
        }
        guard let index = carry.extraHeaders.firstIndex(of: header) else {
          return ""
        }
        let values = carry.extras[id] ?? []
        return index < values.count ? values[index] : ""
      }
      guard let values = retiredRows[id],
        let index = carry.retiredHeader.firstIndex(of: header),
        index < values.count
      else { return "" }
      return values[index]
    }
    // A row the refresh retires keeps its cells on its retired row, and a retired row whose check is
    // back gives them to its checklist row.
    return recorded(layout: layout) { id, header in
      [true, false].map { written(header, row: id, checklist: $0) }
    }
  }

  /// The values a tester recorded here that none of `others` holds (the checklists and retired rows of
  /// the audits a copy is made from): a copy of them written over this file would lose them.
  ///
  /// Matched as `recorded(layout:notCarriedBy:)` matches, by row id and header. The Ticket column is left
  /// out: a copy writes the keys the tracker's ledger holds.
  public func recorded(layout: AuditLayout, notIn others: [AuditSheet])
    -> [Recorded]
  {
    var held: [String: [String: [String]]] = [:]
    for other in others {
      guard let id = other.column(.id) else { continue }
      for row in other.rows {
        let key = row[id].trimmingCharacters(in: .whitespaces)
        for (index, name) in other.header.enumerated() {
          held[key, default: [:]][name, default: []].append(row[index])
        }
      }
    }
    return recorded(layout: layout, ignoring: .ticket) { id, header in
      held[id]?[header] ?? []
    }
  }

  /// The recorded values (`recordedCells`, but in the `ignoring` column) that none of the values
  /// `again` gives for their row id and header says again (`same`); every one without an ID column.
  private func recorded(
    layout: AuditLayout, ignoring: AuditColumn? = nil,
    again: (_ id: String, _ header: String) -> [String]
  ) -> [Recorded] {
    let idColumn = column(.id)
    var lost: [Recorded] = []
    for (row, columns) in recordedCells(layout: layout) {
      for column in columns {
        let kind = AuditColumn(userName: header[column])
        if let ignoring, kind == ignoring { continue }
        guard let idColumn else {
          lost.append(recorded(row, column))
          continue
        }
        let key = row[idColumn].trimmingCharacters(in: .whitespaces)
        if !again(key, header[column]).contains(where: {
          Self.same(row[column], $0, as: kind, layout: layout)
        }) {
          lost.append(recorded(row, column))
        }
      }
    }
    return lost
  }

  /// Whether two cells say the same: one outcome, one day, or one text but for white space.
  static func same(
    _ one: String, _ other: String, as column: AuditColumn?, layout: AuditLayout
  ) -> Bool {
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    if words(one) == words(other) { return true }
    switch column {
    case .result?:
      guard let outcome = layout.outcome(of: one) else { return false }
      return outcome == layout.outcome(of: other)
    case .date?:
      return !Set(AuditDate.days(one)).isDisjoint(with: AuditDate.days(other))
    default: return false
    }
  }

  private func recorded(_ row: Row, _ column: Int) -> Recorded {
    Recorded(
      place: place(row.number), header: header[column], value: row[column])
  }

  /// Each row holding a value a tester recorded, with the columns that hold one (the Result first).
  private func recordedCells(layout: AuditLayout) -> [(Row, [Int])] {
    let result = column(.result)
    let expected = column(.expected)
    let kept = AuditCarry.testerColumns.filter { $0 != .result }.compactMap(
      column)
    let added = addedColumns
    return rows.compactMap { row in
      func blank(_ column: Int) -> Bool {
        row[column].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      }
      var columns = (kept + added).filter { !blank($0) }
      if let result, !blank(result) {
        // A word the layout does not know may be a fresh row's in the default words (a config that
        // changed its words since the file was written).
        switch layout.outcome(of: row[result])
          ?? AuditLayout().outcome(of: row[result])
        {
        case .notTested?: break
        case .notApplicable?
        where Criterion.isNotApplicable(expectation: row[expected]):
          break
        default: columns.insert(result, at: 0)
        }
      }
      return columns.isEmpty ? nil : (row, columns)
    }
  }
}
