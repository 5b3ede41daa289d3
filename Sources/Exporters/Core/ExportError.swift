/// Why an export could not be made; messages name the option, template line or path involved.
public struct ExportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One sentence: what went wrong, where, and what to do.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
