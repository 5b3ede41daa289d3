import Yams

/// A YAML syntax problem as a line number (1-based, within the YAML text) and a sentence.
public struct YAMLProblem: Sendable {
  /// The line in the YAML text where the parser stopped.
  public var line: Int
  /// The parser's own description of what is wrong.
  public var message: String

  /// Extracts the line and message from whatever Yams threw.
  public init(_ error: Error) {
    switch error {
    case let refusal as SafeYAML.Refusal:
      line = refusal.line
      message = refusal.message
    case YamlError.scanner(let context, let problem, let mark, _),
      YamlError.parser(let context, let problem, let mark, _),
      YamlError.composer(let context, let problem, let mark, _):
      line = mark.line
      message = [context?.text, problem].compactMap { $0 }.joined(
        separator: " ")
    case YamlError.duplicatedKeysInMapping(let duplicates, let context):
      line = context.mark.line
      message =
        "duplicated key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))"
    case YamlError.reader(let problem, _, _, _):
      line = 1
      message = problem
    default:
      line = 1
      message = String(describing: error)
    }
  }
}
