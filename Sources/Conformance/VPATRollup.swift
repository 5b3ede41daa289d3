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
    var units: [String: UnitCounts] = [:]
    var order: [String] = []
    for row in rows {
      if units[row.unit] == nil { order.append(row.unit) }
      units[row.unit, default: UnitCounts()].add(row.outcome)
    }
    return term(order.compactMap { units[$0] })
  }

  /// One unit's rows counted by what they say about the criterion.
  public struct UnitCounts: Sendable, Equatable {
    public var pass: Int = 0
    public var fail: Int = 0
    public var notApplicable: Int = 0
    /// Every row, whatever its result (not tested, cannot tell and blank included).
    public var total: Int = 0

    public init(
      pass: Int = 0, fail: Int = 0, notApplicable: Int = 0, total: Int = 0
    ) {
      self.pass = pass
      self.fail = fail
      self.notApplicable = notApplicable
      self.total = total
    }

    public mutating func add(_ outcome: Outcome) {
      total += 1
      switch outcome {
      case .pass: pass += 1
      case .fail: fail += 1
      case .notApplicable: notApplicable += 1
      default: break
      }
    }

    /// The unit's share of failing rows among its evaluated (Pass or Fail) ones; nil when none was.
    public var failingShare: Double? {
      pass + fail == 0 ? nil : Double(fail) / Double(pass + fail)
    }
  }

  /// The level from each unit's counts (the rule above); nil when the evidence is not enough.
  ///
  /// The workbook's cached values use this form, with counts it gathers itself, so its sheets say what
  /// the ACR and the report say.
  public static func term(_ units: [UnitCounts]) -> ConformanceTerm? {
    let total = units.reduce(0) { $0 + $1.total }
    guard total > 0 else { return nil }
    let pass = units.reduce(0) { $0 + $1.pass }
    let fail = units.reduce(0) { $0 + $1.fail }
    let notApplicable = units.reduce(0) { $0 + $1.notApplicable }
    if fail > 0 {
      return failingShare(units) > 0.5 ? .doesNotSupport : .partiallySupports
    }
    if pass + notApplicable < total { return nil }
    return pass > 0 ? .supports : .notApplicable
  }

  /// The share of failing rows among evaluated ones, averaged over the units with any evaluated row.
  public static func failingShare(_ units: [UnitCounts]) -> Double {
    let shares = units.compactMap(\.failingShare)
    guard !shares.isEmpty else { return 0 }
    return shares.reduce(0, +) / Double(shares.count)
  }

  /// A unit's name: a component on one platform.
  public static func unit(component: String, platform: String) -> String {
    component + "\u{1F}" + platform
  }
}
