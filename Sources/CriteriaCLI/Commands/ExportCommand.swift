import ArgumentParser
import CriteriaPipeline
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
      "The file (or folder) to write; '-' or nothing writes a single file to stdout. Never an xlsx or csv audit a tester filled in (exit 73)."
  )
  var output: String?

  @Option(
    name: .customLong("option"),
    help: "An exporter option as key=value. Repeatable.")
  var options: [String] = []

  @OptionGroup var selection: SelectionOptions

  @Flag(
    help:
      "Send nothing. A tracker format writes its payloads (one JSON file per request) to --output either way."
  )
  var dryRun = false

  @Flag(
    help:
      "Do not print the warnings about how the documents are written (kinds: section, heading, placement, link, setup); one note counts them. The config's warnings.quiet picks kinds."
  )
  var quiet = false

  func run() throws {
    var values: [String: String] = [:]
    for option in options {
      guard let eq = option.firstIndex(of: "=") else {
        throw ValidationError("--option '\(option)' is not key=value")
      }
      values[String(option[..<eq])] = String(option[option.index(after: eq)...])
    }
    try cli { () throws(PipelineError) in
      try Pipeline.terminal(quiet: quiet).export(
        paths, format: to, options: values, selection: selection.selection,
        output: output)
    }
  }
}
