import Foundation
import TestSupport
import Testing

@Suite("criteria run with every file output")
struct RunOutputsTests {
  func copySamples(to dir: URL) throws {
    let samples = CLIRunner.packageRoot.appendingPathComponent("Samples")
    try FileManager.default.copyItem(
      at: samples, to: dir.appendingPathComponent("Samples"))
  }

  @Test(
    "the sample config writes a workbook, a CSV, Markdown, Gherkin and JSON; --only picks outputs"
  )
  func sampleRun() throws {
    let dir = try CLIRunner.scratch()
    try copySamples(to: dir)
    let run = try CLIRunner.run(
      ["run", "--config", "Samples/criteria.yml"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    let out = dir.appendingPathComponent("out")
    #expect(
      out.listing == [
        "audit.xlsx", "checklist-tables.md", "checklist.csv", "checklist.md",
        "criteria.json", "features",
      ])
    #expect(out.appendingPathComponent("features").outputFiles.count == 4)
    let xlsx = try Data(contentsOf: out.appendingPathComponent("audit.xlsx"))
    #expect(xlsx.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a zip container")

    try FileManager.default.removeItem(at: out)
    let only = try CLIRunner.run(
      [
        "run", "--config", "Samples/criteria.yml", "--only", "csv,checklist-md",
      ], in: dir)
    #expect(only.status == 0, "\(only.stderr)")
    #expect(out.listing == ["checklist.csv", "checklist.md"])
    let none = try CLIRunner.run(
      ["run", "--config", "Samples/criteria.yml", "--only", "pdf"], in: dir)
    #expect(none.status != 0)
    #expect(
      none.stderr.contains(
        "--only pdf matches no output in Samples/criteria.yml; outputs are: xlsx, csv, checklist-md, checklist-tables, gherkin, json"
      ))
    let dry = try CLIRunner.run(
      ["run", "--config", "Samples/criteria.yml", "--dry-run"], in: dir)
    #expect(dry.stderr.contains("would write xlsx to"))
    #expect(out.listing == ["checklist.csv", "checklist.md"])
  }

  @Test(
    "Markdown outputs inside a source folder: the next run skips them as no criteria documents and writes them again; a criteria document at an output path stays refused"
  )
  func outputsInsideSources() throws {
    let dir = try CLIRunner.scratch()
    try copySamples(to: dir)
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("Samples/criteria"),
      to: dir.appendingPathComponent("docs"))
    // The documents' own folder is the source; the outputs go beside them and below it.
    try dir.write(
      """
      version: 1
      sources: [.]
      outputs:
        - {exporter: markdown, path: checklist.md}
        - {name: split, exporter: markdown, path: out/by-component, options: {split: component}}
        - {exporter: json, path: out/criteria.json}
      """, to: "docs/criteria.yml")
    let first = try CLIRunner.run(
      ["run", "--config", "docs/criteria.yml"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("read 4 documents"), "\(first.stderr)")
    #expect(!first.stderr.contains("skipped"), "\(first.stderr)")
    let checklist = try dir.read("docs/checklist.md")
    for _ in 1...2 {
      let again = try CLIRunner.run(
        ["run", "--config", "docs/criteria.yml"], in: dir)
      #expect(again.status == 0, "\(again.stderr)")
      // The earlier outputs are found, said to be no criteria documents, and written again.
      #expect(again.stderr.contains("4 components selected"), "\(again.stderr)")
      #expect(
        again.stderr.contains("checklist.md: skipped: not a criteria document"),
        "\(again.stderr)")
      #expect(try dir.read("docs/checklist.md") == checklist)
    }
    // A criteria document at an output's path is still never written over (73), nor is a guide.
    let rating = try dir.read("docs/native/controls/rating.md")
    try dir.write(
      """
      version: 1
      sources: [.]
      outputs:
        - {exporter: markdown, path: native/controls/rating.md}
      """, to: "docs/over.yml")
    let over = try CLIRunner.run(["run", "--config", "docs/over.yml"], in: dir)
    #expect(over.status == 73, "\(over.stderr)")
    #expect(over.stderr.contains("it is one of this run's inputs"))
    #expect(try dir.read("docs/native/controls/rating.md") == rating)
  }

  @Test("a bad option in any output fails the run before anything is written")
  func badOptionWritesNothing() throws {
    let dir = try CLIRunner.scratch()
    try copySamples(to: dir)
    try dir.write(
      """
      version: 1
      sources: [Samples/criteria]
      outputs:
        - exporter: csv
          path: out/a.csv
        - exporter: markdown
          path: out/a.md
          options: { template: missing.mustache }
      """, to: "bad.yml")
    let run = try CLIRunner.run(["run", "--config", "bad.yml"], in: dir)
    #expect(run.status != 0)
    #expect(
      run.stderr.contains(
        "outputs[1].options.template: cannot read the template"))
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("out").path))
  }

  @Test(
    "a run killed with SIGKILL never leaves a half-written file under the final name",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func killedRun() throws {
    let dir = try CLIRunner.scratch()
    // A large input: the corpus copied 30 times under distinct category folders, so every copy
    // has its own component ids (about 19,000 audit rows).
    let corpus = CLIRunner.shared.appendingPathComponent(
      "corpus/magentaa11y/native")
    for copy in 0..<30 {
      for category in ["controls", "notifications", "patterns"] {
        try FileManager.default.copyItem(
          at: corpus.appendingPathComponent(category),
          to: dir.appendingPathComponent("docs/native/\(category)-\(copy)"))
      }
    }
    let target = dir.appendingPathComponent("audit.xlsx")
    for delay in [0.2, 0.6, 1.2] {
      let process = Process()
      process.executableURL = CLIRunner.executable
      process.arguments = [
        "export", "docs", "--to", "xlsx", "--output", target.path,
      ]
      process.currentDirectoryURL = dir
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if FileManager.default.fileExists(atPath: target.path) {
        // Whatever is under the final name is a whole workbook from a run that finished.
        let check = try CLIRunner.runPython([
          "-c",
          "import openpyxl,sys; openpyxl.load_workbook(sys.argv[1], read_only=True)",
          target.path,
        ])
        #expect(
          check.status == 0,
          "a partial workbook was left under the final name: \(check.stderr)")
      }
    }
    let finish = try CLIRunner.run(
      ["export", "docs", "--to", "xlsx", "--output", target.path], in: dir)
    #expect(finish.status == 0, "\(finish.stderr)")
    let check = try CLIRunner.runPython([
      "-c",
      "import openpyxl,sys; print(openpyxl.load_workbook(sys.argv[1], read_only=True)['Checklist'].max_row)",
      target.path,
    ])
    #expect(
      Int(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        > 15_000)
  }

  @Test("exporters lists every built-in with its options")
  func exporters() throws {
    let out = try CLIRunner.run(["exporters"])
    for name in ["json", "csv", "xlsx", "markdown", "gherkin"] {
      #expect(
        out.stdout.contains("\n\(name) ") || out.stdout.hasPrefix("\(name) "),
        "\(name)")
    }
    #expect(out.stdout.contains("    constant_memory: "))
  }

  @Test(
    "export --to TRACKER --dry-run writes one JSON file per request: a ticket's create, or with bulk each batch"
  )
  func trackerDryRun() throws {
    let dir = try CLIRunner.scratch()
    let samples = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria"
    ).path
    let single = try CLIRunner.run(
      [
        "export", samples, "--to", "github", "--dry-run", "--option",
        "project=acme/app",
        "--output", "github",
      ], in: dir)
    #expect(single.status == 0, "\(single.stderr)")
    #expect(
      dir.appendingPathComponent("github").outputFiles.count == 7,
      "one per component and platform")
    let bulk = try CLIRunner.run(
      [
        "export", samples, "--to", "jira-cloud", "--dry-run", "--option",
        "url=https://acme.atlassian.net",
        "--option", "project=A11Y", "--option", "bulk=true", "--option",
        "grouping=criterion",
        "--output", "jira",
      ], in: dir)
    #expect(bulk.status == 0, "\(bulk.stderr)")
    let batches = dir.appendingPathComponent("jira").outputFiles
    #expect(batches == ["batch-001.json", "batch-002.json"])
    let sizes = try batches.map { name in
      let json =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: dir.appendingPathComponent("jira/\(name)")))
        as? [String: Any]
      return (json?["issueUpdates"] as? [Any])?.count ?? 0
    }
    #expect(sizes.first == 50 && sizes.reduce(0, +) > 50)
  }
}
