import CriteriaModel

/// Why an export could not be made; messages name the option, template line or path involved.
public struct ExportError: StatusError, Hashable, Sendable {
  /// One sentence: what went wrong, where, and what to do.
  public var message: String
  /// The exit status it means: most export errors are an option's or a definition's (config); the
  /// file sink's are outputs that cannot be written.
  public var status: ExitStatus

  /// Creates an error.
  public init(_ message: String, status: ExitStatus = .config) {
    self.message = message
    self.status = status
  }

  public var description: String { message }
}
