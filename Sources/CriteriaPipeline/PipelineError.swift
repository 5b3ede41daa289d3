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

/// The exit statuses criteria uses, after sysexits(3).
public enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Everything asked was done.
  case success = 0
  /// The command ran and found what a person must act on (or failed in a way no other status names).
  case failure = 1
  /// The command line is wrong.
  case usage = 64
  /// Input data that cannot be read.
  case dataError = 65
  /// A named input does not exist.
  case noInput = 66
  /// A tracker that cannot be reached, or stalls, after the retries.
  case unavailable = 69
  /// An output that cannot be written.
  case cannotCreate = 73
  /// The tracker refuses the credentials.
  case credentialsRefused = 77
  /// A config or definition error.
  case config = 78
}
