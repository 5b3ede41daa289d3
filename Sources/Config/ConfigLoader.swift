import ACR
import CriteriaModel
import Foundation
import Options
import StrictYAML
import Yams

/// Reads `criteria.yml` strictly: unknown keys and wrong types are errors naming the key path and line.
public struct ConfigLoader {
  static let topKeys = [
    "version", "sources", "language", "notes_language", "selection", "wcag",
    "acr", "warnings", "outputs",
  ]
  static let selectionKeys = ["components", "platforms", "tests"]
  static let outputKeys = ["name", "exporter", "path", "options"]

  let names: any OutputNames

  /// Creates a loader that checks exporter names against `names`.
  public init(names: any OutputNames) { self.names = names }

  /// Loads and checks the config at `path`.
  public func load(path: String) throws(ConfigError) -> CriteriaConfig {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError(
        file: path, line: 0, keyPath: "",
        message:
          "no config file here; run 'criteria init' to write a starter, or pass --config PATH",
        missing: true)
    }
    guard let yaml = String(data: data, encoding: .utf8) else {
      throw ConfigError(
        file: path, line: 0, keyPath: "",
        message: "the config is not UTF-8 text")
    }
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw ConfigError(
        file: path, line: problem.line, keyPath: "",
        message: "not valid YAML: \(problem.message)")
    }
    guard let root else {
      throw ConfigError(
        file: path, line: 0, keyPath: "",
        message: "the config is empty; run 'criteria init' for a starter")
    }
    do throws(StrictYAMLError) {
      return try read(try YAMLMap(root, "", allowed: Self.topKeys), file: path)
    } catch {
      throw ConfigError(
        file: path, line: error.line, keyPath: error.keyPath,
        message: error.message)
    }
  }

  private func read(_ map: YAMLMap, file path: String) throws(StrictYAMLError)
    -> CriteriaConfig
  {
    let version = try map.int("version") ?? 1
    guard version == 1 else {
      throw map.problem("version", "only version 1 is known")
    }
    guard map["sources"] != nil else {
      throw map.problem(
        "sources", "missing; list the criteria files, folders or globs to read")
    }
    let sources = try map.texts("sources")
    if sources.isEmpty {
      throw map.problem(
        "sources", "is empty; name at least one file or folder")
    }
    func language(_ key: String) throws(StrictYAMLError) -> ContentLanguage? {
      try map.text(key).map { tag throws(StrictYAMLError) in
        guard let language = ContentLanguage(tag) else {
          throw map.problem(key, "'\(tag)' is not \(ContentLanguage.expected)")
        }
        return language
      }
    }
    let selection =
      try map.map("selection", allowed: Self.selectionKeys).map {
        section throws(StrictYAMLError) in try readSelection(section)
      } ?? .all
    let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var wcagRules: [String] = []
    if let wcag = try map.map("wcag", allowed: ["rules"]) {
      for item in try wcag.items("rules") {
        let file = try YAMLNode.text(item.node, item.path)
        let resolved = URL(
          fileURLWithPath: file, relativeTo: URL(fileURLWithPath: base + "/")
        ).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: resolved) else {
          throw YAMLNode.problem(
            item.node, item.path,
            "cannot read '\(file)' (looked at \(resolved))")
        }
        wcagRules.append(resolved)
      }
    }
    var quiet: Set<DocumentStyle> = []
    if let warnings = try map.map("warnings", allowed: ["quiet"]) {
      quiet = try readQuiet(warnings)
    }
    let acr = try map["acr"].map { node throws(StrictYAMLError) in
      try ACRSettings(section: node, base: base)
    }
    let outputs =
      try map.list("outputs").map { items throws(StrictYAMLError) in
        try readOutputs(items, base: base)
      } ?? []
    return CriteriaConfig(
      version: version, sources: sources,
      languages: TextLanguages(
        documents: try language("language"),
        notes: try language("notes_language")),
      selection: selection,
      wcagRules: wcagRules, acr: acr, quietWarnings: quiet, outputs: outputs,
      baseDirectory: base, file: path)
  }

  /// `warnings.quiet`: `all`, or a list of the document-style kinds.
  private func readQuiet(_ map: YAMLMap) throws(StrictYAMLError)
    -> Set<DocumentStyle>
  {
    var kinds: Set<DocumentStyle> = []
    for item in try map.items("quiet") {
      let value = try YAMLNode.text(item.node, item.path)
      if value.lowercased() == "all" { return Set(DocumentStyle.allCases) }
      guard let kind = DocumentStyle(rawValue: value.lowercased()) else {
        throw YAMLNode.problem(
          item.node, item.path,
          "unknown kind '\(value)'; the kinds are \(DocumentStyle.names) (or 'all')"
        )
      }
      kinds.insert(kind)
    }
    return kinds
  }

  private func readSelection(_ map: YAMLMap) throws(StrictYAMLError)
    -> Selection
  {
    var selection = Selection()
    selection.components = try map.texts("components")
    for item in try map.items("platforms") {
      let value = try YAMLNode.text(item.node, item.path)
      guard let platform = Platform(userValue: value) else {
        throw YAMLNode.problem(
          item.node, item.path,
          "unknown platform '\(value)'; use iOS, Android or Web")
      }
      selection.platforms.append(platform)
    }
    selection.tests = try map.texts("tests").map(TestKind.init)
    return selection
  }

  private func readOutputs(
    _ items: [(node: Node, path: String)], base: String
  ) throws(StrictYAMLError) -> [CriteriaConfig.Output] {
    var outputs: [CriteriaConfig.Output] = []
    var paths: [String: String] = [:]
    for (node, path) in items {
      let map = try YAMLMap(node, path, allowed: Self.outputKeys)
      guard let exporter = try map.text("exporter") else {
        throw map.problem("exporter", "missing; name an exporter")
      }
      let kind: OutputKind
      do { kind = try names.kind(ofOutput: exporter) } catch {
        throw map.problem("exporter", error.message)
      }
      let name = try map.text("name") ?? exporter
      // A tracker output files tickets; its path is only where --dry-run writes the payloads.
      let outputPath: String
      if let value = try map.text("path") {
        outputPath = value
        try checkOutputPath(value, in: map, base: base)
      } else if kind == .tracker {
        outputPath = "out/\(name)-payloads"
      } else {
        throw map.problem("path", "missing; say where to write the output")
      }
      let canonical = OutputPath.canonical(
        outputPath.hasPrefix("/") ? outputPath : base + "/" + outputPath)
      if let other = paths[canonical] {
        throw map.problem(
          "path",
          "'\(outputPath)' is also \(other).path; two outputs cannot write to one path"
        )
      }
      // Outputs are written side by side, so none may write inside another's folder.
      for (otherPath, other) in paths.sorted(by: { $0.value < $1.value })
      where canonical.hasPrefix(otherPath + "/")
        || otherPath.hasPrefix(canonical + "/")
      {
        throw map.problem(
          "path",
          "'\(outputPath)' and \(other).path are one inside the other; give each output a path of its own"
        )
      }
      paths[canonical] = path
      var options =
        try map["options"].map { node throws(StrictYAMLError) in
          try Self.options(node, map.keyPath("options"))
        } ?? [:]
      if kind == .tracker, options["ledger"] == nil {
        options["ledger"] = .string("\(name).ledger.json")
      }
      outputs.append(
        .init(
          name: name, exporter: exporter, path: outputPath, kind: kind,
          options: ExportOptions(
            options, origin: "\(path).options", baseDirectory: base),
          keyPath: path))
    }
    return outputs
  }

  /// The file-safety rule's config half: an output path names a file or a folder of its own, never
  /// nothing, the config's folder or a folder above it.
  private func checkOutputPath(_ value: String, in map: YAMLMap, base: String)
    throws(StrictYAMLError)
  {
    if value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw map.problem(
        "path",
        "is empty; name the file (or folder) to write, relative to this config")
    }
    let target = value.hasPrefix("/") ? value : base + "/" + value
    if OutputPath.isSameOrAncestor(target, of: base) {
      throw map.problem(
        "path",
        "'\(value)' is the folder holding this config (or one above it); "
          + "an output never writes over it: name a file or a sub-folder such as 'out/'"
      )
    }
  }

  /// An output's `options:`: text, numbers, true/false, lists of text, and mappings of text (which
  /// travel as `key=value` items, as `custom_fields: {customfield_10010: '3'}` does).
  static func options(_ node: Node, _ keyPath: String) throws(StrictYAMLError)
    -> [String: ExportOptions.Value]
  {
    guard let map = node.mapping else {
      throw YAMLNode.problem(
        node, keyPath, "expected a mapping of option: value")
    }
    var result: [String: ExportOptions.Value] = [:]
    for (key, value) in map {
      let name = key.string ?? ""
      let path = "\(keyPath).\(name)"
      if value.sequence != nil {
        result[name] = .list(try YAMLNode.texts(value, path))
      } else if case .scalar(let scalar) = value {
        if scalar.style == .plain, let flag = YAMLNode.bool(scalar) {
          result[name] = .bool(flag)
        } else if scalar.style == .plain, let number = value.int {
          result[name] = .int(number)
        } else {
          result[name] = .string(scalar.string)
        }
      } else if let pairs = value.mapping {
        var items: [String] = []
        for (fieldKey, fieldValue) in pairs {
          let field = fieldKey.string ?? ""
          items.append(
            "\(field)=\(try YAMLNode.text(fieldValue, "\(path).\(field)"))")
        }
        result[name] = .list(items)
      } else {
        throw YAMLNode.problem(
          value, path,
          "expected text, a number, true/false, a list or a mapping")
      }
    }
    return result
  }
}
