import CriteriaModel
import Dispatch

/// How one check maps to WCAG: the success criteria and the rules that gave them.
public struct WCAGMappingRow: Sendable, Codable, Hashable {
  /// The criterion's id.
  public var id: String
  /// The component's title.
  public var component: String
  /// The test kind's label.
  public var test: String
  /// The check key.
  public var check: String
  /// The expectation.
  public var expectation: String
  /// The component's kind, as the kind rules give it.
  public var kind: String
  /// The success criteria the check tests, in WCAG order.
  public var wcag: [String]
  /// Related criteria (contested; never evidence), in WCAG order.
  public var related: [String]
  /// Why the check is no evidence whatever the rules say, or nil.
  public var notEvidence: String?
  /// The ids of the rules that matched.
  public var rules: [String]
  /// Where the check was read, `file:line`.
  public var source: String
}

/// Applies WCAG rules to a catalog: each criterion gets its success criteria, each component the union of
/// its criteria's and those its document cites.
public struct WCAGMapping: Sendable {
  /// The rules applied.
  public var rules: WCAGRules

  /// Creates a mapping with rules.
  public init(rules: WCAGRules) { self.rules = rules }

  /// The catalog with `wcag` filled in, and one row per check for review.
  ///
  /// Components are mapped side by side, as many at once as there are cores (each on its own: the
  /// rules are read only); the rows come out in the catalog's order.
  public func apply(to catalog: Catalog) -> (
    catalog: Catalog, rows: [WCAGMappingRow]
  ) {
    let components = catalog.components
    let slots = ConcurrentSlots<(component: Component, rows: [WCAGMappingRow])>(
      count: components.count)
    DispatchQueue.concurrentPerform(iterations: components.count) { index in
      slots.set(index, map(components[index]))
    }
    var mapped = catalog
    var rows: [WCAGMappingRow] = []
    rows.reserveCapacity(components.reduce(0) { $0 + $1.criteria.count })
    for (index, result) in slots.all.enumerated() {
      guard let result else { continue }
      mapped.components[index] = result.component
      rows += result.rows
    }
    return (mapped, rows)
  }

  /// One component mapped: its kind, each criterion's success criteria, and the review rows.
  public func map(_ original: Component) -> (
    component: Component, rows: [WCAGMappingRow]
  ) {
    var component = original
    var rows: [WCAGMappingRow] = []
    rows.reserveCapacity(component.criteria.count)
    component.kind = rules.kind(of: component)
    // What the document cites itself counts too, when WCAG 2.2 has such a criterion.
    var all = Set(component.wcag.filter { WCAG22.criterion($0) != nil })
    for position in component.criteria.indices {
      let criterion = component.criteria[position]
      let result = rules.map(criterion, kind: component.kind)
      component.criteria[position].wcag = result.wcag
      component.criteria[position].related = result.related
      all.formUnion(result.wcag)
      rows.append(
        WCAGMappingRow(
          id: criterion.id, component: component.title,
          test: criterion.test.label, check: criterion.check,
          expectation: criterion.expectation, kind: component.kind,
          wcag: result.wcag, related: result.related,
          notEvidence: result.notEvidence, rules: result.rules,
          source: criterion.source.description))
    }
    component.wcag = WCAGOrder.sorted(all)
    return (component, rows)
  }
}
