import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// Running again never writes a fresh checklist over the results testers recorded in place.
///
/// Testers often fill in the workbook or CSV where `criteria run` wrote it: the run stops before writing
/// anything, and says how to keep them.
@Suite("A fresh checklist never replaces a filled audit")
struct FilledAuditOutputTests {
  /// A copy of Samples/ run once: `out/audit.xlsx`, `out/checklist.csv` and the other outputs written.
  func firstRun() throws -> URL {
    let dir = try ACRCommandTests.samplesCopy()
    let run = try run(in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    return dir
  }

  func run(in dir: URL, _ extra: [String] = []) throws -> CLIRunner.Outcome {
    try CLIRunner.run(
      ["run", "--config", "Samples/criteria.yml"] + extra, in: dir)
  }

  /// The bytes of every file below `out/`, by path.
  func outputs(_ dir: URL) throws -> [String: Data] {
    let out = dir.appendingPathComponent("out")
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: out.path)
    while let name = walker?.nextObject() as? String {
      let url = out.appendingPathComponent(name)
      var folder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &folder),
        !folder.boolValue
      {
        files[name] = try Data(contentsOf: url)
      }
    }
    return files
  }

  @Test(
    "a result, a tester's name or own column in the workbook or CSV stops the run before anything is written, in a dry run too",
    arguments: [
      ("audit.xlsx", "Result", "Fail"), ("audit.xlsx", "Tester", "Ana"),
      ("checklist.csv", "Notes", "focus lost after closing"),
      ("checklist.csv", "Retest notes", "still fails on 18.2"),
    ])
  func filledOutput(file: String, column: String, value: String) throws {
    let dir = try firstRun()
    let target = dir.appendingPathComponent("out/\(file)")
    try TesterScript.fill(target, target, ["5": [column: value]])
    let before = try outputs(dir)
    for extra in [[], ["--dry-run"]] {
      let again = try run(in: dir, extra)
      #expect(again.status == 73, "\(extra): \(again.stderr)")
      #expect(
        again.stderr.contains(
          "path: \(target.path) holds results a tester recorded: 1 row, the first at \(target.path)"
        ) && again.stderr.contains("(\(column) '\(value)')")
          && again.stderr.contains("nothing was written")
          && again.stderr.contains("criteria refresh --from")
          && again.stderr.contains("criteria run --only"),
        "\(again.stderr)")
      // Nothing was written: not the filled audit, not any other output.
      #expect(try outputs(dir) == before)
    }
    // Moved away, the audit keeps its results and the run writes a fresh checklist.
    try FileManager.default.moveItem(
      at: target, to: dir.appendingPathComponent("Samples/filled-\(file)"))
    #expect(try run(in: dir).status == 0)
    let rows = try TesterScript.read(
      dir.appendingPathComponent("Samples/filled-\(file)"))
    let index = try #require(rows.header.firstIndex(of: column))
    #expect(rows.rows["5"]?[index] == value)
  }

  @Test(
    "a checklist as criteria wrote it, Not applicable rows included, is written over: running twice works, in new words too"
  )
  func untouchedOutput() throws {
    let dir = try firstRun()
    let checklist = try dir.read("out/checklist.csv")
    #expect(checklist.contains("Not applicable"))
    let again = try run(in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try dir.read("out/checklist.csv") == checklist)
    // The team's own words since: the fresh rows in the default words are still fresh.
    let config = try dir.read("Samples/criteria.yml")
    let words =
      "      statuses: [Bestanden, Nicht bestanden, Nicht anwendbar, Nicht getestet, Unklar]\n"
    try dir.write(
      config.replacingOccurrences(
        of: "      bom: true\n", with: "      bom: true\n" + words
      ).replacingOccurrences(
        of: "      title: Sample accessibility audit\n",
        with: "      title: Sample accessibility audit\n" + words),
      to: "Samples/criteria.yml")
    let reworded = try run(in: dir)
    #expect(reworded.status == 0, "\(reworded.stderr)")
    #expect(try dir.read("out/checklist.csv").contains("Nicht getestet"))
  }

  @Test(
    "a refreshed audit whose results are all retired is filled: its Retired sheet or -retired.csv stops the run"
  )
  func retiredResults() throws {
    let dir = try firstRun()
    // The failures of the sample audit, refreshed once the check they are on left the criteria: the
    // audit's one Fail is a retired row.
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    for name in ["audit.xlsx", "checklist.csv"] {
      let refresh = try CLIRunner.run(
        [
          "refresh", "--config", "Samples/criteria.yml", "--from",
          "Samples/audit-filled.csv", "--output", "refreshed-\(name)",
        ], in: dir)
      #expect(refresh.status == 0, "\(refresh.stderr)")
      // Only the retired rows hold results: the checklist's are cleared as a fresh one's.
      let refreshed = dir.appendingPathComponent("refreshed-\(name)")
      try TesterScript.fill(
        refreshed, dir.appendingPathComponent("out/\(name)"),
        [
          "*": [
            "Result": "Not tested", "Severity": "", "Tester": "", "Date": "",
            "Notes": "", "Ticket": "",
          ]
        ])
    }
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("refreshed-checklist-retired.csv"),
      to: dir.appendingPathComponent("out/checklist-retired.csv"))
    let again = try run(in: dir)
    #expect(again.status == 73, "\(again.stderr)")
    #expect(
      again.stderr.contains("audit.xlsx, sheet 'Retired', row ")
        && again.stderr.contains("checklist-retired.csv:"),
      "\(again.stderr)")
  }

  @Test(
    "a -retired.csv without results beside the CSV a run writes over is removed: it was the old audit's"
  )
  func staleRetiredFileRemoved() throws {
    let dir = try firstRun()
    let header = try dir.read("out/checklist.csv").split(separator: "\n")[0]
    try dir.write(
      "\(header)\nRating,iOS,Keyboard,Arrow keys,Changes the rating,1.3.1,Not tested,,,,,,"
        + "native/controls/rating/keyboard/arrow-keys@ios\n",
      to: "out/checklist-retired.csv")
    let again = try run(in: dir)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out/checklist-retired.csv").path))
    #expect(again.stderr.contains("removed "), "\(again.stderr)")
  }

  @Test(
    "export --output refuses a filled audit, and a file it cannot read as one")
  func export() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let filled = try CLIRunner.run(
      [
        "export", "Samples/criteria", "--to", "csv", "--output",
        "Samples/audit-filled.csv",
      ], in: dir)
    #expect(filled.status == 73, "\(filled.stderr)")
    #expect(
      filled.stderr.contains(
        "--output: Samples/audit-filled.csv holds results a tester recorded")
        && !filled.stderr.contains("--only"),
      "\(filled.stderr)")
    #expect(
      try dir.read("Samples/audit-filled.csv")
        == (try String(
          contentsOf: CLIRunner.packageRoot.appendingPathComponent(
            "Samples/audit-filled.csv"), encoding: .utf8)))
    try dir.write("PK not a workbook", to: "mine.xlsx")
    let unreadable = try CLIRunner.run(
      [
        "export", "Samples/criteria", "--to", "xlsx", "--output",
        "mine.xlsx",
      ], in: dir)
    #expect(unreadable.status == 73, "\(unreadable.stderr)")
    #expect(
      unreadable.stderr.contains(
        "--output: mine.xlsx is there and cannot be read as an audit"),
      "\(unreadable.stderr)")
    #expect(try dir.read("mine.xlsx") == "PK not a workbook")
  }

  @Test(
    "refresh writes again over its own output, and stops where that output holds results it does not carry",
    arguments: ["csv", "xlsx"])
  func refreshOverFilled(format: String) throws {
    let dir = try ACRCommandTests.samplesCopy()
    // The next release: one check retired (its Android row failed), one expectation changed.
    try RetiredWorkbookTests.dropArrowKeys(
      in: dir, criteria: "Samples/criteria")
    let document = "Samples/criteria/native/controls/rating.md"
    try dir.write(
      try dir.read(document).replacingOccurrences(
        of: "Purpose is clear (\"Rating\")",
        with: "Purpose is clear (\"Star rating\")"), to: document)
    func refresh(_ from: String, _ to: String) throws -> CLIRunner.Outcome {
      try CLIRunner.run(
        [
          "refresh", "--config", "Samples/criteria.yml", "--from", from,
          "--output", to,
        ], in: dir)
    }
    // A tester retests the changed check in the refreshed audit, or a retired row.
    for retest in ["changed check", "retired row"] {
      let next = "next-\(retest == "retired row" ? "b" : "a").\(format)"
      let first = try refresh("Samples/audit-filled.csv", next)
      #expect(
        first.status == 0 && first.stderr.contains("2 changed")
          && first.stderr.contains("2 retired"), "\(first.stderr)")
      // Written again as it was (the release's documents fixed once more, say): nothing is lost.
      let again = try refresh("Samples/audit-filled.csv", next)
      #expect(again.status == 0, "\(again.stderr)")
      let url = dir.appendingPathComponent(next)
      if retest == "retired row" {
        // The retired rows: the Retired sheet, or the file beside the CSV.
        let retired =
          format == "csv"
          ? dir.appendingPathComponent("next-b-retired.csv") : url
        try TesterScript.fill(
          retired, retired, ["3": ["Result": "Pass"]],
          sheet: format == "csv" ? nil : "Retired")
      } else {
        let table = try TesterScript.read(url)
        let id = try #require(table.header.firstIndex(of: "ID"))
        let row = try #require(
          table.rows.first {
            $0.value[id] == "native/controls/rating/screenreader/name@ios"
          }?.key)
        try TesterScript.fill(url, url, [row: ["Result": "Pass"]])
      }
      let filled = try Data(contentsOf: url)
      let refused = try refresh("Samples/audit-filled.csv", next)
      #expect(refused.status == 73, "\(retest): \(refused.stderr)")
      #expect(
        refused.stderr.contains(
          "holds results a tester recorded that this refresh does not carry: 1 value, the first at "
        ) && refused.stderr.contains("(Result 'Pass')")
          && refused.stderr.contains("criteria refresh --from \(next)"),
        "\(retest): \(refused.stderr)")
      #expect(try Data(contentsOf: url) == filled)
      // Refreshed from the filled audit instead, the retest is carried.
      let later = try refresh(next, "later-\(next)")
      #expect(later.status == 0, "\(later.stderr)")
      if retest == "changed check" {
        let rows = try TesterScript.rows(
          dir.appendingPathComponent("later-\(next)"))
        #expect(
          rows["native/controls/rating/screenreader/name@ios"]?["Result"]
            == "Pass")
      }
    }
  }

  @Test(
    "tickets, sync and merge write their copy again over an earlier one, and keep it aside where it holds a retest the audit does not",
    arguments: ["csv", "xlsx"])
  func copiesOverRetests(format: String) throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let moves = ComponentMoveTests()
    let dir = try moves.setUp()
    try dir.write(
      moves.trackerConfig(server, exporter: "github", options: []),
      to: "criteria.yml")
    // A refreshed audit: a CSV one has its retired rows beside it.
    let refresh = try CLIRunner.run(
      ["refresh", "--from", "audit-filled.csv", "--output", "audit.\(format)"],
      in: dir)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    func criteria(_ arguments: [String]) throws -> CLIRunner.Outcome {
      try CLIRunner.run(
        arguments, in: dir, environment: ComponentMoveTests.environment)
    }
    let commands: [(name: String, arguments: [String], copy: String)] = [
      ("tickets", ["tickets", "--from", "audit.\(format)"], "audit-tickets"),
      (
        "sync", ["sync", "--from", "audit-tickets.\(format)"],
        "audit-tickets-synced"
      ),
      (
        "merge",
        [
          "merge", "audit.\(format)", "audit-tickets.\(format)", "--output",
          "merged.\(format)",
        ], "merged"
      ),
    ]
    for command in commands {
      // Written twice from the same audit: the earlier copy is written over, and nothing is kept aside.
      for _ in 0..<2 {
        let run = try criteria(command.arguments)
        #expect(run.status == 0, "\(command.name): \(run.stderr)")
        #expect(!run.stderr.contains("kept"), "\(command.name): \(run.stderr)")
      }
    }
    let issues = try server.stats()["issues"] as? Int
    let arrowKeys = "native/controls/rating/keyboard/arrow-keys@android"
    // Last first: each copy is filled while the ones it is made from are as written.
    for command in commands.reversed() {
      // A tester retests the Rating's failing Arrow keys check on Android in the copy.
      let copy = dir.appendingPathComponent("\(command.copy).\(format)")
      let table = try TesterScript.read(copy)
      let id = try #require(table.header.firstIndex(of: "ID"))
      let row = try #require(
        table.rows.first { $0.value[id] == arrowKeys }?.key)
      try TesterScript.fill(
        copy, copy, [row: ["Result": "Pass", "Date": "2026-12-01"]])
      let filled = try Data(contentsOf: copy)
      let again = try criteria(command.arguments)
      #expect(again.status == 0, "\(command.name): \(again.stderr)")
      let kept = "\(command.copy)-kept-1.\(format)"
      #expect(
        again.stderr.contains("warning: ")
          && again.stderr.contains(
            "\(command.copy).\(format) holds results that ")
          && again.stderr.contains("2 values, the first at ")
          && again.stderr.contains("(Result 'Pass')")
          && again.stderr.contains("It is kept as ")
          && again.stderr.contains(kept),
        "\(command.name): \(again.stderr)")
      // The retest is in the copy kept aside, byte for byte, with its retired rows; the new copy is the
      // audit's.
      #expect(
        try Data(contentsOf: dir.appendingPathComponent(kept)) == filled,
        "\(command.name)")
      if format == "csv" {
        #expect(
          FileManager.default.fileExists(
            atPath: dir.appendingPathComponent(
              "\(command.copy)-kept-1-retired.csv"
            ).path), "\(command.name)")
      }
      #expect(
        try TesterScript.rows(copy)[arrowKeys]?["Result"] == "Fail",
        "\(command.name)")
    }
    #expect(
      try server.stats()["issues"] as? Int == issues,
      "nothing filed again")
    // The config named as the copy is refused, never moved aside as a file that is no audit would be.
    let config = try dir.read("criteria.yml")
    let onto = try criteria([
      "tickets", "--from", "audit.\(format)", "--to", "criteria.yml",
    ])
    #expect(onto.status == 73, "\(onto.stderr)")
    #expect(try dir.read("criteria.yml") == config)
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("criteria-kept-1.yml").path))
  }

  @Test("a CSV output to a FIFO is written, never read first")
  func fifoOutput() throws {
    let dir = try ACRCommandTests.samplesCopy()
    let fifo = dir.appendingPathComponent("checklist.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    try dir.write(
      "version: 1\nsources: [Samples/criteria]\noutputs:\n  - exporter: csv\n    path: checklist.csv\n",
      to: "fifo.yml")
    // The reader at the other end, as a shell's `criteria run ... & cat checklist.csv` would be.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat checklist.csv > got.csv"]
    reader.currentDirectoryURL = dir
    try reader.run()
    // Opened to be read first, the FIFO would wait for a writer: the run itself, for ever.
    let run = try ProcessRunner.run(
      CLIRunner.executable.path, ["run", "--config", "fifo.yml"],
      directory: dir, timeout: 60)
    reader.waitUntilExit()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try dir.read("got.csv").hasPrefix("Component,Platform,"))
  }
}
