import Foundation

/// Where the tests find the material that is not part of this repository.
///
/// That is the MagentaA11y corpus, the seed documents, vendor schemas and CSV test vectors (`../shared`
/// beside the checkout, or `CRITERIA_SHARED`).
/// Tests that need it are enabled only when it is there; `scripts/test.sh` says once when they did not run.
public enum SharedData {
  /// The folder: `$CRITERIA_SHARED`, or `shared` beside the package.
  public static let root: URL = {
    if let path = ProcessInfo.processInfo.environment["CRITERIA_SHARED"],
      !path.isEmpty
    {
      return URL(fileURLWithPath: path)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent(
      "shared")
  }()

  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the corpus, seeds and schemas are there.
  public static var available: Bool {
    FileManager.default.fileExists(
      atPath: root.appendingPathComponent("corpus/magentaa11y").path)
  }

  /// Why a test did not run, for its skip message.
  public static let missing =
    "needs ../shared (the MagentaA11y corpus, seeds and vendor schemas); set CRITERIA_SHARED"
}
