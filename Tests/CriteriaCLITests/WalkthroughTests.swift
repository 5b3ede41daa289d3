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
    #expect(outputs.count == 6, "\(outputs)")
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
    // The Word document is a package whose document part is WordprocessingML.
    let docx = try Data(contentsOf: work.appendingPathComponent("out/acr.docx"))
    #expect(docx.starts(with: Data("PK".utf8)))
    #expect(
      // The diff's rows say the test group too: "Spacebar" alone could be any test's key.
      try work.read("out/changes.md").contains(
        "| Toggle switch | iOS | Keyboard | Spacebar (expectation changed) | Pass → Not tested |"
      )
    )
    #expect(
      run.stderr.contains("document-style warning not shown"), "\(run.stderr)")
  }
}

/// A column a tester added to the audit (Device, Build) is part of what they recorded: a finding's
/// ticket carries it, as it carries Severity and Notes.
@Suite("Tester columns in finding tickets")
struct AddedColumnTicketTests {
  @Test(
    "a Device column a tester added is in the ticket of each failed row that fills it, and in no other"
  )
  func deviceInTicket() throws {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv",
    ])
    // Python's csv module adds the column as a spreadsheet would, quoted cells and all.
    let add = try CLIRunner.runPython([
      "-c",
      "import csv, sys; rows = list(csv.reader(open(sys.argv[1], encoding='utf-8-sig', newline=''))); "
        + "rows[0].append('Device'); "
        + "[r.append('Pixel 8, Android 15' if r[1] == 'Android' else '') for r in rows[1:]]; "
        + "csv.writer(open(sys.argv[2], 'w', encoding='utf-8', newline='')).writerows(rows)",
      dir.appendingPathComponent("audit-filled.csv").path,
      dir.appendingPathComponent("device.csv").path,
    ])
    #expect(add.status == 0, "\(add.stderr)")
    try dir.write(
      """
      version: 1
      sources: [criteria/]
      outputs:
        - name: github
          exporter: github
          path: payloads
          options: {url: "https://api.github.com", project: example/app, token_env: GITHUB_TOKEN}

      """, to: "tickets.yml")
    let run = try CLIRunner.run(
      [
        "tickets", "--from", "device.csv", "--config", "tickets.yml",
        "--dry-run",
      ], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let payloads = dir.appendingPathComponent("payloads").outputFiles
    #expect(payloads.count == 2, "\(payloads)")
    for name in payloads {
      let body = try dir.read("payloads/\(name)")
      if name.contains("android") {
        #expect(body.contains("**Device:** Pixel 8, Android 15"), "\(body)")
      } else {
        #expect(!body.contains("Device"), "an empty cell adds nothing: \(body)")
      }
    }
  }
}
