import Yams

/// The one typed reader of YAML behind everything criteria reads from users: `criteria.yml` (with its
/// `acr:`, `wcag:` and `outputs` sections), tracker and file definitions in `exporters/`, WCAG rule files and
/// ACR answers.
///
/// A mapping is read against the keys allowed where it stands (an unknown key is an error with "did you
/// mean"); each value is then asked for as the type it must be. Every error carries the line and the key
/// path of the node at fault; the caller adds the file.
public struct YAMLMap {
  /// The mapping node itself.
  public let node: Node
  /// Its key path, for example `outputs[0]`; empty at the top.
  public let path: String
  /// The values by key.
  public let values: [String: Node]

  /// Reads `node` as a mapping whose keys must all be in `allowed`.
  public init(_ node: Node, _ path: String, allowed: [String])
    throws(StrictYAMLError)
  {
    self.node = node
    self.path = path
    values = try StrictMapping.read(node, path, allowed: allowed)
  }

  /// The value of `key`, or nil when absent.
  public subscript(key: String) -> Node? { values[key] }

  /// The key path of `key` inside this mapping.
  public func keyPath(_ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// An error about `key` (at its value's line, or the mapping's when absent).
  public func problem(_ key: String, _ message: String) -> StrictYAMLError {
    StrictYAMLError(
      line: StrictMapping.line(of: values[key] ?? node), keyPath: keyPath(key),
      message: message)
  }

  /// The value of a key that must be there.
  public func require(_ key: String) throws(StrictYAMLError) -> Node {
    guard let value = values[key] else { throw problem(key, "missing") }
    return value
  }

  /// The text of `key`; nil when absent (an error when `required`).
  public func text(_ key: String, required: Bool = false)
    throws(StrictYAMLError) -> String?
  {
    guard let value = values[key] else {
      if required { throw problem(key, "missing") }
      return nil
    }
    return try YAMLNode.text(value, keyPath(key))
  }

  /// The whole number of `key`, or nil when absent.
  public func int(_ key: String) throws(StrictYAMLError) -> Int? {
    guard let value = values[key] else { return nil }
    return try YAMLNode.int(value, keyPath(key))
  }

  /// The number (whole or not) of `key`, or nil when absent.
  public func double(_ key: String) throws(StrictYAMLError) -> Double? {
    guard let value = values[key] else { return nil }
    guard case .scalar(let scalar) = value, let number = Double(scalar.string)
    else {
      throw YAMLNode.problem(value, keyPath(key), "expected a number")
    }
    return number
  }

  /// The list of texts of `key` (a single text is a list of one); empty when absent.
  public func texts(_ key: String) throws(StrictYAMLError) -> [String] {
    guard let value = values[key] else { return [] }
    return try YAMLNode.texts(value, keyPath(key))
  }

  /// The mapping of `key`, read against its own allowed keys; nil when absent.
  public func map(_ key: String, allowed: [String]) throws(StrictYAMLError)
    -> YAMLMap?
  {
    guard let value = values[key] else { return nil }
    return try YAMLMap(value, keyPath(key), allowed: allowed)
  }

  /// The mapping of a key that must be there, read against its own allowed keys.
  public func requiredMap(_ key: String, allowed: [String])
    throws(StrictYAMLError) -> YAMLMap
  {
    try YAMLMap(try require(key), keyPath(key), allowed: allowed)
  }

  /// The items of `key`'s list (a single text is a list of one), each with its key path; empty when absent.
  public func items(_ key: String) throws(StrictYAMLError) -> [(
    node: Node, path: String
  )] {
    guard let value = values[key] else { return [] }
    return try YAMLNode.items(value, keyPath(key))
  }

  /// The items of the list of `key`, each with its key path; nil when absent.
  public func list(_ key: String) throws(StrictYAMLError) -> [(
    node: Node, path: String
  )]? {
    guard let value = values[key] else { return nil }
    return try YAMLNode.list(value, keyPath(key))
  }
}

/// Typed values of single YAML nodes, for what is not inside a `YAMLMap` (a list's items, a document's
/// top).
public enum YAMLNode {
  /// An error at `node`'s line.
  public static func problem(_ node: Node?, _ path: String, _ message: String)
    -> StrictYAMLError
  {
    StrictYAMLError(
      line: StrictMapping.line(of: node), keyPath: path, message: message)
  }

  /// The node's text; a mapping or a list is an error.
  public static func text(_ node: Node, _ path: String) throws(StrictYAMLError)
    -> String
  {
    guard case .scalar(let scalar) = node else {
      throw problem(node, path, "expected text")
    }
    return scalar.string
  }

  /// A scalar's truth value in YAML 1.1's words, or nil.
  ///
  /// The words are `true`, `yes`, `on`, `false`, `no` and `off`, each in lower case, capitalised or
  /// upper case. The caller decides whether a quoted scalar counts.
  public static func bool(_ scalar: Node.Scalar) -> Bool? {
    let text = scalar.string
    let lower = text.lowercased()
    guard
      text == lower || text == text.uppercased()
        || text == lower.prefix(1).uppercased() + lower.dropFirst()
    else { return nil }
    switch lower {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: return nil
    }
  }

  /// The node's whole number.
  public static func int(_ node: Node, _ path: String) throws(StrictYAMLError)
    -> Int
  {
    guard let value = node.int else {
      throw problem(node, path, "expected a whole number")
    }
    return value
  }

  /// A list of texts; a single text is accepted as a list of one.
  public static func texts(_ node: Node, _ path: String)
    throws(StrictYAMLError) -> [String]
  {
    var values: [String] = []
    for item in try items(node, path) {
      values.append(try text(item.node, item.path))
    }
    return values
  }

  /// The items of a list, each with its key path; a single text is a list of one (at `path` itself).
  public static func items(_ node: Node, _ path: String)
    throws(StrictYAMLError) -> [(node: Node, path: String)]
  {
    if case .scalar = node { return [(node, path)] }
    return try list(node, path)
  }

  /// The items of a list, each with its key path (`rules[2]`).
  public static func list(_ node: Node, _ path: String) throws(StrictYAMLError)
    -> [(node: Node, path: String)]
  {
    guard let items = node.sequence else {
      throw problem(node, path, "expected a list")
    }
    return items.enumerated().map { ($0.element, "\(path)[\($0.offset)]") }
  }
}
