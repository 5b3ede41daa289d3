/// Which components, platforms and tests a run exports: the `selection` part of a config.
public struct Selection: Hashable, Sendable {
  /// Component id patterns (`*` matches within a path segment, `**` across segments); empty means all.
  public var components: [String] = []
  /// Platforms to keep; empty means all.
  public var platforms: [Platform] = []
  /// Test kinds to keep; empty means all.
  public var tests: [TestKind] = []

  /// Selects everything.
  public static let all = Selection()

  public init(
    components: [String] = [], platforms: [Platform] = [],
    tests: [TestKind] = []
  ) {
    self.components = components
    self.platforms = platforms
    self.tests = tests
  }

  /// Applies the selection: drops components, criteria and platforms that are not asked for.
  public func apply(to catalog: Catalog) -> Catalog {
    Catalog(components: catalog.components.compactMap(apply))
  }

  /// The component with only the criteria, scenarios and notes asked for, or nil when it is not asked
  /// for at all.
  public func apply(to component: Component) -> Component? {
    guard matchesComponent(component.id) else { return nil }
    var copy = component
    copy.criteria = component.criteria.compactMap(filter)
    copy.scenarios = component.scenarios.filter { scenario in
      tests.isEmpty || scenario.test.map(tests.contains) ?? true
    }
    if !platforms.isEmpty {
      copy.notes = component.notes.filter {
        $0.platform.map(platforms.contains) ?? true
      }
    }
    return copy
  }

  /// Whether a component id matches one of the component patterns.
  public func matchesComponent(_ id: String) -> Bool {
    components.isEmpty || components.contains { GlobPattern($0).matches(id) }
  }

  private func filter(_ criterion: Criterion) -> Criterion? {
    guard tests.isEmpty || tests.contains(criterion.test) else { return nil }
    guard !platforms.isEmpty else { return criterion }
    var copy = criterion
    copy.platforms = criterion.platforms.filter(platforms.contains)
    return copy.platforms.isEmpty ? nil : copy
  }
}
