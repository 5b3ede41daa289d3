import Audit
import CriteriaModel

/// A component whose document moved or was renamed since an audit was made (`rating.md` became
/// `star-rating.md`, or went to another folder): every row id changed with the component id, though the
/// checks did not.
///
/// An old component none of whose rows is a check of today's criteria is paired with a new component
/// none of whose rows the audit has by `ComponentPairing`'s rule, rows being alike when they are the
/// same test and check on the same platform with the same expected result. Anything less is left as
/// it was (retired and new rows): carrying a result to another component's check would claim a test
/// nobody ran.
public struct ComponentMove: Sendable, Hashable, Codable {
  /// The component id in the audit, and today's.
  public var from: String
  public var to: String
  /// The rows carried: today's row id → the audit's row id.
  public var rows: [String: String]

  /// Finds the moves between an audit's rows and today's.
  static func find(old: [AuditResultRow], now: [AuditRow]) -> [ComponentMove] {
    find(
      old: old.map { ($0.id, $0.expected) },
      new: now.map { ($0.id, $0.criterion.expectation) })
  }

  /// Finds the moves between an earlier audit's rows and a later one's (`criteria diff`).
  static func find(old: [AuditResultRow], new: [AuditResultRow])
    -> [ComponentMove]
  {
    find(
      old: old.map { ($0.id, $0.expected) },
      new: new.map { ($0.id, $0.expected) })
  }

  /// Finds the moves between two sets of rows, each a row id and its expected result.
  ///
  /// A row without an id, or a row of a component both sides have, never moves.
  static func find(
    old: [(id: String, expected: String)], new: [(id: String, expected: String)]
  ) -> [ComponentMove] {
    typealias Rows = [Substring: (id: String, expected: String)]
    let oldParts = old.map { StableID.component(ofRow: $0.id) }
    let newParts = new.map { StableID.component(ofRow: $0.id) }
    let before = Set(oldParts.compactMap { $0?.component })
    let after = Set(newParts.compactMap { $0?.component })
    guard !before.isSubset(of: after), !after.isSubset(of: before) else {
      return []
    }
    /// The rows of the components only one side has, by component and by the rest of the row id (test,
    /// check and platform).
    func only(
      _ rows: [(id: String, expected: String)],
      _ parts: [(component: String, check: Substring)?], _ other: Set<String>
    ) -> [String: Rows] {
      var groups: [String: Rows] = [:]
      for (row, part) in zip(rows, parts) {
        guard let part, !other.contains(part.component) else { continue }
        groups[part.component, default: [:]][part.check] = row
      }
      return groups
    }
    let gone = only(old, oldParts, after)
    let arrived = only(new, newParts, before)
    // Rows of both with the same test, check and platform and the same expected result are alike.
    let pairs = ComponentPairing.pairs(
      gone: gone.mapValues(\.count), arrived: arrived.mapValues(\.count)
    ) { from, to in
      let was = gone[from] ?? [:]
      return (arrived[to] ?? [:]).reduce(0) { count, entry in
        guard let row = was[entry.key] else { return count }
        return count
          + (AuditRefresh.normalised(row.expected)
            == AuditRefresh.normalised(entry.value.expected) ? 1 : 0)
      }
    }
    return pairs.map { pair in
      let was = gone[pair.from] ?? [:]
      var rows: [String: String] = [:]
      for (rest, row) in arrived[pair.to] ?? [:] {
        if let old = was[rest] { rows[row.id] = old.id }
      }
      return ComponentMove(from: pair.from, to: pair.to, rows: rows)
    }
  }
}
