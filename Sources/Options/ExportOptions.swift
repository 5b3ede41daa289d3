import CriteriaModel
import Foundation
import StrictYAML

/// An exporter's options as the user wrote them (config `options:` or `--option key=value`).
public struct ExportOptions: Sendable {
  /// One option value: text, a number, a switch or a list.
  public enum Value: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case list([String])
  }

  /// The values by key.
  public var values: [String: Value]
  /// How the options are named in errors, for example `outputs[1].options` or `--option`.
  public var origin: String
  /// The folder relative paths in options (templates) start from: the config's folder, or the working folder.
  public var baseDirectory: String

  /// Creates options.
  public init(
    _ values: [String: Value] = [:], origin: String = "--option",
    baseDirectory: String = "."
  ) {
    self.values = values
    self.origin = origin
    self.baseDirectory = baseDirectory
  }

  /// A path option resolved against `baseDirectory`.
  public func path(_ key: String) throws(ExportError) -> String? {
    guard let value = try string(key) else { return nil }
    let path = value.hasPrefix("/") ? value : baseDirectory + "/" + value
    return (path as NSString).standardizingPath
  }

  /// Fails on keys the exporter does not know, suggesting the nearest known key.
  public func checkKeys(allowed: some Collection<String>, exporter: String)
    throws(ExportError)
  {
    for key in values.keys.sorted() where !allowed.contains(key) {
      let hint =
        Suggestion.hint(for: key, in: Array(allowed))
      let known =
        allowed.isEmpty
        ? "it takes no options"
        : "it takes \(allowed.sorted().map { "'\($0)'" }.joined(separator: ", "))"
      throw ExportError(
        "\(origin).\(key): exporter '\(exporter)' has no option '\(key)'; \(known).\(hint)"
      )
    }
  }

  /// A text option.
  public func string(_ key: String) throws(ExportError) -> String? {
    switch values[key] {
    case nil: return nil
    case .string(let s)?: return s
    case .int(let i)?: return String(i)
    case .bool(let b)?: return String(b)
    case .list?:
      throw ExportError("\(origin).\(key): expected text, found a list")
    }
  }

  /// A yes/no option ("true", "false", "yes", "no" also accepted as text).
  public func bool(_ key: String) throws(ExportError) -> Bool? {
    try scalar(key, expected: "true or false") {
      if case .bool(let b) = $0 { b } else { nil }
    } parse: {
      switch $0.lowercased() {
      case "true", "yes", "on", "1": true
      case "false", "no", "off", "0": false
      default: nil
      }
    }
  }

  /// Names in order of preference: a list, or one text taken whole (a name may hold a comma).
  public func names(_ key: String) throws(ExportError) -> [String]? {
    switch values[key] {
    case .list(let l)?:
      guard !l.isEmpty else {
        throw ExportError("\(origin).\(key): expected at least one name")
      }
      return l
    default: return try string(key).map { [$0] }
    }
  }

  /// A list option; a comma-separated text is split.
  public func list(_ key: String) throws(ExportError) -> [String]? {
    switch values[key] {
    case nil: return nil
    case .list(let l)?: return l
    case .string(let s)?:
      return s.split(separator: ",").map {
        String($0).trimmingCharacters(in: .whitespaces)
      }
    default:
      throw ExportError("\(origin).\(key): expected a list of text values")
    }
  }

  /// A whole-number option.
  public func int(_ key: String) throws(ExportError) -> Int? {
    try scalar(key, expected: "a whole number") {
      if case .int(let i) = $0 { i } else { nil }
    } parse: {
      Int($0)
    }
  }

  /// A one-value option: its value as YAML typed it, or text `parse` reads; anything else is an error
  /// saying what was `expected` (and what was found, for text).
  private func scalar<T>(
    _ key: String, expected: String, typed: (Value) -> T?, parse: (String) -> T?
  ) throws(ExportError) -> T? {
    guard let value = values[key] else { return nil }
    if let typed = typed(value) { return typed }
    guard case .string(let text) = value else {
      throw ExportError("\(origin).\(key): expected \(expected)")
    }
    guard let parsed = parse(text) else {
      throw ExportError(
        "\(origin).\(key): expected \(expected), found '\(text)'")
    }
    return parsed
  }
}

/// What a definition in `exporters/` defines: `kind: file` (a file format) or a tracker (the default).
public enum DefinitionKind {
  /// Whether the YAML text is a `kind: file` definition.
  public static func isFile(_ yaml: String) -> Bool {
    guard let root = try? SafeYAML.compose(yaml),
      let kind = root.mapping?["kind"]?.string
    else {
      return false
    }
    return kind == "file"
  }
}
