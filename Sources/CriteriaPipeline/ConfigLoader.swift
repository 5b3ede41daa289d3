import ACR
import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation
import StrictYAML
import Yams

/// Reads `criteria.yml` strictly: unknown keys and wrong types are errors naming the key path and line.
public struct ConfigLoader: Sendable {
  static let topKeys = [
    "version", "sources", "selection", "wcag", "acr", "outputs",
  ]
  static let selectionKeys = ["components", "platforms", "tests"]
  static let outputKeys = ["name", "exporter", "path", "options"]

  let registry: OutputRegistry

  /// Creates a loader that checks exporter names against `registry`.
  public init(registry: OutputRegistry) { self.registry = registry }

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
    var reader = NodeReader(file: path)
    guard let top = root else {
      throw reader.error(
        nil, "", "the config is empty; run 'criteria init' for a starter")
    }
    let map = try reader.mapping(top, "", allowed: Self.topKeys)
    let version =
      try map["version"].map { node throws(ConfigError) in
        try reader.int(node, "version")
      } ?? 1
    guard version == 1 else {
      throw reader.error(map["version"], "version", "only version 1 is known")
    }
    guard let sourcesNode = map["sources"] else {
      throw reader.error(
        top, "sources",
        "missing; list the criteria files, folders or globs to read")
    }
    let sources = try reader.stringList(sourcesNode, "sources")
    if sources.isEmpty {
      throw reader.error(
        sourcesNode, "sources", "is empty; name at least one file or folder")
    }
    let selection =
      try map["selection"].map { node throws(ConfigError) in
        try readSelection(node, &reader)
      } ?? .all
    let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var wcagRules: [String] = []
    if let wcag = map["wcag"] {
      let keys = try reader.mapping(wcag, "wcag", allowed: ["rules"])
      if let rules = keys["rules"] {
        for (index, file) in try reader.stringList(rules, "wcag.rules")
          .enumerated()
        {
          let resolved = URL(
            fileURLWithPath: file, relativeTo: URL(fileURLWithPath: base + "/")
          ).standardizedFileURL.path
          guard FileManager.default.isReadableFile(atPath: resolved) else {
            throw reader.error(
              rules.sequence.map { Array($0) }?[index] ?? rules,
              "wcag.rules[\(index)]",
              "cannot read '\(file)' (looked at \(resolved))")
          }
          wcagRules.append(resolved)
        }
      }
    }
    var acr: ACRSettings?
    if let node = map["acr"] {
      do { acr = try ACRSettings(node: node, base: base) } catch {
        throw ConfigError(
          file: path, line: error.line, keyPath: error.keyPath,
          message: error.message)
      }
    }
    let outputs =
      try map["outputs"].map { node throws(ConfigError) in
        try readOutputs(node, base: base, &reader)
      } ?? []
    return CriteriaConfig(
      version: version, sources: sources, selection: selection,
      wcagRules: wcagRules, acr: acr, outputs: outputs,
      baseDirectory: base, file: path)
  }

  private func readSelection(_ node: Node, _ reader: inout NodeReader)
    throws(ConfigError) -> Selection
  {
    let map = try reader.mapping(node, "selection", allowed: Self.selectionKeys)
    var selection = Selection()
    if let n = map["components"] {
      selection.components = try reader.stringList(n, "selection.components")
    }
    if let n = map["platforms"] {
      for (index, value) in try reader.stringList(n, "selection.platforms")
        .enumerated()
      {
        guard let platform = Platform(userValue: value) else {
          throw reader.error(
            n.sequence?[index] ?? n, "selection.platforms[\(index)]",
            "unknown platform '\(value)'; use iOS, Android or Web")
        }
        selection.platforms.append(platform)
      }
    }
    if let n = map["tests"] {
      selection.tests = try reader.stringList(n, "selection.tests").map(
        TestKind.init)
    }
    return selection
  }

  private func readOutputs(
    _ node: Node, base: String, _ reader: inout NodeReader
  ) throws(ConfigError) -> [CriteriaConfig.Output] {
    guard let list = node.sequence else {
      throw reader.error(node, "outputs", "expected a list of outputs")
    }
    var outputs: [CriteriaConfig.Output] = []
    var paths: [String: String] = [:]
    for (index, item) in list.enumerated() {
      let path = "outputs[\(index)]"
      let map = try reader.mapping(item, path, allowed: Self.outputKeys)
      guard let exporterNode = map["exporter"] else {
        throw reader.error(
          item, "\(path).exporter", "missing; name an exporter")
      }
      let exporter = try reader.string(exporterNode, "\(path).exporter")
      let entry: OutputRegistry.Entry
      do { entry = try registry.entry(named: exporter) } catch {
        throw reader.error(exporterNode, "\(path).exporter", error.message)
      }
      let name =
        try map["name"].map { n throws(ConfigError) in
          try reader.string(n, "\(path).name")
        } ?? exporter
      // A tracker output files tickets; its path is only where --dry-run writes the payloads.
      let outputPath: String
      if let pathNode = map["path"] {
        outputPath = try reader.string(pathNode, "\(path).path")
        try checkOutputPath(
          outputPath, node: pathNode, keyPath: "\(path).path", base: base,
          reader)
      } else if case .tracker = entry {
        outputPath = "out/\(name)-payloads"
      } else {
        throw reader.error(
          item, "\(path).path", "missing; say where to write the output")
      }
      let canonical = OutputPath.canonical(
        outputPath.hasPrefix("/") ? outputPath : base + "/" + outputPath)
      if let other = paths[canonical] {
        throw reader.error(
          map["path"] ?? item, "\(path).path",
          "'\(outputPath)' is also \(other).path; two outputs cannot write to one path"
        )
      }
      paths[canonical] = path
      var options =
        try map["options"].map { n throws(ConfigError) in
          try reader.options(n, "\(path).options")
        } ?? [:]
      if case .tracker = entry, options["ledger"] == nil {
        options["ledger"] = .string("\(name).ledger.json")
      }
      outputs.append(
        .init(
          name: name, exporter: exporter, path: outputPath,
          entry: entry,
          options: ExportOptions(
            options, origin: "\(path).options", baseDirectory: base),
          keyPath: path))
    }
    return outputs
  }

  /// The file-safety rule's config half: an output path names a file or a folder of its own, never
  /// nothing, the config's folder or a folder above it.
  private func checkOutputPath(
    _ value: String, node: Node, keyPath: String, base: String,
    _ reader: NodeReader
  ) throws(ConfigError) {
    if value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw reader.error(
        node, keyPath,
        "is empty; name the file (or folder) to write, relative to this config")
    }
    let target = value.hasPrefix("/") ? value : base + "/" + value
    if OutputPath.isSameOrAncestor(target, of: base) {
      throw reader.error(
        node, keyPath,
        "'\(value)' is the folder holding this config (or one above it); "
          + "an output never writes over it: name a file or a sub-folder such as 'out/'"
      )
    }
  }
}
