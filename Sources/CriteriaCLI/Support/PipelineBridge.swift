import CriteriaModel
import CriteriaPipeline
import Foundation

extension Reporter {
  /// Notes and diagnostics on stderr; libraries log through `StderrLogHandler`.
  static let terminal = Reporter(
    note: { Terminal.note($0) }, diagnostics: { Terminal.report($0) },
    logger: { label, verbose in StderrLogHandler.logger(label, verbose: verbose)
    },
    progress: Terminal.stderrIsTerminal ? Terminal.progress : nil)
}

extension Pipeline {
  /// The pipeline as a command runs it: notes on stderr, the output date from this process's
  /// environment (`SOURCE_DATE_EPOCH`).
  ///
  /// With `quiet`, the document-style warnings are counted, not printed.
  static func terminal(quiet: Bool = false) throws(PipelineError) -> Pipeline {
    var reporter = Reporter.terminal
    if quiet { reporter.quiet = Set(DocumentStyle.allCases) }
    return try Pipeline(
      reporter: reporter, environment: ProcessInfo.processInfo.environment)
  }
}

/// Runs a pipeline step, turning its error into the CLI's one-line error.
func cli<T>(_ body: () throws(PipelineError) -> T) throws(CLIError) -> T {
  do { return try body() } catch {
    throw CLIError(error.message, status: error.status)
  }
}

/// The config a reader of filled audits takes its Result words from: the one given, else `criteria.yml`
/// in the current folder when there is one, else none (the default words).
func optionalConfig(_ given: String?) -> String? {
  given
    ?? (FileManager.default.fileExists(atPath: "criteria.yml")
      ? "criteria.yml" : nil)
}
