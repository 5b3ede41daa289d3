import Foundation
import Testing

@testable import CriteriaCLI

/// Warnings about how a document is written (an extra section, a check under another group) are the
/// documents' owners' to fix; a PM who only runs the audit silences them, and the run still counts them.
@Suite("Document-style warnings a run can silence")
struct QuietWarningsTests {
  /// A folder with one toggle switch document written for this test: a section MagentaA11y does not have
  /// (`## Design notes`) and a Group check under the gestures group, beside a config that writes a CSV.
  func styledDocument(config extra: String = "") throws -> URL {
    let dir = try CLIRunner.scratch()
    let sample = try String(
      contentsOf: CLIRunner.packageRoot.appendingPathComponent(
        "Samples/criteria/native/controls/toggle-switch.md"), encoding: .utf8)
    let styled =
      sample.replacingOccurrences(
        of: "   - Doubletap: Flips the switch",
        with:
          "   - Group: The label and the switch are one swipe\n   - Doubletap: Flips the switch"
      )
      + "\n## Design notes\n\nThe switch follows the brand's colours.\n"
    try dir.write(styled, to: "criteria/toggle-switch.md")
    try dir.write(
      "version: 1\nsources: [criteria/]\n\(extra)outputs:\n  - exporter: csv\n    path: out/checklist.csv\n",
      to: "criteria.yml")
    return dir
  }

  @Test(
    "a run prints them; --quiet counts them in one note by kind and still writes every output"
  )
  func quietFlag() throws {
    let dir = try styledDocument()
    let loud = try CLIRunner.run(["run"], in: dir)
    #expect(loud.status == 0, "\(loud.stderr)")
    #expect(
      loud.stderr.contains(
        "section '## Design notes' is not a MagentaA11y section"))
    #expect(loud.stderr.contains("check 'Group' is listed under 'Gestures'"))
    let quiet = try CLIRunner.run(["run", "--quiet"], in: dir)
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(!quiet.stderr.contains("Design notes"), "\(quiet.stderr)")
    #expect(!quiet.stderr.contains("listed under"), "\(quiet.stderr)")
    #expect(
      quiet.stderr.contains(
        "2 document-style warnings not shown (section 1, placement 1); 'criteria validate' lists them"
      ),
      "\(quiet.stderr)")
    // The check under the other group is still a row: silencing never drops what the document asks.
    #expect(
      try dir.read("out/checklist.csv").contains(
        "The label and the switch are one swipe"))
    // validate is where the documents' owners look: it lists them whatever the config says.
    let validate = try CLIRunner.run(["validate", "criteria"], in: dir)
    #expect(validate.stderr.contains("Design notes"), "\(validate.stderr)")
    let export = try CLIRunner.run(
      [
        "export", "criteria", "--to", "json", "--output", "out/c.json",
        "--quiet",
      ], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(!export.stderr.contains("Design notes"), "\(export.stderr)")
  }

  @Test(
    "warnings.quiet in the config silences the kinds it names, and only those")
  func configKinds() throws {
    let dir = try styledDocument(config: "warnings:\n  quiet: [section]\n")
    let run = try CLIRunner.run(["run"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("Design notes"), "\(run.stderr)")
    #expect(
      run.stderr.contains("check 'Group' is listed under 'Gestures'"),
      "\(run.stderr)")
    #expect(
      run.stderr.contains("1 document-style warning not shown (section 1)"),
      "\(run.stderr)")
    try dir.write(
      "version: 1\nsources: [criteria/]\nwarnings:\n  quiet: all\noutputs: []\n",
      to: "criteria.yml")
    let all = try CLIRunner.run(["run"], in: dir)
    #expect(
      all.stderr.contains("2 document-style warnings not shown"),
      "\(all.stderr)")
  }

  @Test(
    "a kind the config names that does not exist is a config error naming the key and the kinds"
  )
  func unknownKind() throws {
    let dir = try styledDocument(config: "warnings:\n  quiet: [sections]\n")
    let run = try CLIRunner.run(["run"], in: dir)
    #expect(run.status == 78)
    #expect(
      run.stderr.contains(
        "warnings.quiet[0]: unknown kind 'sections'; the kinds are section, heading, placement, link, setup (or 'all')"
      ), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out").path))
  }

  @Test(
    "on a terminal a long message wraps at spaces, continuation lines indented; short lines stay"
  )
  func wrapping() {
    let message =
      "criteria/a.md:12: warning: section '## Design notes' is not a MagentaA11y section; kept as a developer note"
    let wrapped = Terminal.wrapped(message, width: 40)
    let lines = wrapped.split(separator: "\n").map(String.init)
    #expect(lines.count > 2, "\(wrapped)")
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(wrapped)")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") })
    #expect(
      lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(
        separator: " ") == message)
    #expect(Terminal.wrapped("short", width: 40) == "short")
    #expect(
      Terminal.wrapped(String(repeating: "x", count: 50), width: 40).count == 50
    )
  }
}
