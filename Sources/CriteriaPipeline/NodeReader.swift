import Exporters
import StrictYAML
import Yams

/// Reads typed values out of a Yams node tree, failing with the key path and line of the bad node.
struct NodeReader {
  let file: String

  func error(_ node: Node?, _ keyPath: String, _ message: String) -> ConfigError
  {
    ConfigError(
      file: file, line: node?.mark?.line ?? 0, keyPath: keyPath,
      message: message)
  }

  /// A mapping whose keys must all be in `allowed` (unknown ones get "did you mean").
  func mapping(_ node: Node, _ keyPath: String, allowed: [String])
    throws(ConfigError) -> [String: Node]
  {
    do { return try StrictMapping.read(node, keyPath, allowed: allowed) } catch
    {
      throw ConfigError(
        file: file, line: error.line, keyPath: error.keyPath,
        message: error.message)
    }
  }

  func string(_ node: Node, _ keyPath: String) throws(ConfigError) -> String {
    guard case .scalar(let scalar) = node else {
      throw error(node, keyPath, "expected text")
    }
    return scalar.string
  }

  func int(_ node: Node, _ keyPath: String) throws(ConfigError) -> Int {
    guard let value = node.int else {
      throw error(node, keyPath, "expected a whole number")
    }
    return value
  }

  /// A list of text values; a single text value is accepted as a list of one.
  func stringList(_ node: Node, _ keyPath: String) throws(ConfigError)
    -> [String]
  {
    if case .scalar(let scalar) = node { return [scalar.string] }
    guard let list = node.sequence else {
      throw error(node, keyPath, "expected a list")
    }
    var values: [String] = []
    for (index, item) in list.enumerated() {
      values.append(try string(item, "\(keyPath)[\(index)]"))
    }
    return values
  }

  func options(_ node: Node, _ keyPath: String) throws(ConfigError) -> [String:
    ExportOptions.Value]
  {
    guard let map = node.mapping else {
      throw error(node, keyPath, "expected a mapping of option: value")
    }
    var result: [String: ExportOptions.Value] = [:]
    for (key, value) in map {
      let name = key.string ?? ""
      if let list = value.sequence {
        var items: [String] = []
        for (index, item) in list.enumerated() {
          items.append(try string(item, "\(keyPath).\(name)[\(index)]"))
        }
        result[name] = .list(items)
      } else if case .scalar(let scalar) = value {
        if scalar.style == .plain, let b = value.bool {
          result[name] = .bool(b)
        } else if scalar.style == .plain, let i = value.int {
          result[name] = .int(i)
        } else {
          result[name] = .string(scalar.string)
        }
      } else if let pairs = value.mapping {
        // A mapping of text values (custom_fields: {customfield_10010: '3'}) travels as key=value items.
        var items: [String] = []
        for (fieldKey, fieldValue) in pairs {
          let field = fieldKey.string ?? ""
          items.append(
            "\(field)=\(try string(fieldValue, "\(keyPath).\(name).\(field)"))")
        }
        result[name] = .list(items)
      } else {
        throw error(
          value, "\(keyPath).\(name)",
          "expected text, a number, true/false, a list or a mapping")
      }
    }
    return result
  }
}
