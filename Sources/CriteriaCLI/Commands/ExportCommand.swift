import ArgumentParser
import CriteriaModel
import Exporters
import Foundation

/// `criteria export`: one ad-hoc export without a config.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export the criteria in the given documents to one format.",
    discussion:
      "Example: criteria export criteria/ --to json --output criteria.json"
  )

  @Argument(help: "Criteria documents, folders or globs.")
  var paths: [String]

  @Option(help: "The format or tracker: run 'criteria exporters' for the list.")
  var to: String

  @Option(
    name: .shortAndLong,
    help:
      "The file (or folder) to write; '-' or nothing writes a single file to stdout."
  )
  var output: String?

  @Option(
    name: .customLong("option"),
    help: "An exporter option as key=value. Repeatable.")
  var options: [String] = []

  @OptionGroup var selection: SelectionOptions

  func run() throws {
    let registry = try RegistryLoader.load(configDirectory: nil)
    let entry = try wrap { () throws(ExportError) in
      try registry.entry(named: to)
    }
    var values: [String: ExportOptions.Value] = [:]
    for option in options {
      guard let eq = option.firstIndex(of: "=") else {
        throw ValidationError("--option '\(option)' is not key=value")
      }
      values[String(option[..<eq])] = .string(
        String(option[option.index(after: eq)...]))
    }
    let exporter = try wrap { () throws(ExportError) in
      try entry.make(ExportOptions(values))
    }
    let loaded = try CatalogLoader().load(paths)
    Terminal.report(loaded.diagnostics)
    if loaded.hasErrors {
      throw CLIError("nothing was exported: fix the errors above first")
    }
    let catalog = selection.selection.apply(to: loaded.catalog)
    try OutputWriter(protecting: loaded.documents).write(
      exporter, catalog: catalog, to: output)
  }
}

/// Runs an exporter and delivers its artifact.
struct OutputWriter {
  /// Inputs no output may replace.
  var protecting: [String] = []

  func write(_ exporter: any Exporter, catalog: Catalog, to output: String?)
    throws
  {
    if catalog.components.isEmpty {
      throw CLIError("the selection matches no components; nothing to export")
    }
    let artifact = try wrap { () throws(ExportError) in
      try exporter.export(catalog, context: ExportContext())
    }
    if output == nil || output == "-" {
      guard case .file(let data) = artifact else {
        throw CLIError(
          "'\(type(of: exporter).name)' writes a folder or a binary file; give --output PATH"
        )
      }
      FileHandle.standardOutput.write(data)
      return
    }
    let path = output ?? "-"
    if case .folder = artifact,
      OutputPath.isSameOrAncestor(
        path, of: FileManager.default.currentDirectoryPath)
    {
      throw CLIError(
        "--output \(path): '\(type(of: exporter).name)' writes a folder of files; give it a folder of its own, e.g. out/\(type(of: exporter).name)/"
      )
    }
    try wrap { () throws(ExportError) in
      try FileSink(protecting: protecting).deliver(artifact, to: path)
    }
    Terminal.note("wrote \(path)")
  }
}

/// Turns an `ExportError` into the CLI's one-line error.
func wrap<T>(_ body: () throws(ExportError) -> T) throws(CLIError) -> T {
  do { return try body() } catch { throw CLIError(error.message) }
}
