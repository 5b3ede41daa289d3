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
  }

  /// The marker column, on every row of a refreshed audit.
  public static let markHeader = "Since last audit"
  /// The column a fresh cycle puts the old Result in.
  public static let previousHeader = "Previous result"
  /// The columns testers fill in; the rest are derived from the criteria.
  public static let testerColumns: [AuditColumn] = [
    .result, .severity, .tester, .date, .notes, .ticket, .failedWCAG,
  ]
  /// Columns a refresh writes itself, never carried as a tester's own: the marker, the previous
  /// result, and what `criteria sync` adds.
  public static let derivedHeaders =
    [markHeader, previousHeader] + TicketStatusColumns.names

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

  /// The marker cell of the row `id`: kept, changed, new, or `moved from <old component id>`.
  public func mark(row id: String) -> String {
    let mark = marks[id] ?? .new
    guard mark == .moved, let from = movedFrom[id] else { return mark.rawValue }
    return Self.movedPrefix + from
  }

  /// What the marker cell of a moved row says before the old component id.
  public static let movedPrefix = "moved from "

  /// The component id a marker cell says its row was carried from (`moved from …`), or nil.
  public static func movedFrom(mark: String) -> String? {
    let cell = mark.trimmingCharacters(in: .whitespaces)
    guard cell.lowercased().hasPrefix(movedPrefix) else { return nil }
    let from = cell.dropFirst(movedPrefix.count).trimmingCharacters(
      in: .whitespaces)
    return from.isEmpty ? nil : from
  }
}
