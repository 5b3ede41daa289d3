import ArgumentParser
import CriteriaPipeline
import Foundation

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
    let wanted = only.map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let problems = try cli { () throws(PipelineError) in
      try Pipeline(
        reporter: .terminal, environment: ProcessInfo.processInfo.environment
      ).run(
        config: config, only: wanted, dryRun: dryRun, filing: filing.settings)
    }
    if problems > 0 { throw ExitCode(1) }
  }
}
