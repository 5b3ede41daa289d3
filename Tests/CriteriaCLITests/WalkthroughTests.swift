import Foundation
import TestSupport
import Testing

/// The README's ten-minute walk-through, run as a newcomer would paste it: every artifact it names is made.
@Suite("The README's walk-through")
struct WalkthroughTests {
  /// The shell block between `<!-- walkthrough -->` and `<!-- /walkthrough -->` in README.md.
  static func block() throws -> String {
    let readme = try String(
      contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"),
      encoding: .utf8)
    let start = try #require(readme.range(of: "<!-- walkthrough -->\n```sh\n"))
    let end = try #require(
      readme.range(
        of: "```\n<!-- /walkthrough -->",
        range: start.upperBound..<readme.endIndex))
    return String(readme[start.upperBound..<end.lowerBound])
  }

  @Test(
    "followed word for word from the clone, it writes every file it names, in a home of its own"
  )
  func runsAsWritten() throws {
    let script = try Self.block()
    let home = try CLIRunner.scratch()
    try home.write(script, to: "walk.sh")
    let binaries = CLIRunner.executable.deletingLastPathComponent().path
    let run = try ProcessRunner.run(
      "/bin/bash",
      ["-euo", "pipefail", home.appendingPathComponent("walk.sh").path],
      directory: CLIRunner.packageRoot,
      environment: [
        "HOME": home.path,
        "PATH": binaries + ":"
          + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let work = home.appendingPathComponent("sample-audit")
    // Every --output the block names, and the folder the ticket dry run writes.
    let outputs = script.matches(of: /--output ([^ \n]+)/).map { String($0.1) }
    #expect(outputs.count == 5, "\(outputs)")
    for output in outputs + [
      "out/audit.xlsx", "out/checklist.csv", "out/checklist.md",
    ] {
      #expect(
        FileManager.default.fileExists(
          atPath: work.appendingPathComponent(output).path),
        "\(output) was not written")
    }
    #expect(work.appendingPathComponent("out/tickets").outputFiles.count == 2)
    // What the steps say they show: the merge took both testers, the draft ACR names the product, the
    // refresh reset the changed check, and the diff says so.
    let merged = try work.read("audit.csv")
    #expect(merged.contains(",Sam,") && merged.contains(",Priya,"))
    #expect(try work.read("out/acr.html").contains("Sample App"))
    #expect(
      try work.read("out/changes.md").contains("Spacebar (expectation changed)")
    )
    #expect(
      run.stderr.contains("document-style warning not shown"), "\(run.stderr)")
  }
}
