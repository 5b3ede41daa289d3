import Audit
import CriteriaModel

/// A VPAT 2.5 / OpenACR conformance level.
public enum ConformanceTerm: String, Sendable, CaseIterable, Hashable {
  case supports
  case partiallySupports = "partially-supports"
  case doesNotSupport = "does-not-support"
  case notApplicable = "not-applicable"
  case notEvaluated = "not-evaluated"

  /// VPAT 2.5's definition of the term, as its catalogues give it (OpenACR's `terms`).
  public var definition: String {
    switch self {
    case .supports:
      "The functionality of the product has at least one method that meets the criterion without known "
        + "defects or meets with equivalent facilitation."
    case .partiallySupports:
      "Some functionality of the product does not meet the criterion."
    case .doesNotSupport:
      "The majority of product functionality does not meet the criterion."
    case .notApplicable: "The criterion is not relevant to the product."
    case .notEvaluated:
      "The product has not been evaluated against the criterion. This can only be used in WCAG Level AAA "
        + "criteria."
    }
  }

  /// The words VPAT prints.
  public var label: String {
    switch self {
    case .supports: "Supports"
    case .partiallySupports: "Partially Supports"
    case .doesNotSupport: "Does Not Support"
    case .notApplicable: "Not Applicable"
    case .notEvaluated: "Not Evaluated"
    }
  }
}

/// The kinds of product an ACR has a column for, and that conformance is rolled up by.
public enum ProductType: String, Sendable, CaseIterable, Hashable, Comparable {
  case web
  case software

  /// The label VPAT prints.
  public var label: String { self == .web ? "Web" : "Software" }

  /// Web rows are the Web platform's; iOS and Android rows are software.
  public init(platform: Platform) { self = platform == .web ? .web : .software }

  public static func < (lhs: ProductType, rhs: ProductType) -> Bool {
    lhs == .web && rhs == .software
  }
}

/// The one rule that turns results into a conformance level, shared by the ACR and the report.
///
/// VPAT 2.5 defines Does Not Support as "the majority of product functionality does not meet the
/// criterion". Functionality is measured unit by unit (a component on one platform, each weighted
/// equally, so one large component does not outweigh the rest): a unit's share of failing rows among
/// its evaluated (Pass or Fail) rows, averaged over the units with any evaluated row. More than one half
/// is Does Not Support; any failure otherwise is Partially Supports. Without failures: Supports when
/// every row passed or does not apply (at least one passed), Not Applicable when none applies, and nil
/// (not enough evidence) when any row is not tested, cannot tell or blank.
public enum VPATRollup {
  /// The level of one criterion and product type from its rows, each with its unit; nil when the
  /// evidence is not enough.
  public static func term(_ rows: [(unit: String, outcome: Outcome)])
    -> ConformanceTerm?
  {
    guard !rows.isEmpty else { return nil }
    let pass = rows.filter { $0.outcome == .pass }.count
    let fail = rows.filter { $0.outcome == .fail }.count
    let notApplicable = rows.filter { $0.outcome == .notApplicable }.count
    if fail > 0 {
      return failingShare(rows) > 0.5 ? .doesNotSupport : .partiallySupports
    }
    if pass + notApplicable < rows.count { return nil }
    return pass > 0 ? .supports : .notApplicable
  }

  /// The share of failing rows among evaluated ones, averaged over units.
  public static func failingShare(_ rows: [(unit: String, outcome: Outcome)])
    -> Double
  {
    var units: [String: (fail: Int, evaluated: Int)] = [:]
    for row in rows where row.outcome == .pass || row.outcome == .fail {
      var unit = units[row.unit] ?? (0, 0)
      unit.evaluated += 1
      if row.outcome == .fail { unit.fail += 1 }
      units[row.unit] = unit
    }
    guard !units.isEmpty else { return 0 }
    let shares = units.values.map { Double($0.fail) / Double($0.evaluated) }
    return shares.reduce(0, +) / Double(shares.count)
  }

  /// A unit's name: a component on one platform.
  public static func unit(component: String, platform: String) -> String {
    component + "\u{1F}" + platform
  }
}
