/// A Gherkin step keyword.
public enum StepKeyword: String, Hashable, Sendable, Codable, CaseIterable {
  case given = "Given"
  case when = "When"
  case then = "Then"
  case and = "And"
  case but = "But"
}

/// One Gherkin step, with the steps the document nested under it.
public struct Step: Hashable, Sendable, Codable {
  /// The keyword, normalised to Gherkin's spelling.
  public var keyword: StepKeyword
  /// The step's text without its keyword.
  public var text: String
  /// Steps indented under this one in the document.
  public var children: [Step] = []
  /// Where the step was read.
  public var line: Int = 0

  public init(
    keyword: StepKeyword, text: String, children: [Step] = [], line: Int = 0
  ) {
    self.keyword = keyword
    self.text = text
    self.children = children
    self.line = line
  }

  /// This step and all its descendants, depth first, in document order.
  public var flattened: [Step] {
    [Step(keyword: keyword, text: text, line: line)]
      + children.flatMap(\.flattened)
  }
}
