/// Every component read in one run, in a stable order.
public struct Catalog: Hashable, Sendable, Codable {
  /// The components, sorted by id.
  public var components: [Component]

  /// Creates a catalog, sorting components by id so output does not depend on file-system order.
  public init(components: [Component]) {
    self.components = components.sorted { $0.id < $1.id }
  }

  /// The number of criteria across all components.
  public var criterionCount: Int {
    components.reduce(0) { $0 + $1.criteria.count }
  }
}
