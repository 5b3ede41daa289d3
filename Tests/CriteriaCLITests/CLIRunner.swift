import Foundation
import TestSupport
import Testing

/// Runs the built `criteria` executable the way a user or script would.
struct CLIRunner {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let packageRoot = SharedData.packageRoot
  static let shared = SharedData.root

  /// The `criteria` binary built beside the test bundle.
  static var executable: URL {
    let bundleDir = Bundle.main.bundleURL
    let candidates = [
      bundleDir.appendingPathComponent("criteria"),
      bundleDir.deletingLastPathComponent().appendingPathComponent("criteria"),
      packageRoot.appendingPathComponent(".build/debug/criteria"),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    } ?? candidates[2]
  }

  static func run(
    _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Outcome {
    let outcome = try ProcessRunner.run(
      executable.path, arguments, directory: directory ?? packageRoot,
      environment: environment)
    return Outcome(
      status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
  }

  /// Runs python3 (the one the test command installed openpyxl into).
  static func runPython(_ arguments: [String], input: String? = nil) throws
    -> Outcome
  {
    let outcome = try ProcessRunner.run(
      "python3", arguments, input: input.map { Data($0.utf8) })
    return Outcome(
      status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
  }

  /// A fresh empty folder for one test.
  static func scratch() throws -> URL { try Scratch.folder() }

  /// A scratch folder holding copies of these entries of Samples/ (files or folders).
  static func scratch(withSamples names: [String]) throws -> URL {
    let dir = try scratch()
    let samples = packageRoot.appendingPathComponent("Samples")
    for name in names {
      try FileManager.default.copyItem(
        at: samples.appendingPathComponent(name),
        to: dir.appendingPathComponent(name))
    }
    return dir
  }
}

extension URL {
  func write(_ text: String, to name: String) throws {
    let file = appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// The text of the file `name` in this folder (UTF-8).
  func read(_ name: String) throws -> String {
    try String(contentsOf: appendingPathComponent(name), encoding: .utf8)
  }

  var listing: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
      .sorted()
  }

  /// A folder output's files, without the manifest criteria keeps beside them.
  var outputFiles: [String] { listing.filter { $0 != ".criteria-output.json" } }
}
