import Foundation
import Testing

/// Golden files: text a test compares its output with, read and reviewed like code.
public enum Golden {
  /// Compares text with the golden file at `url`.
  ///
  /// With CRITERIA_RECORD_GOLDEN=1 it records and fails once, so a new baseline is always a deliberate,
  /// reviewed change. A mismatch keeps the output beside the golden file (`.actual`, ignored by git) and
  /// shows the difference.
  public static func expect(
    _ text: String, at url: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let name = url.lastPathComponent
    if ProcessInfo.processInfo.environment["CRITERIA_RECORD_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      Issue.record(
        "recorded golden file \(name); review it and run again without CRITERIA_RECORD_GOLDEN",
        sourceLocation: sourceLocation)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    guard text != expected else { return }
    let actual = url.deletingLastPathComponent().appendingPathComponent(
      name + ".actual")
    try Data(text.utf8).write(to: actual)
    let diff = try ProcessRunner.run("diff", ["-u", url.path, actual.path])
      .stdout
    Issue.record(
      "output differs from golden file \(name) (written to \(actual.lastPathComponent)):\n\(diff.prefix(4000))",
      sourceLocation: sourceLocation)
  }
}
