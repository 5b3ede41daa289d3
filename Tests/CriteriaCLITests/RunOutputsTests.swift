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

  /// Starts `criteria export` of `docs` into `out/audit.xlsx` (through `sh -c`, which first runs
  /// `shell`), sends `signal` as soon as the workbook's temporary file appears, and returns the
  /// temporary file's name (nil when the run finished before it was seen), the process and its stderr.
  func export(
    in dir: URL, signal: Int32, shell: String = ""
  ) throws -> (seen: String?, process: Process, stderr: String) {
    let out = dir.appendingPathComponent("out")
    try? FileManager.default.removeItem(at: out)
    try FileManager.default.createDirectory(
      at: out, withIntermediateDirectories: false)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      shell + " exec \"$0\" export docs --to xlsx --output out/audit.xlsx",
      CLIRunner.executable.path,
    ]
    process.currentDirectoryURL = dir
    // A file, not a pipe: the samples' warnings, 150 times, would fill a pipe no one reads yet.
    let errorsFile = dir.appendingPathComponent("stderr.txt")
    FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    var seen: String?
    while process.isRunning, seen == nil {
      // The workbook itself (libxlsxwriter's folder of parts beside it comes first).
      seen = out.listing.first {
        $0.contains(".partial-") && !$0.hasSuffix("-parts")
      }
      if seen == nil { usleep(500) }
    }
    if seen != nil { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return (seen, process, try dir.read("stderr.txt"))
  }

  @Test(
    "a run stopped by SIGTERM (or Ctrl-C, SIGHUP) removes the workbook it was writing under a temporary name, and says so; a signal started ignored stays ignored"
  )
  func interruptedRun() throws {
    let dir = try CLIRunner.scratch()
    // The samples copied under 150 folders of their own, each category folder numbered (a component's
    // id comes from its path, so every copy has its own): a workbook of some thousands of rows, whose
    // temporary file lives long enough to be seen.
    let samples = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria")
    for copy in 0..<150 {
      let folder = dir.appendingPathComponent("docs/copy\(copy)")
      try FileManager.default.copyItem(at: samples, to: folder)
      for category in [
        "native/controls", "native/notifications", "web/component",
      ] {
        try FileManager.default.moveItem(
          at: folder.appendingPathComponent(category),
          to: folder.appendingPathComponent("\(category)\(copy)"))
      }
    }
    let out = dir.appendingPathComponent("out")
    let target = out.appendingPathComponent("audit.xlsx")
    var interrupted = 0
    // SIGTERM: a test process may run with SIGINT ignored, as a shell's `&` starts it, and then
    // criteria leaves SIGINT ignored too (below).
    for _ in 0..<6 where interrupted < 2 {
      let run = try export(in: dir, signal: SIGTERM)
      // The run finished first: it did not test the interruption; again.
      guard let seen = run.seen,
        !FileManager.default.fileExists(atPath: target.path)
      else { continue }
      interrupted += 1
      #expect(out.listing.isEmpty, "left behind: \(out.listing)")
      #expect(run.process.terminationReason == .uncaughtSignal)
      #expect(run.process.terminationStatus == SIGTERM)
      // The workbook's parts folder is named too when the signal came after it was made (the test
      // cannot time the signal that closely).
      let removed =
        "criteria: interrupted; removed the unfinished \(out.path)/\(seen)"
      #expect(
        run.stderr.contains(removed + "\n")
          || run.stderr.contains(removed + ", \(out.path)/\(seen)-parts\n"),
        "\(run.stderr)")
    }
    #expect(
      interrupted > 0,
      "every run finished before it could be interrupted: nothing was tested")
    // Under `nohup` (SIGHUP ignored) a hangup does not stop the run.
    var hungUp = false
    for _ in 0..<6 where !hungUp {
      let run = try export(in: dir, signal: SIGHUP, shell: "trap '' HUP;")
      hungUp = run.seen != nil
      #expect(run.process.terminationReason == .exit)
      #expect(run.process.terminationStatus == 0, "\(run.stderr)")
      #expect(out.listing == ["audit.xlsx"])
    }
    #expect(hungUp, "every run finished before the hangup: nothing was tested")
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
