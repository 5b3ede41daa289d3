/// One row of an audit: a criterion tested on one platform.
///
/// XLSX, CSV and tickets share it.
public struct AuditRow: Hashable, Sendable {
  /// Stable row id: criterion id plus platform.
  public var id: String
  /// The component id.
  public var componentID: String
  /// The component title.
  public var component: String
  /// The platform the row is tested on.
  public var platform: Platform
  /// The criterion.
  public var criterion: Criterion

  /// Creates a row.
  public init(component: Component, criterion: Criterion, platform: Platform) {
    self.id = StableID.row(criterion: criterion.id, platform: platform)
    self.componentID = component.id
    self.component = component.title
    self.platform = platform
    self.criterion = criterion
  }

  /// The check as messages name it: `Rating (Android) Keyboard: Arrow keys`.
  public var named: String {
    "\(component) (\(platform.rawValue)) \(criterion.test.label): \(criterion.check)"
  }

  /// Visits every row without building them all at once, so large audits stream in constant memory.
  public static func forEach<E: Error>(
    in catalog: Catalog, _ body: (AuditRow) throws(E) -> Void
  ) throws(E) {
    for component in catalog.components {
      for criterion in component.criteria {
        for platform in criterion.platforms {
          try body(
            AuditRow(
              component: component, criterion: criterion, platform: platform))
        }
      }
    }
  }

  /// The number of rows a catalog expands to.
  public static func count(in catalog: Catalog) -> Int {
    catalog.components.reduce(0) { total, component in
      total + component.criteria.reduce(0) { $0 + $1.platforms.count }
    }
  }

  /// Expands a catalog into rows: component × criterion × platform, in document order.
  public static func rows(of catalog: Catalog) -> [AuditRow] {
    catalog.components.flatMap { component in
      component.criteria.flatMap { criterion in
        criterion.platforms.map {
          AuditRow(component: component, criterion: criterion, platform: $0)
        }
      }
    }
  }
}
