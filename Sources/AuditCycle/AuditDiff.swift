import Audit
import Conformance
import CriteriaModel

/// Two filled audits compared row by row id (`criteria diff`): every row in exactly one bucket, then the
/// change of conformance per WCAG criterion and product type under the ACR's roll-up.
public struct AuditDiff: Sendable {
  /// Where a row went between the two audits.
  public enum Bucket: String, Sendable, CaseIterable, Codable {
    /// Was Pass or Not applicable, now Fail.
    case regression
    /// A new row now Fail, or one that was Not tested or Cannot tell and is now Fail.
    case newFailure = "new-failure"
    /// Was Fail, now Pass.
    case fix
    /// Was Fail, now Not applicable: the failure no longer counts against any criterion, though nothing
    /// was fixed, so a reviewer confirms the check does not apply.
    case failureNotApplicable = "failure-now-not-applicable"
    /// Fail in both.
    case stillFailing = "still-failing"
    /// Was evaluated (Pass, Fail, Not applicable), now Not tested or Cannot tell.
    case newlyUntested = "newly-untested"
    /// Any other change of result: a check newly tested (Not tested or Cannot tell, now Pass or Not
    /// applicable), one between Pass and Not applicable, or between Not tested and Cannot tell.
    case resultChanged = "result-changed"
    /// The same result in both.
    case unchanged
    /// A row only the new audit has, not failing.
    case added
    /// A row only the old audit has.
    case retired

    /// The heading a person reads.
    public var title: String {
      switch self {
      case .regression: "Regressions"
      case .newFailure: "New failures"
      case .fix: "Fixes"
      case .failureNotApplicable: "Failures now Not applicable"
      case .stillFailing: "Still failing"
      case .newlyUntested: "Newly untested"
      case .resultChanged: "Other result changes"
      case .unchanged: "Unchanged"
      case .added: "Checks added"
      case .retired: "Checks retired"
      }
    }

    /// A count of rows in the bucket, as a person says it ("1 fix", "2 fixes").
    public func counted(_ number: Int) -> String {
      switch self {
      case .regression: Counted.phrase(number, "regression")
      case .newFailure: Counted.phrase(number, "new failure")
      case .fix: Counted.phrase(number, "fix", plural: "fixes")
      case .failureNotApplicable:
        Counted.phrase(
          number, "failure now Not applicable",
          plural: "failures now Not applicable")
      case .stillFailing: "\(number) still failing"
      case .newlyUntested: "\(number) newly untested"
      case .resultChanged: Counted.phrase(number, "other result change")
      case .unchanged: "\(number) unchanged"
      case .added:
        Counted.phrase(number, "check added", plural: "checks added")
      case .retired:
        Counted.phrase(number, "check retired", plural: "checks retired")
      }
    }
  }

  /// One row and where it went.
  public struct Change: Sendable, Hashable, Codable {
    public var id: String
    public var component: String
    public var platform: String
    /// The check's test group as the audit writes it ("Keyboard", "Screen reader").
    public var test: String = ""
    public var check: String
    public var bucket: Bucket
    /// The Result words as written; nil where the audit has no such row.
    public var old: String?
    public var new: String?
    public var oldSeverity: String?
    public var newSeverity: String?
    /// The new audit's notes (the old one's for a retired row).
    public var notes: String
    /// Whether the expected result differs between the two audits.
    public var expectationChanged: Bool
  }

  /// A success criterion whose level changed for one product type.
  public struct ConformanceChange: Sendable, Hashable, Codable {
    public var criterion: String
    public var name: String
    public var productType: String
    /// VPAT's words, or "Not enough evidence"; nil where no row tests the criterion.
    public var old: String?
    public var new: String?
  }

  public var changes: [Change]
  public var conformance: [ConformanceChange]
  /// Components whose document moved or was renamed between the two audits: their rows are compared
  /// with the same checks under the old id.
  public var moves: [ComponentMove]
  /// How many findings among each audit's retired rows its conformance counts (as its ACR does).
  public var retiredFindings = (old: 0, new: 0)
  /// The product and release the later audit covers (`Sample App 1.1`, from the config's `acr.product`);
  /// the Markdown and HTML titles name it when given.
  public var product = ""
  /// The releases the two audits cover (`--from-label 5.2 --to-label 5.3`); empty when not given.
  public var fromLabel = ""
  public var toLabel = ""

  /// The line that names the two audits: each release's label, when given, before its file.
  func fromTo(
    old: String, new: String, text: (String) -> String,
    code: (String) -> String
  ) -> String {
    func named(_ label: String, _ file: String) -> String {
      label.isEmpty ? code(file) : "\(text(label)) (\(code(file)))"
    }
    return "From \(named(fromLabel, old)) to \(named(toLabel, new))."
  }

  /// The sentence a stakeholder reads first: regressions, new failures and fixes since the earlier
  /// release, the failures still open, and the criteria whose level changed.
  var headline: String {
    let since =
      fromLabel.isEmpty ? "Since the earlier audit" : "Since \(fromLabel)"
    let parts = [
      Counted.phrase(rows(.regression).count, "regression"),
      Counted.phrase(rows(.newFailure).count, "new failure"),
      Counted.phrase(rows(.fix).count, "fix", plural: "fixes"),
      Counted.phrase(
        rows(.stillFailing).count, "check still failing",
        plural: "checks still failing"),
    ]
    return "\(since): " + parts.joined(separator: ", ") + "; "
      + Counted.phrase(
        conformance.count, "success criterion changed level",
        plural: "success criteria changed level") + "."
  }

  /// The Markdown and HTML title: what product the diff is about, when the config says.
  var title: String {
    product.isEmpty
      ? "Accessibility audit: what changed"
      : "\(product): what changed in the accessibility audit"
  }

  /// The rows in one bucket.
  public func rows(_ bucket: Bucket) -> [Change] {
    changes.filter { $0.bucket == bucket }
  }

  /// Whether a CI step should fail: a regression or a new failure.
  public var hasRegressions: Bool {
    changes.contains { $0.bucket == .regression || $0.bucket == .newFailure }
  }

  /// Compares the rows of two audits, each read with `AuditResultsReader`.
  ///
  /// A row without an id, an id on two rows of one audit, or a WCAG cell naming no success criterion is
  /// an error naming the row. `oldRetired` and `newRetired` are the rows a refresh retired from each
  /// (`AuditSheet.retired()`): they are in no bucket, but their Fail and Cannot tell rows count in each
  /// audit's conformance, as its ACR counts them. A check of the new audit that the old one had among its
  /// retired rows (it came back) is compared with that row, not counted as added.
  public init(
    old: [AuditResultRow], new: [AuditResultRow], oldPlace: String,
    newPlace: String, oldRetired: [AuditResultRow] = [],
    newRetired: [AuditResultRow] = []
  ) throws(AuditError) {
    let before = try AuditIndex.byID(old, place: oldPlace, command: "diff")
    _ = try AuditIndex.byID(new, place: newPlace, command: "diff")
    for row in old + new { try WCAGCells.check(row) }
    var changes: [Change] = []
    var seen: Set<String> = []
    moves = ComponentMove.find(old: old, new: new)
    var movedFrom: [String: String] = [:]
    for move in moves { movedFrom.merge(move.rows) { first, _ in first } }
    // The newest retired row of each id (a refresh puts its own before earlier ones').
    var retiredBefore: [String: AuditResultRow] = [:]
    for row in oldRetired where !row.id.isEmpty && retiredBefore[row.id] == nil
    {
      retiredBefore[row.id] = row
    }
    let newIDs = Set(new.map(\.id))
    for row in new {
      seen.insert(row.id)
      let moved = before[row.id] == nil ? movedFrom[row.id] : nil
      if let moved { seen.insert(moved) }
      // The same row under the id an earlier criteria made of decomposed accents.
      let former =
        moved == nil
        ? AuditIndex.formerID(of: row.id, in: before, current: newIDs) : nil
      if let former { seen.insert(former) }
      let was =
        before[row.id] ?? (moved ?? former).flatMap { before[$0] }
        ?? retiredBefore[row.id]
      // A Fail a refresh cleared and no one retested is compared as the Fail it was once the new audit
      // has a result: a pass then is a fix, a fail is still failing (not new).
      let failedBefore = was?.failedBefore ?? false
      let compared = failedBefore && row.outcome != .notTested
      changes.append(
        Change(
          id: row.id, component: row.component,
          platform: row.platform?.rawValue ?? row.platformText,
          test: row.test, check: row.check,
          bucket: Self.bucket(compared ? .fail : was?.outcome, row.outcome),
          old: was.map {
            $0.result + (failedBefore ? " (a Fail not retested since)" : "")
          },
          new: row.result, oldSeverity: was?.severity,
          newSeverity: row.severity, notes: row.notes,
          expectationChanged: was.map {
            AuditRefresh.normalised($0.expected)
              != AuditRefresh.normalised(row.expected)
          } ?? false))
    }
    // The newest retired row of each id in the new audit: a Fail there was recorded (a retest before
    // the refresh retired the check) and is reported as the failure it is, never left in no bucket.
    var retiredNow: [String: AuditResultRow] = [:]
    for row in newRetired where !row.id.isEmpty && retiredNow[row.id] == nil {
      retiredNow[row.id] = row
    }
    func failing(_ retired: AuditResultRow?, after old: Outcome?) -> Bucket? {
      guard let retired, retired.outcome == .fail else { return nil }
      let bucket = Self.bucket(old, .fail)
      return bucket == .regression || bucket == .newFailure ? bucket : nil
    }
    let oldIDs = Set(old.map(\.id))
    for row in old where !seen.contains(row.id) {
      let retired = retiredNow[row.id]
      let bucket = failing(retired, after: row.outcome)
      changes.append(
        Change(
          id: row.id, component: row.component,
          platform: row.platform?.rawValue ?? row.platformText,
          test: row.test, check: row.check, bucket: bucket ?? .retired,
          old: row.result,
          new: bucket == nil
            ? nil : retired.map { "\($0.result) (in the retired rows)" },
          oldSeverity: row.severity,
          newSeverity: bucket == nil ? nil : retired?.severity,
          notes: bucket == nil ? row.notes : retired?.notes ?? "",
          expectationChanged: false))
    }
    // A Fail among the new audit's retired rows of a check the old audit had nowhere, or had retired
    // with another outcome: a new failure.
    for (id, row) in retiredNow.sorted(by: { $0.key < $1.key })
    where !oldIDs.contains(id) && !newIDs.contains(id) {
      let earlier = retiredBefore[id]
      guard earlier?.outcome != .fail,
        let bucket = failing(row, after: earlier?.outcome)
      else { continue }
      changes.append(
        Change(
          id: id, component: row.component,
          platform: row.platform?.rawValue ?? row.platformText,
          test: row.test, check: row.check, bucket: bucket,
          old: earlier?.result,
          new: "\(row.result) (in the retired rows)",
          oldSeverity: earlier?.severity, newSeverity: row.severity,
          notes: row.notes, expectationChanged: false))
    }
    self.changes = changes
    func findings(_ rows: [AuditResultRow]) throws(AuditError)
      -> [AuditResultRow]
    {
      let found = rows.filter(\.outcome.isFinding)
      for row in found { try WCAGCells.check(row) }
      return found
    }
    let (oldFindings, newFindings) = (
      try findings(oldRetired), try findings(newRetired)
    )
    retiredFindings = (oldFindings.count, newFindings.count)
    let oldLevels = Self.levels(old + oldFindings)
    let newLevels = Self.levels(new + newFindings)
    var conformance: [ConformanceChange] = []
    for criterion in WCAG22.all {
      for type in ProductType.allCases {
        let key = Self.key(criterion.number, type)
        let (was, now) = (oldLevels[key], newLevels[key])
        guard was != now else { continue }
        conformance.append(
          ConformanceChange(
            criterion: criterion.number, name: criterion.handle,
            productType: type.label, old: was, new: now))
      }
    }
    self.conformance = conformance
  }

  /// The bucket of a row from its old outcome (nil: the old audit has no such row) and its new one.
  public static func bucket(_ old: Outcome?, _ new: Outcome) -> Bucket {
    guard let old else { return new == .fail ? .newFailure : .added }
    switch (old, new) {
    case (.fail, .fail): return .stillFailing
    case (.pass, .fail), (.notApplicable, .fail): return .regression
    case (_, .fail): return .newFailure
    case (.fail, .pass): return .fix
    case (.fail, .notApplicable): return .failureNotApplicable
    case (.pass, .notTested), (.pass, .cannotTell), (.fail, .notTested),
      (.fail, .cannotTell), (.notApplicable, .notTested),
      (.notApplicable, .cannotTell):
      return .newlyUntested
    default: return old == new ? .unchanged : .resultChanged
    }
  }

  static func key(_ number: String, _ type: ProductType) -> String {
    number + "\u{1F}" + type.rawValue
  }

  /// The level of each criterion and product type the rows test, by `key`.
  static func levels(_ rows: [AuditResultRow]) -> [String: String] {
    var grouped: [String: [(unit: String, outcome: Outcome)]] = [:]
    for row in rows {
      let type = row.platform.map(ProductType.init) ?? .software
      let unit = VPATRollup.unit(
        component: row.component,
        platform: row.platform?.rawValue ?? row.platformText)
      for number in row.countedWCAG {
        grouped[key(number, type), default: []].append((unit, row.outcome))
      }
    }
    return grouped.mapValues {
      VPATRollup.term($0)?.label ?? "Not enough evidence"
    }
  }
}
