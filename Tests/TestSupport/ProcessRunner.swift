import Foundation

/// Runs a program the way the tests need: output collected through files, so a child that writes a lot to
/// stdout and stderr can never block on a full pipe, and input given through a file too.
public enum ProcessRunner {
  /// What a run produced.
  public struct Outcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// A program that did not finish in time: it was killed, and the test fails with what it printed.
  public struct TimedOut: Error, CustomStringConvertible {
    public var description: String
  }

  /// Runs `executable` (a path, or a name looked up on PATH) with `arguments`; past `timeout` seconds
  /// (10 minutes unless told: LibreOffice, Chromium and installing Redmine take a while) it is killed and
  /// `TimedOut` is thrown, so no test hangs on a program that hangs.
  public static func run(
    _ executable: String, _ arguments: [String], input: Data? = nil,
    directory: URL? = nil,
    environment: [String: String] = [:], timeout: TimeInterval = 600
  ) throws -> Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = ["stdin", "stdout", "stderr"].map {
      folder.appendingPathComponent($0)
    }
    try (input ?? Data()).write(to: files[0])
    FileManager.default.createFile(atPath: files[1].path, contents: nil)
    FileManager.default.createFile(atPath: files[2].path, contents: nil)
    let stdin = try FileHandle(forReadingFrom: files[0])
    let stdout = try FileHandle(forWritingTo: files[1])
    let stderr = try FileHandle(forWritingTo: files[2])
    let process = Process()
    if executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + 5) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        _ = finished.wait(timeout: .now() + 5)
      }
      let printed = (try? String(contentsOf: files[2], encoding: .utf8)) ?? ""
      throw TimedOut(
        description:
          "\(executable) \(arguments.prefix(3).joined(separator: " ")) did not finish in \(Int(timeout)) s and was killed; "
          + "it printed: \(printed.suffix(2000))")
    }
    process.waitUntilExit()
    try stdin.close()
    try stdout.close()
    try stderr.close()
    return Outcome(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self))
  }
}
