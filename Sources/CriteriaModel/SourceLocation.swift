/// Where something was read from: a file path and a 1-based line number.
public struct SourceLocation: Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The path as it was given to the reader.
  public var file: String
  /// The 1-based line number, or 0 when the whole file is meant.
  public var line: Int

  /// `file:line`, the form editors and CI annotators understand.
  public var description: String { line > 0 ? "\(file):\(line)" : file }

  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }
}
