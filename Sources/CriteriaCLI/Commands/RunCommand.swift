import ArgumentParser
import CriteriaModel
import Exporters
import Foundation
import Tickets

/// `criteria run`: everything a config asks for.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Read the sources in a config and write every output it lists.",
    discussion:
      "Outputs are written whole or not at all: each goes to a temporary file that replaces the target when complete."
  )

  @Option(name: .shortAndLong, help: "The config file.")
  var config = "criteria.yml"

  @Option(help: "Only these outputs (by name or exporter), comma-separated.")
  var only: String?

  @Flag(
    help:
      "Write nothing but tickets' payloads: file outputs are listed, tracker outputs write one JSON per ticket to their path and send nothing."
  )
  var dryRun = false

  @OptionGroup var filing: FilingOptions

  func run() throws {
    let loadedConfig = try LoadedConfig(path: config)
    let registry = loadedConfig.registry
    let settings = loadedConfig.settings
    let wanted = only.map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let outputs = settings.outputs.filter { output in
      wanted.map { $0.contains(output.name) || $0.contains(output.exporter) }
        ?? true
    }
    if let wanted, outputs.isEmpty {
      throw CLIError(
        "--only \(wanted.joined(separator: ",")) matches no output in \(config); "
          + "outputs are: \(settings.outputs.map(\.name).joined(separator: ", "))"
      )
    }
    // Build every exporter first, so a bad option fails the run before anything is written.
    var exporters: [(CriteriaConfig.Output, any Exporter)] = []
    for output in outputs {
      let entry = try wrap { () throws(ExportError) in
        try registry.entry(named: output.exporter)
      }
      let exporter = try wrap { () throws(ExportError) in
        try entry.make(output.options)
      }
      exporters.append((output, exporter))
    }
    let loaded = try CatalogLoader().load(
      settings.sources, relativeTo: settings.baseDirectory)
    Terminal.report(loaded.diagnostics)
    if loaded.hasErrors {
      throw CLIError("nothing was written: fix the errors above first")
    }
    let catalog = settings.selection.apply(to: loaded.catalog)
    if catalog.components.isEmpty {
      throw CLIError(
        "\(config): selection matches no components; nothing to write")
    }
    Terminal.note(
      "read \(loaded.documentCount) documents: \(catalog.components.count) components selected, "
        + "\(catalog.criterionCount) criteria")
    var failures = 0
    for (output, exporter) in exporters {
      let path = URL(
        fileURLWithPath: output.path,
        relativeTo: URL(fileURLWithPath: settings.baseDirectory + "/")
      )
      .standardizedFileURL.path
      if let trackerExporter = exporter as? TrackerExporter, !dryRun {
        let (summary, _) = try TicketRun.file(
          trackerExporter, tickets: trackerExporter.tickets(for: catalog),
          output: output.name, options: filing)
        failures += summary.problemCount
        continue
      }
      if dryRun && !output.isTracker {
        Terminal.note("would write \(output.exporter) to \(path)")
        continue
      }
      let folder = (path as NSString).deletingLastPathComponent
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CLIError(
          "\(output.keyPath).path: cannot create the folder '\(folder)': \(error.localizedDescription)"
        )
      }
      try OutputWriter(protecting: loaded.documents + [config]).write(
        exporter, catalog: catalog, to: path)
    }
    if failures > 0 { throw ExitCode(1) }
  }
}
