/// One row of an audit: a criterion tested on one platform. XLSX, CSV and tickets share it.
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

    /// Expands a catalog into rows: component × criterion × platform, in document order.
    public static func rows(of catalog: Catalog) -> [AuditRow] {
        catalog.components.flatMap { component in
            component.criteria.flatMap { criterion in
                criterion.platforms.map { AuditRow(component: component, criterion: criterion, platform: $0) }
            }
        }
    }
}
