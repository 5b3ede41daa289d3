import CriteriaModel
import Tickets

/// Why a run stopped, in one sentence a user can act on; the CLI prints it and exits with `status`.
public struct PipelineError: Error, Sendable, CustomStringConvertible {
  /// What happened and what to do.
  public var message: String
  /// The exit status it means (sysexits(3), as the README's "Exit status" table says).
  public var status: ExitStatus

  /// Creates an error.
  public init(_ message: String, status: ExitStatus = .failure) {
    self.message = message
    self.status = status
  }

  /// The error for a ticket run stopped by `error`: refused credentials are 77, a tracker that does
  /// not answer is 69.
  public init(_ message: String, stoppedBy error: TicketError) {
    self.init(
      message,
      status: error.isAuthentication
        ? .credentialsRefused : error.unreachable ? .unavailable : .failure)
  }

  public var description: String { message }
}
