import Audit
import Conformance
import CriteriaModel

/// What the workbook's formulas evaluate to when it is written.
///
/// These are the cached values a reader that does not recalculate (LibreOffice by default, openpyxl,
/// previews) shows. A fresh workbook has every row at the
/// layout's default word (Not applicable where the expectation is N/A); a refreshed one has the
/// carried Results.
struct ResultTally {
  /// Counts by result word (the layout's order) per component and platform, keyed by `unit`.
  private(set) var units: [String: [Int]] = [:]
  /// Counts by result word per kind and success criterion.
  private(set) var criteria: [WCAGSheet.Kind: [String: [Int]]] = [:]
  /// Per kind and success criterion, the units (a component on one platform) whose rows count for it,
  /// in the catalog's order, each with its counts by result word.
  private(set) var criterionUnits: [WCAGSheet.Kind: [String: [UnitTally]]] = [:]
  /// How many units (a component on one platform) any criterion counts.
  private(set) var unitCount = 0

  /// One component on one platform, counted for one success criterion.
  struct UnitTally {
    /// The unit's position among all units in the catalog's order (the same for each of its criteria).
    let index: Int
    let componentID: String
    let component: String
    let platform: Platform
    var counts: [Int]
  }

  init(_ catalog: Catalog, layout: AuditLayout, carry: AuditCarry?) {
    let zeros = Array(repeating: 0, count: layout.statuses.count)
    let fresh = layout.statuses.firstIndex(of: layout.defaultStatus) ?? 0
    // The WCAG sheet reads Failed WCAG only when the checklist has the column.
    let readsFailed = layout.columns.contains(.failedWCAG)
    for component in catalog.components {
      // Counts per platform and per number and platform, gathered for the component and stored once.
      var byPlatform: [Platform: [Int]] = [:]
      var byNumber: [String: [Platform: [Int]]] = [:]
      for criterion in component.criteria {
        for platform in criterion.platforms {
          var index = fresh
          var outcome = Outcome.notTested
          if criterion.expectsNotApplicable {
            index = 2
            outcome = .notApplicable
          }
          var failed: [String] = []
          if let carry {
            let id = StableID.row(criterion: criterion.id, platform: platform)
            if let word = carry.cells[id]?[.result],
              let carried = layout.outcome(of: word),
              let found = Outcome.allCases.firstIndex(of: carried)
            {
              index = found
              outcome = carried
            }
            if readsFailed {
              failed = WCAGEvidence.numbers(carry.cells[id]?[.failedWCAG] ?? "")
            }
          }
          byPlatform[platform, default: zeros][index] += 1
          guard !criterion.wcag.isEmpty else { continue }
          for number in WCAGEvidence.counted(
            wcag: criterion.wcag, failed: failed, outcome: outcome)
          {
            byNumber[number, default: [:]][platform, default: zeros][index] += 1
          }
        }
      }
      for (platform, counts) in byPlatform {
        units[Self.unit(component.id, platform)] = counts
      }
      // The component's platforms in its own order, then any other a row names (computed once: the
      // property gathers them from every check).
      let componentPlatforms = component.platforms
      let platformOrder =
        componentPlatforms
        + Platform.allCases.filter { !componentPlatforms.contains($0) }
      // Each platform the component's numbers use is one unit, numbered once.
      var unitIndex: [Platform: Int] = [:]
      for platform in platformOrder
      where byNumber.values.contains(where: { $0[platform] != nil }) {
        unitIndex[platform] = unitCount
        unitCount += 1
      }
      for (number, platforms) in byNumber {
        for platform in platformOrder {
          guard let counts = platforms[platform],
            let index = unitIndex[platform]
          else { continue }
          let kind: WCAGSheet.Kind = platform == .web ? .web : .software
          criterionUnits[kind, default: [:]][number, default: []].append(
            UnitTally(
              index: index, componentID: component.id,
              component: component.title, platform: platform, counts: counts))
          var sum = criteria[kind]?[number] ?? zeros
          for index in sum.indices { sum[index] += counts[index] }
          criteria[kind, default: [:]][number] = sum
        }
      }
    }
  }

  static func unit(_ componentID: String, _ platform: Platform) -> String {
    componentID + "\u{1F}" + platform.rawValue
  }

  /// The level the sheets' conformance formulas give, from each unit's counts in the layout's order
  /// (pass, fail, not applicable, …): the ACR's rule (`VPATRollup`); `unknown` is their word for not
  /// enough evidence.
  static func conformance(units: [[Int]], unknown: String) -> String {
    let counted = units.map {
      VPATRollup.UnitCounts(
        pass: $0[0], fail: $0[1], notApplicable: $0[2], total: $0.reduce(0, +))
    }
    return VPATRollup.term(counted)?.label ?? unknown
  }

  /// A unit's failing share among its evaluated rows, as the WCAG by component sheet shows it; nil when
  /// none was evaluated.
  static func failingShare(_ counts: [Int]) -> Double? {
    VPATRollup.UnitCounts(pass: counts[0], fail: counts[1]).failingShare
  }
}
