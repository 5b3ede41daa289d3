import CriteriaModel
import Yams

/// A key that is not allowed where it stands, or a value of the wrong shape, with its line and key path.
public struct StrictYAMLError: Error, Sendable {
  /// The 1-based line of the offending node.
  public var line: Int
  /// The key path, for example `outputs[0].optons`.
  public var keyPath: String
  /// What is wrong and what to do.
  public var message: String

  public init(line: Int, keyPath: String, message: String) {
    self.line = line
    self.keyPath = keyPath
    self.message = message
  }
}

/// The one strict reader of YAML mappings behind `criteria.yml` and `exporters/*.yml`: unknown keys are
/// errors naming the key path and line, with "did you mean" when a known key is close.
public enum StrictMapping {
  /// The mapping's values by key; every key must be in `allowed`.
  public static func read(_ node: Node, _ keyPath: String, allowed: [String])
    throws(StrictYAMLError) -> [String: Node]
  {
    guard let map = node.mapping else {
      throw StrictYAMLError(
        line: line(of: node), keyPath: keyPath,
        message: "expected a mapping of 'key: value' lines")
    }
    var result: [String: Node] = [:]
    for (key, value) in map {
      let name = key.string ?? ""
      let path = keyPath.isEmpty ? name : "\(keyPath).\(name)"
      guard allowed.contains(name) else {
        throw StrictYAMLError(
          line: line(of: key), keyPath: path,
          message: Suggestion.unknown(
            "key", name, among: allowed, listed: "Known keys here:"))
      }
      result[name] = value
    }
    return result
  }

  /// The 1-based line of a node, or 0 when unknown.
  public static func line(of node: Node?) -> Int { node?.mark?.line ?? 0 }
}
