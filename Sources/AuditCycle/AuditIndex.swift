import Audit
import CriteriaModel

/// The rows of a filled audit by id, as refresh, merge and diff match them.
enum AuditIndex {
  /// Each row by its id.
  ///
  /// An id on two rows is an error naming both; a row without an id is an error
  /// unless `blankIDs` lets it through (it then matches nothing); an audit without rows is an error.
  static func byID(
    _ rows: [AuditResultRow], place: String, command: String,
    blankIDs: Bool = false
  ) throws(AuditError) -> [String: AuditResultRow] {
    var byID: [String: AuditResultRow] = [:]
    for row in rows {
      guard !row.id.isEmpty else {
        if blankIDs { continue }
        throw AuditError(
          "\(row.place): the row has no ID (a row added by hand?); \(command) matches rows by the ID "
            + "column criteria writes: give it an ID no other row has, such as my-app/added/1@iOS"
        )
      }
      if let first = byID[row.id] {
        throw .idTwice(row.id, at: row.place, first: first.place)
      }
      byID[row.id] = row
    }
    if rows.isEmpty {
      throw AuditError("\(place): the audit has no rows")
    }
    return byID
  }

  /// The id under which an earlier criteria recorded the row `id` today's criteria hold, from text with
  /// decomposed accents (`StableID.decomposedForm`), when the old audit `byID` has it and today's rows
  /// (`current`) do not; nil otherwise.
  static func formerID(
    of id: String, in byID: [String: AuditResultRow], current: Set<String>
  ) -> String? {
    guard byID[id] == nil, let old = StableID.decomposedForm(of: id),
      byID[old] != nil, !current.contains(old)
    else { return nil }
    return old
  }
}
