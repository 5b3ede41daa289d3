/// Why an audit cannot be read or copied, naming the file (and sheet and row, or line).
public struct AuditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong and what to do.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
