import CriteriaModel

/// A document that cannot be read at all: empty, not UTF-8, broken front matter, no sections.
public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(_ location: SourceLocation, _ message: String) {
    self.location = location
    self.message = message
  }

  /// The error as a diagnostic.
  public var diagnostic: Diagnostic { Diagnostic(.error, location, message) }

  public var description: String { "\(location): error: \(message)" }
}
