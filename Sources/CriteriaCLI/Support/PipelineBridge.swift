import CriteriaPipeline

extension Reporter {
  /// Notes and diagnostics on stderr; libraries log through `StderrLogHandler`.
  static let terminal = Reporter(
    note: { Terminal.note($0) }, diagnostics: { Terminal.report($0) },
    logger: { label, verbose in StderrLogHandler.logger(label, verbose: verbose)
    },
    progress: Terminal.stderrIsTerminal ? Terminal.progress : nil)
}

/// Runs a pipeline step, turning its error into the CLI's one-line error.
func cli<T>(_ body: () throws(PipelineError) -> T) throws(CLIError) -> T {
  do { return try body() } catch {
    throw CLIError(error.message, status: error.status)
  }
}
