import Foundation

/// Fresh empty folders for tests, under the system's temporary folder.
public enum Scratch {
  /// A new empty folder named `<prefix>-<uuid>`.
  public static func folder(_ prefix: String = "criteria-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true)
    return url
  }
}
