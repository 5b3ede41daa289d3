import CriteriaModel
import Foundation

/// Results carried into an audit rebuilt from today's criteria (`criteria refresh`), by row id.
///
/// The workbook and CSV exporters take it: a row whose id is known gets the carried tester cells instead
/// of a fresh row's, and every row gets the columns carried after the layout's own (a tester's added
/// columns, then "Previous result" in a fresh cycle, then the "Since last audit" marker).
public struct AuditCarry: Sendable {
  /// What happened to a row since the audit it was carried from.
  public enum Mark: String, Sendable, CaseIterable {
    /// Same id and expectation: the results are carried.
    case kept
    /// Same id, another expectation: the Result is cleared, the old one is in the Notes.
    case changed
    /// A check the old audit did not have.
    case new
    /// The same check and expectation under a component whose document moved or was renamed: the
    /// results are carried from its old row id (the cell says `moved from <old component id>`).
    case moved
    /// A check an earlier refresh retired, back in today's criteria with the same expectation: the
    /// results are carried from its retired row, which leaves the retired rows.
    case returned
  }

  /// The marker column, on every row of a refreshed audit.
  public static let markHeader = "Since last audit"
  /// The column a fresh cycle puts the old Result in.
  public static let previousHeader = "Previous result"
  /// The columns testers fill in; the rest are derived from the criteria.
  public static let testerColumns: [AuditColumn] = [
    .result, .severity, .tester, .date, .notes, .ticket, .failedWCAG,
  ]
  /// The column `criteria merge --prefer latest` records what it chose in, row by row (never Notes).
  public static let mergeHeader = "Merge record"
  /// Columns criteria writes itself, never carried as a tester's own nor filed in a ticket: the marker,
  /// the previous result, what `criteria sync` adds, and the merge's record (a refresh drops it: the
  /// release it recorded is over).
  public static let derivedHeaders =
    [markHeader, previousHeader, mergeHeader] + TicketStatusColumns.names

  /// Row id → the tester cells to write (columns not listed hold what a fresh row holds).
  public var cells: [String: [AuditColumn: String]] = [:]
  /// The headers of the columns after the layout's, the marker last.
  public var extraHeaders: [String] = []
  /// Row id → values under `extraHeaders` except the marker (missing ones are blank).
  public var extras: [String: [String]] = [:]
  /// Row id → mark; a row not listed is new.
  public var marks: [String: Mark] = [:]
  /// Row id → the component id a moved row was carried from.
  public var movedFrom: [String: String] = [:]
  /// Row id → the component ids earlier refreshes carried an unticketed finding from, newest first (the
  /// old audit's marker said so): `tickets` looks its failure up under each, so a second refresh
  /// before `tickets` runs loses no link to a ticket filed under an older id.
  public var movedBefore: [String: [String]] = [:]
  /// Row id → the Result word of a finding recorded on the check before and not retested since (its
  /// expectation changed, or a fresh cycle began, and the Result was cleared): the marker says
  /// `changed (was Fail, not retested)`, and keeps saying it through later refreshes until a tester
  /// records a result.
  public var notRetested: [String: String] = [:]
  /// The rows of the old audit that no longer exist, with its header: the Retired sheet (or file).
  public var retiredHeader: [String] = []
  public var retired: [[String]] = []

  /// Creates an empty carry.
  public init() {}

  /// Every header after the layout's columns.
  public var headers: [String] { extraHeaders + [Self.markHeader] }

  /// The value of a layout column in the row `id`: the carried one, or `fresh`.
  public func value(_ column: AuditColumn, row id: String, fresh: String)
    -> String
  {
    cells[id]?[column] ?? fresh
  }

  /// The values of the columns after the layout's for the row `id`, the marker last.
  public func trailing(row id: String) -> [String] {
    var values = extras[id] ?? []
    if values.count < extraHeaders.count {
      values += Array(repeating: "", count: extraHeaders.count - values.count)
    }
    return values + [mark(row: id)]
  }

  /// The marker cell of the row `id`: kept, changed, new, or `moved from <old component id>`; then,
  /// in parentheses, the ids earlier refreshes moved it from (`kept (moved from … in an earlier
  /// refresh)`), or the finding it held before and not retested since (`changed (was Fail, not
  /// retested)`).
  public func mark(row id: String) -> String {
    let mark = marks[id] ?? .new
    var cell = mark.rawValue
    if mark == .moved, let from = movedFrom[id] {
      cell = Self.movedPrefix + from
    }
    if let word = notRetested[id] {
      cell += " (\(Self.earlierPrefix)\(word)\(Self.earlierSuffix))"
    }
    guard let before = movedBefore[id], !before.isEmpty else { return cell }
    let list = before.map { "from \($0)" }.joined(separator: ", ")
    let when =
      before.count == 1 ? "in an earlier refresh" : "in earlier refreshes"
    return cell
      + (mark == .moved ? " (\(list) \(when))" : " (moved \(list) \(when))")
  }

  /// Whether a header is the marker column's (`Since last audit`, case and outer spaces aside).
  public static func isMarkHeader(_ header: String) -> Bool {
    header.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(
      markHeader) == .orderedSame
  }

  /// What the marker cell of a moved row says before the old component id.
  public static let movedPrefix = "moved from "
  /// What a marker cell says around the Result word of a finding not retested since.
  static let earlierPrefix = "was "
  static let earlierSuffix = ", not retested"

  /// The Result word a marker cell says its row held before and was not retested since
  /// (`changed (was Fail, not retested)` → `Fail`), or nil.
  public static func earlierResult(mark: String) -> String? {
    guard
      let start = mark.range(
        of: "(" + earlierPrefix, options: .caseInsensitive),
      let end = mark.range(
        of: earlierSuffix + ")", options: .caseInsensitive,
        range: start.upperBound..<mark.endIndex)
    else { return nil }
    let word = mark[start.upperBound..<end.lowerBound]
      .trimmingCharacters(in: .whitespaces)
    return word.isEmpty ? nil : word
  }

  /// The component ids a marker cell says its row was carried from (each word after `from`), newest
  /// first; none for a row that did not move.
  public static func movedFrom(mark: String) -> [String] {
    let words = mark.split { $0.isWhitespace || $0 == "(" || $0 == ")" }
    return zip(words, words.dropFirst()).compactMap { word, next in
      guard word.lowercased() == "from" else { return nil }
      let id = next.trimmingCharacters(in: CharacterSet(charactersIn: ",;."))
      return id.isEmpty ? nil : id
    }
  }
}

extension AuditSheet {
  /// The index of the marker column a refresh writes (`AuditCarry.markHeader`), when the sheet has one.
  public var markColumn: Int? {
    header.firstIndex(where: AuditCarry.isMarkHeader)
  }
}
