import Audit
import Config
import CriteriaModel

/// The checks today's criteria hold, read from a config's sources and mapped with its rules: what a
/// filled audit is checked against, so that a report of it claims nothing its rows do not show.
struct TodaysChecks: Sendable {
  /// Every check on every platform, by row id (the config's selection aside).
  var rows: [String: AuditRow]
  /// The row ids the config's selection keeps: what an audit made from this config holds.
  var selected: Set<String>
  /// Today's id of each id an earlier criteria made of decomposed accents (`StableID.decomposedForm`)
  /// that is no id today: an audit not refreshed since still names its rows so.
  var formerIDs: [String: String] = [:]

  /// The WCAG numbers each row id's check maps to, under its earlier id too.
  var mapping: [String: [String]] {
    var mapping = rows.mapValues(\.criterion.wcag)
    for (former, id) in formerIDs { mapping[former] = mapping[id] }
    return mapping
  }

  /// Today's id of an audit row's id: itself, or the id its earlier form (`formerIDs`) stands for.
  func todayID(of id: String) -> String { formerIDs[id] ?? id }

  /// Today's check of an audit row's id, found under its earlier form too.
  func check(_ id: String) -> AuditRow? { rows[todayID(of: id)] }

  /// Reads and maps the config's sources; the documents' errors go to `reporter` and stop it.
  init(_ settings: CriteriaConfig, reporter: Reporter) throws(PipelineError) {
    let reading = try MappedReading(
      settings.sources, relativeTo: settings.baseDirectory,
      namedIn: "\(settings.file): sources",
      rules: settings.wcagRules)
    if reading.loaded.hasErrors {
      reporter.diagnostics(reading.loaded.diagnostics)
      throw PipelineError(
        "cannot recompute the WCAG mapping: fix the errors in the criteria documents first",
        status: .dataError)
    }
    let catalog = try reading.mapped().catalog
    rows = [:]
    for row in AuditRow.rows(of: catalog) { rows[row.id] = row }
    for id in rows.keys {
      if let former = StableID.decomposedForm(of: id), rows[former] == nil {
        formerIDs[former] = id
      }
    }
    selected = Set(
      AuditRow.rows(of: settings.selection.apply(to: catalog)).map(\.id))
  }

  /// The checks an audit lacks: those of the components it covers on each platform it covers them
  /// (judged by its rows whose ids today's criteria know) that the selection keeps and the audit has no
  /// row for, under today's id or its earlier form, in row id order.
  func missing(from audit: [(id: String, platform: Platform)]) -> [AuditRow] {
    let ids = Set(audit.map { todayID(of: $0.id) })
    var units = Set<String>()
    for row in audit {
      if let known = check(row.id) {
        units.insert(known.componentID + "@" + row.platform.rawValue)
      }
    }
    return selected.subtracting(ids).compactMap { id -> AuditRow? in
      guard let row = rows[id],
        units.contains(row.componentID + "@" + row.platform.rawValue)
      else { return nil }
      return row
    }
    .sorted { $0.id < $1.id }
  }
}

extension Pipeline {
  /// How many checks an audit lacks a warning names one by one.
  static let namedAtMost = 20

  /// The checks of today's criteria a filled audit lacks (`TodaysChecks.missing`), with a warning naming
  /// them: a report counts them as a fresh audit holds them, so that a deleted row (a failure among
  /// them) is never silently gone.
  func lacking(
    _ today: TodaysChecks, rows: [(id: String, platform: Platform)],
    audit: String
  ) -> [AuditRow] {
    // Rows today's criteria do not know are counted as the audit says, unchecked: say how many, so a
    // config of other sources is not taken for a check made.
    let unknown = rows.filter { today.check($0.id) == nil }.count
    let former = rows.filter { today.formerIDs[$0.id] != nil }.count
    if !rows.isEmpty, rows.allSatisfy({ $0.id.isEmpty }) {
      reporter.note(
        "warning: \(audit) has no row ids (no ID column), so its rows cannot be checked against today's "
          + "criteria: a row deleted from it, a failure among them, would go unnoticed. Keep the ID column "
          + "criteria writes (the csv and xlsx outputs' columns option)")
    } else if unknown == rows.count, !rows.isEmpty {
      reporter.note(
        "warning: none of \(audit)'s rows is a check of today's criteria, so nothing was checked against "
          + "them (was the audit made from other sources than the config's?)")
    } else if unknown > 0 {
      reporter.note(
        "warning: \(unknown) of \(audit)'s rows \(unknown == 1 ? "is no check" : "are no checks") of "
          + "today's criteria (retired since, added by hand, from other sources, or of a document renamed "
          + "or moved since: criteria refresh carries those to the new ids); the report counts "
          + (unknown == 1 ? "it" : "them") + " as the audit says")
    }
    if former > 0 {
      reporter.note(
        "\(former) of \(audit)'s rows \(former == 1 ? "carries" : "carry") the id an earlier "
          + "criteria made of decomposed accents; the report counts \(former == 1 ? "it" : "them") as "
          + "today's \(former == 1 ? "check" : "checks") (criteria refresh writes today's ids)"
      )
    }
    let missing = today.missing(from: rows)
    guard !missing.isEmpty else { return [] }
    let them = missing.count == 1 ? "it" : "them"
    reporter.note(
      "warning: \(audit) lacks \(Counted.phrase(missing.count, "check")) today's criteria hold for the "
        + "components it covers (a row deleted, or a check added since: criteria refresh adds \(them) "
        + "blank); the report counts \(them) as not tested"
        + (missing.contains { $0.criterion.expectsNotApplicable }
          ? " (Not applicable where the check expects N/A)" : "") + ":\n  "
        + missing.prefix(Self.namedAtMost).map(\.named).joined(
          separator: "\n  ")
        + (missing.count > Self.namedAtMost
          ? "\n  and \(missing.count - Self.namedAtMost) more (an audit of fewer tests than the config "
            + "selects? give the config it was made from)" : ""))
    return missing
  }

  /// The failures the config's ledgers filed for checks an audit lacks (`LedgerTickets.failureFiled`),
  /// by row id, with a warning naming them: such a row was deleted after its failure was filed, and
  /// counts as a Fail not retested since, never as merely not tested.
  func filedFailures(
    of checks: [AuditRow], known: LedgerTickets, audit: String
  ) -> [String: AuditResultRow.FiledFailure] {
    filedFailures(
      of: checks.filter { !$0.criterion.expectsNotApplicable }.map {
        ($0.id, $0.named)
      }, known: known, how: "\(audit) lacks")
  }

  /// The failures the config's ledgers filed for rows an audit holds not tested with no earlier result
  /// of their own (`rows`: id, and the check as a warning names it), by row id, with a warning naming
  /// them: a Result cleared after the failure was filed, or a row a refresh added back blank, counts as
  /// a Fail not retested since.
  func filedFailures(
    ofUntested rows: [(id: String, what: String)], known: LedgerTickets,
    audit: String
  ) -> [String: AuditResultRow.FiledFailure] {
    filedFailures(
      of: rows.filter { !$0.id.isEmpty }, known: known,
      how: "whose row \(audit) holds not tested")
  }

  /// The failures the ledgers filed for `rows`, by row id, and a warning naming them (`how` says where
  /// the audit leaves them, such as "audit.csv lacks").
  private func filedFailures(
    of rows: [(id: String, what: String)], known: LedgerTickets, how: String
  ) -> [String: AuditResultRow.FiledFailure] {
    var filed: [String: AuditResultRow.FiledFailure] = [:]
    var named: [String] = []
    for row in rows {
      guard let failure = known.failureFiled(ofRow: row.id) else { continue }
      filed[row.id] = failure
      named.append("\(row.what) (filed as \(failure.key))")
    }
    guard !named.isEmpty else { return filed }
    let them = named.count == 1 ? "it" : "them"
    reporter.note(
      "warning: a ticket ledger filed a failure of \(Counted.phrase(named.count, "check")) \(how), "
        + "and records no retest passing \(them) since; the report counts \(them) as "
        + (named.count == 1 ? "a failure" : "failures")
        + " not retested until \(named.count == 1 ? "its row records" : "their rows record") a retest:\n  "
        + named.joined(separator: "\n  "))
    return filed
  }
}
