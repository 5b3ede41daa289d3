import ArgumentParser
import CriteriaModel
import CriteriaPipeline
import Foundation

/// `criteria run`: everything a config asks for.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Read the sources in a config and write every output it lists.",
    discussion:
      """
      Outputs are written whole or not at all: each goes to a temporary file that replaces the target when \
      complete, and a run stopped by Ctrl-C removes the one it was writing. A workbook or CSV output whose \
      file holds what a tester recorded (a result, a name, a note, a column of their own) is never written \
      over: the run stops before writing anything (exit 73). Carry the results to today's criteria with \
      criteria refresh, or move the audit away.
      """
  )

  /// How the run reports what it did.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(name: .shortAndLong, help: "The config file.")
  var config = "criteria.yml"

  @Option(help: "Only these outputs (by name or exporter), comma-separated.")
  var only: String?

  @Flag(
    help:
      "Write nothing but tickets' payloads: file outputs are listed, tracker outputs write one JSON per ticket to their path and send nothing."
  )
  var dryRun = false

  @Option(
    help:
      "text (notes on stderr) or json: also a summary on stdout for a CI step (outputs written, tickets filed, already filed, failed, updated, warnings, the exit status)."
  )
  var format: Format = .text

  @Flag(
    help:
      "Do not print the warnings about how the documents are written (kinds: section, heading, placement, link, setup); one note counts them. The config's warnings.quiet picks kinds."
  )
  var quiet = false

  @OptionGroup var filing: FilingOptions

  func run() throws {
    let wanted = only.map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var summary = RunSummary()
    do {
      summary = try Pipeline.terminal(quiet: quiet).run(
        config: config, only: wanted, dryRun: dryRun, filing: filing.settings,
        stdoutTaken: format == .json)
    } catch {
      guard format == .json else {
        throw CLIError(error.message, status: error.status)
      }
      summary.exitStatus = error.status.rawValue
      summary.error = Terminal.printable(error.message)
      FileHandle.standardError.write(
        Data("Error: \(Terminal.printable(error.message))\n".utf8))
    }
    if format == .json {
      print((try? Terminal.json(summary, snakeCaseKeys: true)) ?? "{}")
    }
    if summary.exitStatus != 0 { throw ExitCode(summary.exitStatus) }
  }
}
