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

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let shared = SharedData.root

    /// The `criteria` binary built beside the test bundle.
    static var executable: URL {
        let bundleDir = Bundle.main.bundleURL
        let candidates = [bundleDir.appendingPathComponent("criteria"),
                          bundleDir.deletingLastPathComponent().appendingPathComponent("criteria"),
                          packageRoot.appendingPathComponent(".build/debug/criteria")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        return try capture(process)
    }

    /// Runs a process and collects stdout and stderr through files, so a chatty child never blocks on a full pipe.
    static func capture(_ process: Process) throws -> Outcome {
        let folder = try scratch()
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer { try? FileManager.default.removeItem(at: folder) }
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                       stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs python3 (the one the test command installed openpyxl into).
    static func runPython(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        return try capture(process)
    }

    /// A fresh empty folder for one test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("criteria-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension URL {
    func write(_ text: String, to name: String) throws {
        let file = appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    var listing: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// A folder output's files, without the manifest criteria keeps beside them.
    var outputFiles: [String] { listing.filter { $0 != ".criteria-output.json" } }
}
