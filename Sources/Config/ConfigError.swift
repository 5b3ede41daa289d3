import CriteriaModel

/// A config that cannot be used, with the file, line and key path of the problem.
public struct ConfigError: StatusError, Sendable {
  /// The config file.
  public var file: String
  /// The 1-based line, or 0 when unknown.
  public var line: Int
  /// The key path, for example `outputs[0].exporter`.
  public var keyPath: String
  /// What is wrong and what to do.
  public var message: String
  /// A config file that is not there is a missing input (66); anything else in it is a config error (78).
  public var missing = false

  /// A missing config file is 66; anything else is 78.
  public var status: ExitStatus { missing ? .noInput : .config }

  public var description: String {
    let place = line > 0 ? "\(file):\(line)" : file
    return keyPath.isEmpty
      ? "\(place): \(message)" : "\(place): \(keyPath): \(message)"
  }
}
