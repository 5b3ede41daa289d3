import CriteriaModel

/// A problem found while reading a document, with the place it was found.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How bad it is.
  public enum Severity: String, Sendable, Comparable {
    /// The document (or part of it) could not be read; `validate` fails.
    case error
    /// The document was read, but something looked wrong and was read a tolerant way.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  /// Error or warning.
  public var severity: Severity
  /// File and line.
  public var location: SourceLocation
  /// One sentence that says what is wrong, and what to do when that is known.
  public var message: String
  /// For a warning about how the document is written (not what it asks), its kind, which a run can
  /// silence; nil for every other diagnostic.
  public var style: DocumentStyle?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ location: SourceLocation, _ message: String,
    style: DocumentStyle? = nil
  ) {
    self.severity = severity
    self.location = location
    self.message = message
    self.style = style
  }

  /// `file:line: error: message`, the form compilers use.
  public var description: String {
    "\(location): \(severity.rawValue): \(message)"
  }
}
