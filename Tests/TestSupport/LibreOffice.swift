import Foundation

/// LibreOffice for tests that run at the same time.
///
/// Two headless `soffice` processes sharing one user profile collide (the second exits 1 having converted
/// nothing), and Swift Testing runs tests in parallel, so every conversion gets a profile of its own.
public enum LibreOffice {
  /// The argument that gives one `soffice` run a fresh user profile; put it first.
  public static var isolated: [String] {
    let profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("criteria-lo-\(UUID().uuidString)")
    return ["-env:UserInstallation=\(profile.absoluteString)"]
  }
}
