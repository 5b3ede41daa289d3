/// Why a run stopped, in one sentence a user can act on; the CLI prints it and exits 1.
public struct PipelineError: Error, Sendable, CustomStringConvertible {
  /// What happened and what to do.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
