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
