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

  /// Today's day in UTC (`2026-11-26`), as trackers date what happens to a ticket now.
  ///
  /// Call it when the date is written, not earlier: a test running over midnight reads the later day.
  public static func today() -> String {
    String(ISO8601DateFormatter().string(from: Date()).prefix(10))
  }
}
