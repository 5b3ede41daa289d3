/// The exit statuses criteria uses, after sysexits(3).
///
/// This is the contract the README's "Exit status" table and DESIGN.md state, so a script can tell what
/// went wrong; every error type carries the status it means.
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
  /// The tracker refuses the credentials, or its account may not set the labels tickets are found by.
  case credentialsRefused = 77
  /// A config or definition error.
  case config = 78
}

/// An error that says what went wrong in words a person can act on (its `description`) and which exit
/// status it means.
///
/// Each module's error is one, so the pipeline wraps any of them without losing it
/// (`PipelineError.underlying`).
public protocol StatusError: Error, CustomStringConvertible {
  /// The exit status the error means.
  var status: ExitStatus { get }
}
