import CriteriaModel

/// Why an audit cannot be read or copied, naming the file (and sheet and row, or line).
public struct AuditError: StatusError, Hashable, Sendable {
  /// What is wrong and what to do.
  public var message: String
  /// The exit status it means: input data that cannot be read, unless told otherwise.
  public var status: ExitStatus

  /// Creates an error.
  public init(_ message: String, status: ExitStatus = .dataError) {
    self.message = message
    self.status = status
  }

  public var description: String { message }
}

extension AuditError {
  /// One row id on two rows.
  ///
  /// Each check is one row, so which of the two results is current cannot be told, and counting both
  /// would count one check twice (an ACR's "9 of 9 checks evaluated" for 8 checks; one ticket for two
  /// findings).
  public static func idTwice(_ id: String, at place: String, first: String)
    -> AuditError
  {
    AuditError(
      "\(place): the ID '\(id)' is also on \(first); each check is one row, so which of its results is "
        + "current cannot be told. Remove one of them; to join testers' copies of one audit, give each to criteria merge."
    )
  }
}
