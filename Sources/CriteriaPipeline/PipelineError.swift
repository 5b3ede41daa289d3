import CriteriaModel

/// Why a run stopped, in one sentence a user can act on; the CLI prints it and exits with `status`.
public struct PipelineError: StatusError, Sendable {
  /// What happened and what to do.
  public var message: String
  /// The exit status it means (sysexits(3), as the README's "Exit status" table says).
  public var status: ExitStatus
  /// The module's error this one wraps (an `AuditError`, a `TicketError`, a `ConfigError`...), for a
  /// caller that needs more than the words; nil when the pipeline itself found the problem.
  public var underlying: (any StatusError)?

  /// Creates an error the pipeline found itself.
  public init(_ message: String, status: ExitStatus = .failure) {
    self.message = message
    self.status = status
  }

  /// Wraps `error`: its words, and its status unless `status` says otherwise (an exporter's error met
  /// while writing the file is an output that cannot be written).
  public init(_ error: some StatusError, status: ExitStatus? = nil) {
    self.init(error.description, status: status ?? error.status)
    underlying = error
  }

  /// Wraps `error` in other words (`message` names the output or the ticket it stopped at).
  ///
  /// Its status stands: refused credentials are 77, a tracker that does not answer is 69. An error whose
  /// words had to be redacted is not wrapped: its words go on redacted, with its status alone.
  public init(_ message: String, wrapping error: some StatusError) {
    self.init(message, status: error.status)
    underlying = error
  }

  public var description: String { message }
}
