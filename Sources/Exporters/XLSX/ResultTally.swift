import Audit
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

  init(_ catalog: Catalog, layout: AuditLayout, carry: AuditCarry?) {
    let zeros = Array(repeating: 0, count: layout.statuses.count)
    let fresh = layout.statuses.firstIndex(of: layout.defaultStatus) ?? 0
    // The WCAG sheet reads Failed WCAG only when the checklist has the column.
    let readsFailed = layout.columns.contains(.failedWCAG)
    for component in catalog.components {
      // Counts per platform and per kind and number, gathered for the component and stored once.
      var byPlatform: [Platform: [Int]] = [:]
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
          let kind: WCAGSheet.Kind = platform == .web ? .web : .software
          for number in WCAGEvidence.counted(
            wcag: criterion.wcag, failed: failed, outcome: outcome)
          {
            criteria[kind, default: [:]][number, default: zeros][index] += 1
          }
        }
      }
      for (platform, counts) in byPlatform {
        units[Self.unit(component.id, platform)] = counts
      }
    }
  }

  static func unit(_ componentID: String, _ platform: Platform) -> String {
    componentID + "\u{1F}" + platform.rawValue
  }

  /// The level the sheets' conformance formulas give counts in the layout's order (pass, fail, not
  /// applicable, …); `unknown` is their word for not enough evidence.
  static func conformance(_ counts: [Int], unknown: String) -> String {
    let total = counts.reduce(0, +)
    let (pass, fail, na) = (counts[0], counts[1], counts[2])
    if fail > 0 {
      return 2 * fail > pass + fail ? "Does Not Support" : "Partially Supports"
    }
    if na == total { return "Not Applicable" }
    return pass + na < total ? unknown : "Supports"
  }
}
