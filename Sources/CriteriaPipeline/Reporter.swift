import CriteriaModel
import CriteriaReaders
import Logging
import Tickets

/// How a run talks to the person who started it: notes and diagnostics (the CLI prints them on stderr),
/// and the loggers the libraries log through.
public struct Reporter: Sendable {
  /// A line for people: what was read, written or filed.
  public var note: @Sendable (String) -> Void
  /// Read errors and warnings.
  public var diagnostics: @Sendable ([Diagnostic]) -> Void
  /// A logger for a library part (`criteria.http`, `criteria.tickets`); verbose runs log at debug level.
  public var logger: @Sendable (_ label: String, _ verbose: Bool) -> Logger
  /// How far a filing run is (nil: nobody shows it); the CLI draws a line on a terminal.
  public var progress: (@Sendable (FilingProgress.Step) -> Void)?
  /// The kinds of document-style warning not to print (`--quiet`: all of them); the config's
  /// `warnings.quiet` adds to it.
  public var quiet: Set<DocumentStyle> = []

  /// Says nothing (tests, benchmarks).
  public static let silent = Reporter(
    note: { _ in }, diagnostics: { _ in },
    logger: { label, _ in Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
    })

  public init(
    note: @escaping @Sendable (String) -> Void,
    diagnostics: @escaping @Sendable ([Diagnostic]) -> Void,
    logger: @escaping @Sendable (_ label: String, _ verbose: Bool) -> Logger,
    progress: (@Sendable (FilingProgress.Step) -> Void)? = nil
  ) {
    self.note = note
    self.diagnostics = diagnostics
    self.logger = logger
    self.progress = progress
  }
}

/// How tickets are filed: the CLI's `--rebuild-ledger` and `--verbose`.
public struct FilingSettings: Sendable {
  /// Search the tracker for every ticket the ledger does not know before filing it.
  public var rebuildLedger: Bool = false
  /// Log each HTTP request (credentials redacted).
  public var verbose: Bool = false
  /// Update filed tickets whose criteria changed (also `update: true` in an output's options).
  public var update: Bool = false
  /// Overwrite tickets someone edited on the tracker since criteria wrote them.
  public var force: Bool = false

  public init(
    rebuildLedger: Bool = false, verbose: Bool = false, update: Bool = false,
    force: Bool = false
  ) {
    self.rebuildLedger = rebuildLedger
    self.verbose = verbose
    self.update = update
    self.force = force
  }
}
