/// A Gherkin scenario: a name and its steps.
public struct Scenario: Hashable, Sendable, Codable {
  /// Stable identifier derived from the component id and the scenario name.
  public var id: String
  /// The scenario name, for example "Test keyboard actions".
  public var name: String
  /// The test kind the scenario exercises, when it can be told from its name.
  public var test: TestKind?
  /// The steps, the first usually the document's shared `Given`.
  public var steps: [Step]
  /// Where the scenario was read.
  public var source: SourceLocation

  public init(
    id: String, name: String, test: TestKind? = nil, steps: [Step],
    source: SourceLocation
  ) {
    self.id = id
    self.name = name
    self.test = test
    self.steps = steps
    self.source = source
  }
}
