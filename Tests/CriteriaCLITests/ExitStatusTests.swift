import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// The exit-status contract (README "Exit status", after sysexits(3)): each status from a command a
/// script would run, and `run --format json` saying the same.
@Suite("Exit statuses a script can use", .serialized)
struct ExitStatusTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path

  @Test("0, 1, 64, 65, 66, 73 and 78, each where the table says")
  func table() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "## Condensed\n\n1. Test keyboard\n    - Tab: Focus moves\n",
      to: "docs/native/controls/ok.md")
    try dir.write(
      "---\ntitle: [unclosed\n---\n", to: "docs/native/controls/broken.md")
    try dir.write(
      "version: 1\nsources: [docs]\noutputs:\n  - exporter: csv\n    path: out.csv\n    bogus: 1\n",
      to: "bad.yml")
    let cases: [([String], Int32)] = [
      (["list", Self.samples], 0),
      (["validate", "--strict", "docs"], 1),  // problems a person must act on
      (["export", Self.samples, "--to", "csv", "--bogus"], 64),
      // A document that cannot be read.
      (["export", "docs", "--to", "csv"], 65),
      (["export", "no-such-folder", "--to", "csv"], 66),
      (["run", "--config", "no-such.yml"], 66),
      (
        [
          "export", Self.samples, "--to", "csv", "--output",
          "/no/such/folder/a.csv",
        ], 73
      ),
      // A format named on the command line is usage; an exporter named in a config, config (bad.yml).
      (["export", Self.samples, "--to", "xslx"], 64),
      (["run", "--config", "bad.yml"], 78),
    ]
    for (arguments, status) in cases {
      let run = try CLIRunner.run(arguments, in: dir)
      #expect(
        run.status == status,
        "criteria \(arguments.joined(separator: " ")): \(run.stderr)")
    }
    let unknownWord = try CLIRunner.run(
      ["report", "--from", "audit.csv", "--output", "r.html"],
      in: try Self.audit(with: "Fial"))
    #expect(unknownWord.status == 65, "\(unknownWord.stderr)")
  }

  @Test(
    "a workbook copy that cannot be written (merge into sysfs, which takes no new files) is 73, named by its target, with no temporary file named"
  )
  func workbookCopyCannotBeWritten() throws {
    let dir = try CLIRunner.scratch()
    for name in ["a.xlsx", "b.xlsx"] {
      let export = try CLIRunner.run(
        ["export", Self.samples, "--to", "xlsx", "--output", name], in: dir)
      try #require(export.status == 0, "\(export.stderr)")
    }
    let run = try CLIRunner.run(
      ["merge", "a.xlsx", "b.xlsx", "--output", "/sys/criteria-merged.xlsx"],
      in: dir)
    #expect(run.status == 73, "\(run.stderr)")
    #expect(
      run.stderr.contains("cannot write '/sys/criteria-merged.xlsx'"),
      "\(run.stderr)")
    #expect(!run.stderr.contains(".partial"), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: "/sys/criteria-merged.xlsx"))
  }

  /// A CSV audit of the samples whose first row's Result is `word`, in a folder of its own.
  static func audit(with word: String) throws -> URL {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", samples, "--to", "csv", "--output", "audit.csv"], in: dir)
    try #require(export.status == 0, "\(export.stderr)")
    let file = dir.appendingPathComponent("audit.csv")
    var lines = try String(contentsOf: file, encoding: .utf8).components(
      separatedBy: "\r\n")
    lines[1] = lines[1].replacingOccurrences(
      of: ",Not tested,", with: ",\(word),")
    try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
    return dir
  }

  @Test(
    "an ID on two rows (Fail, then Pass) is 65 for acr, report and tickets, naming both rows; nothing written or filed"
  )
  func idOnTwoRows() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let dir = try Self.audit(with: "Fail")
    let file = dir.appendingPathComponent("audit.csv")
    var lines = try String(contentsOf: file, encoding: .utf8).components(
      separatedBy: "\r\n")
    let id = try #require(lines[1].split(separator: ",").last.map(String.init))
    let again = lines[1].replacingOccurrences(of: ",Fail,", with: ",Pass,")
    try #require(again != lines[1])
    lines.insert(again, at: lines.last == "" ? lines.count - 1 : lines.count)
    try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
    try Self.writeACRConfig(
      in: dir,
      outputs: """
        outputs:
          - name: issues
            exporter: github
            options: {url: \(server.url), project: acme/app, token_env: FAKE_TRACKER_TOKEN, max_attempts: 2, backoff: 0.05}
        """)
    try Self.expectRefused(
      in: dir,
      saying:
        "audit.csv:\(lines.count - (lines.last == "" ? 1 : 0)): the ID '\(id)' is also on audit.csv:2",
      alsoBy: [(["tickets", "--from", "audit.csv"], "audit-tickets.csv")],
      environment: ["FAKE_TRACKER_TOKEN": "secret-token"])
    #expect(try server.stats()["issues"] as? Int == 0)
  }

  @Test(
    "a Fail row whose WCAG cell names no success criterion is 65 for acr, report and diff, naming the row; nothing written",
    arguments: ["2.1.1 Keyboard", "2.1.1; 2.4.7", "9.9.9"])
  func wcagCellNamingNoCriterion(cell: String) throws {
    let dir = try CLIRunner.scratch()
    let header =
      "Component,Platform,Test,Check,Expected result,WCAG,Result,Severity,Tester,Date,Notes,Ticket,ID\n"
    let name =
      "Rating,iOS,Screen reader,Name,Reads its name,4.1.2,Pass,,Sam,2026-11-20,,,native/controls/rating/screen-reader/name@ios\n"
    func tab(_ wcag: String, _ result: String) -> String {
      "Rating,iOS,Keyboard,Tab,Focus moves to the rating,\"\(wcag)\",\(result),High,Sam,2026-11-20,Focus skips it,,native/controls/rating/keyboard/tab@ios\n"
    }
    try dir.write(header + tab(cell, "Fail") + name, to: "audit.csv")
    try dir.write(header + tab("2.1.1", "Pass") + name, to: "before.csv")
    try Self.writeACRConfig(in: dir)
    try Self.expectRefused(
      in: dir,
      saying: "audit.csv:2: WCAG '\(cell)' is not a WCAG 2.2 success criterion",
      alsoBy: [
        (["diff", "before.csv", "audit.csv", "--output", "diff.md"], "diff.md")
      ])
  }

  /// A config over the samples with the facts an ACR needs, and `outputs` (a YAML block) when given.
  static func writeACRConfig(in dir: URL, outputs: String = "") throws {
    try dir.write(
      """
      version: 1
      sources: [\(samples)]
      acr:
        product: {name: Sample app}
        vendor: {company_name: Example, email: a11y@example.com}
        author: {name: Sam, email: sam@example.com}

      """ + outputs, to: "criteria.yml")
  }

  /// `acr` and `report` of `audit.csv` in `dir`, and the commands `alsoBy`, each exit 65 saying `message`
  /// and do not write their output.
  static func expectRefused(
    in dir: URL, saying message: String,
    alsoBy more: [(arguments: [String], output: String)],
    environment: [String: String] = [:]
  ) throws {
    let commands: [(arguments: [String], output: String)] =
      [
        (
          [
            "acr", "--from", "audit.csv", "--to", "markdown", "--draft",
            "--output", "acr.md",
          ], "acr.md"
        ),
        (
          ["report", "--from", "audit.csv", "--output", "report.html"],
          "report.html"
        ),
      ] + more
    for (arguments, output) in commands {
      let run = try CLIRunner.run(arguments, in: dir, environment: environment)
      #expect(run.status == 65, "\(arguments[0]): \(run.stderr)")
      #expect(
        run.stderr.contains(message), "\(arguments[0]): \(run.stderr)")
      #expect(
        !FileManager.default.fileExists(
          atPath: dir.appendingPathComponent(output).path), "\(arguments[0])")
    }
  }

  @Test(
    "tickets: an unknown Result word is 65 and files nothing; refused credentials 77; a token variable not set 78; an unreachable tracker 69"
  )
  func tickets() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let dir = try Self.audit(with: "Fial")
    try dir.write(
      """
      version: 1
      sources: [\(Self.samples)]
      outputs:
        - name: issues
          exporter: github
          options: {url: \(server.url), project: acme/app, token_env: FAKE_TRACKER_TOKEN, max_attempts: 2, backoff: 0.05}
      """, to: "criteria.yml")
    let unknown = try CLIRunner.run(
      ["tickets", "--from", "audit.csv"], in: dir,
      environment: ["FAKE_TRACKER_TOKEN": "secret-token"])
    #expect(unknown.status == 65, "\(unknown.stderr)")
    #expect(
      unknown.stderr.contains("audit.csv:2: Result 'Fial' is not one of"),
      "\(unknown.stderr)")
    #expect(try server.stats()["issues"] as? Int == 0)

    let failed = try Self.audit(with: "Fail")
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("criteria.yml"),
      to: failed.appendingPathComponent("criteria.yml"))
    let refused = try CLIRunner.run(
      ["tickets", "--from", "audit.csv"], in: failed,
      environment: ["FAKE_TRACKER_TOKEN": "wrong"])
    #expect(refused.status == 77, "\(refused.stderr)")
    #expect(!refused.stderr.contains("wrong"))

    // The variable token_env names is not set: the config's tracker output is not set up, 78, nothing sent.
    let requests = try server.stats()["requests"] as? Int
    let unset = try CLIRunner.run(
      ["tickets", "--from", "audit.csv"], in: failed,
      environment: ["FAKE_TRACKER_TOKEN": ""])
    #expect(unset.status == 78, "\(unset.stderr)")
    #expect(
      unset.stderr.contains(
        "the environment variable FAKE_TRACKER_TOKEN is not set"),
      "\(unset.stderr)")
    #expect(try server.stats()["requests"] as? Int == requests)

    // A port nothing listens on: every connection is refused, and the run stops at the first ticket.
    let closed = try Self.audit(with: "Fail")
    try closed.write(
      """
      version: 1
      sources: [\(Self.samples)]
      outputs:
        - name: issues
          exporter: github
          options: {url: "http://127.0.0.1:9", project: acme/app, token_env: FAKE_TRACKER_TOKEN, max_attempts: 2, backoff: 0.05}
      """, to: "criteria.yml")
    let unreachable = try CLIRunner.run(
      ["tickets", "--from", "audit.csv"], in: closed,
      environment: ["FAKE_TRACKER_TOKEN": "t"])
    #expect(unreachable.status == 69, "\(unreachable.stderr)")
    #expect(
      unreachable.stderr.contains(
        "the tracker gave no answer to 2 requests in a row"),
      "\(unreachable.stderr)")
    #expect(
      unreachable.stderr.contains("(stopped at finding/"),
      "\(unreachable.stderr)")
  }

  @Test(
    "run --format json: the facts the terminal shows and the exit status, also when the run stops; 64 when an output is standard output too"
  )
  func runSummary() throws {
    let dir = try CLIRunner.scratch()
    try dir.write(
      "version: 1\nsources: [\(Self.samples)]\noutputs:\n  - exporter: csv\n    path: out/a.csv\n  - exporter: json\n    path: out/a.json\n",
      to: "criteria.yml")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
    let run = try CLIRunner.run(["run", "--format", "json"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        as? [String: Any])
    #expect(summary["exit_status"] as? Int == 0)
    let outputs = summary["outputs"] as? [[String: Any]] ?? []
    #expect(outputs.map { $0["exporter"] as? String } == ["csv", "json"])
    #expect(outputs.allSatisfy { $0["action"] as? String == "written" })
    #expect(
      summary["warnings"] as? Int ?? -1 >= 1,
      "the sample banner's unknown section is a warning")

    let stopped = try CLIRunner.run(
      ["run", "--format", "json", "--only", "nope"], in: dir)
    #expect(stopped.status == 64)
    let failed =
      try JSONSerialization.jsonObject(with: Data(stopped.stdout.utf8))
      as? [String: Any]
    #expect(failed?["exit_status"] as? Int == 64)
    #expect(
      (failed?["error"] as? String)?.contains("--only nope matches no output")
        == true)

    try dir.write(
      "version: 1\nsources: [\(Self.samples)]\noutputs:\n  - exporter: csv\n    path: /dev/stdout\n",
      to: "stdout.yml")
    let both = try CLIRunner.run(
      ["run", "--format", "json", "--config", "stdout.yml"], in: dir)
    #expect(both.status == 64, "\(both.stderr)")
    #expect(
      both.stderr.contains(
        "is standard output, where --format json writes the summary"),
      "\(both.stderr)")
  }
}
