import Foundation

/// `Tests/ACRTests/Scripts/browser_check.py`: a page opened in headless Chromium with axe-core, a
/// screenshot taken, and what it found (violations, links, Tab stops, sideways scrolling, axe's version).
public enum BrowserCheck {
  /// Where screenshots go: `.build/screenshots`, to be looked at.
  public static let folder = SharedData.packageRoot.appendingPathComponent(
    ".build/screenshots")

  /// Checks `page`, saving the screenshot to `folder/<name>.png`; the script's JSON answer, or nil with
  /// its error output when it printed none.
  public static func run(_ page: URL, screenshot name: String) throws -> (
    result: [String: Any]?, stderr: String
  ) {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    let shot = folder.appendingPathComponent("\(name).png")
    try? FileManager.default.removeItem(at: shot)
    let script = SharedData.packageRoot.appendingPathComponent(
      "Tests/ACRTests/Scripts/browser_check.py")
    let run = try ProcessRunner.run(
      "python3", [script.path, page.path, shot.path])
    let result =
      try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      as? [String: Any]
    return (result, run.stderr)
  }
}
