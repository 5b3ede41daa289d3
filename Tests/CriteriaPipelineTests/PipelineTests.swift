import Audit
import Config
import CriteriaModel
import CriteriaPipeline
import Exporters
import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// The pipeline called in process, as the CLI calls it, with no binary spawned: run, export, tickets,
/// sync, acr and report on the bundled samples.
@Suite("The pipeline in process", .serialized)
struct PipelineTests {
  /// A scratch copy of Samples/ (the sample config writes to ../out beside it).
  func samples() throws -> URL {
    let folder = try Scratch.folder("criteria-pipeline")
    let copy = folder.appendingPathComponent("Samples")
    try FileManager.default.copyItem(
      at: SharedData.packageRoot.appendingPathComponent("Samples"), to: copy)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("out"),
      withIntermediateDirectories: true)
    return copy
  }

  /// The samples with a config whose one GitHub output files into `server` with `token` (set in the
  /// environment variable `tokenEnv`), and the filled sample audit.
  func filing(
    into server: FakeTrackerProcess, token: String, tokenEnv: String
  ) throws -> (samples: URL, config: URL, audit: String) {
    setenv(tokenEnv, token, 1)
    let samples = try samples()
    let config = samples.appendingPathComponent("tickets-in-process.yml")
    try Data(
      """
      version: 1
      sources: [criteria/]
      outputs:
        - name: issues
          exporter: github
          options: {url: \(server.url), project: acme/app, token_env: \(tokenEnv), max_attempts: 2, backoff: 0.05}
      """.utf8
    ).write(to: config)
    return (
      samples, config, samples.appendingPathComponent("audit-filled.csv").path
    )
  }

  let pipeline = Pipeline(
    reporter: .silent,
    context: ExportContext(date: Date(timeIntervalSince1970: 1_767_225_600)))

  @Test(
    "run writes every output of the sample config and says so in its summary")
  func run() throws {
    let samples = try samples()
    let summary = try pipeline.run(
      config: samples.appendingPathComponent("criteria.yml").path, only: nil,
      dryRun: false, filing: FilingSettings())
    #expect(summary.exitStatus == 0 && summary.error == nil)
    #expect(summary.outputs.count >= 5)
    for output in summary.outputs {
      #expect(output.action == "written")
      #expect(
        FileManager.default.fileExists(atPath: output.path), "\(output.path)")
    }
    let dry = try pipeline.run(
      config: samples.appendingPathComponent("criteria.yml").path,
      only: ["csv"],
      dryRun: true, filing: FilingSettings())
    #expect(dry.outputs.map(\.action) == ["would write"])
  }

  @Test(
    "export writes one format; an unknown one is a usage error (named on the command line) with a suggestion"
  )
  func export() throws {
    let samples = try samples()
    let target = samples.appendingPathComponent("checklist.csv").path
    try pipeline.export(
      [samples.appendingPathComponent("criteria").path], format: "csv",
      options: [:], selection: Selection(platforms: [.iOS]), output: target)
    let text = try String(contentsOfFile: target, encoding: .utf8)
    #expect(text.hasPrefix("Component,Platform,Test,Check"))
    #expect(!text.contains(",Android,") && text.contains(",iOS,"))
    #expect {
      try pipeline.export(
        [samples.path], format: "xslx", options: [:], selection: Selection(),
        output: target)
    } throws: { error in
      let failure = error as? PipelineError
      return failure?.status == .usage
        && failure?.message.contains("Did you mean 'xlsx'?") == true
        && failure?.underlying == nil
    }
  }

  @Test(
    "a module's error stays inside the pipeline's: its type, its words and its exit status"
  )
  func underlying() throws {
    let samples = try samples()
    let missingConfig = samples.appendingPathComponent("nowhere.yml").path
    #expect {
      _ = try pipeline.run(
        config: missingConfig, only: nil, dryRun: false,
        filing: FilingSettings())
    } throws: { error in
      guard let failure = error as? PipelineError,
        let config = failure.underlying as? ConfigError
      else { return false }
      return config.missing && failure.status == .noInput
        && failure.message == config.description
    }
    let missingAudit = samples.appendingPathComponent("nowhere.csv").path
    #expect {
      try pipeline.report(
        ReportRequest(
          audit: missingAudit, config: nil,
          output: samples.appendingPathComponent("r.html").path, title: "A"))
    } throws: { error in
      guard let failure = error as? PipelineError,
        let audit = failure.underlying as? AuditError
      else { return false }
      return failure.status == audit.status && failure.status == .noInput
        && failure.message.contains("nowhere.csv")
    }
  }

  @Test("acr and report from the filled sample audit")
  func acrAndReport() throws {
    let samples = try samples()
    let audit = samples.appendingPathComponent("audit-filled.csv").path
    let config = samples.appendingPathComponent("criteria.yml").path
    let acr = samples.appendingPathComponent("acr.md").path
    try pipeline.acr(
      ACRRequest(
        audit: audit, config: config, format: .markdown, output: acr,
        draft: true))
    #expect(
      try String(contentsOfFile: acr, encoding: .utf8).hasPrefix("# Draft: "))
    #expect {
      try pipeline.acr(
        ACRRequest(audit: audit, config: config, format: .markdown, output: acr)
      )
    } throws: { error in
      (error as? PipelineError)?.status == .failure
    }
    let report = samples.appendingPathComponent("report.html").path
    try pipeline.report(
      ReportRequest(
        audit: audit, config: config, output: report, title: "Audit"))
    #expect(
      try String(contentsOfFile: report, encoding: .utf8).contains(
        "<h1>Audit</h1>"))
  }

  @Test(
    "tickets files the sample audit's failures into the fake tracker once; sync reads them back"
  )
  func ticketsAndSync() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (samples, config, audit) = try filing(
      into: server, token: "secret-token", tokenEnv: "PIPELINE_TEST_TOKEN")
    let problems = try pipeline.fileFindings(
      FindingsRequest(audit: audit, config: config.path))
    #expect(problems == 0)
    #expect(try server.stats()["issues"] as? Int == 2)
    let again = try pipeline.fileFindings(
      FindingsRequest(audit: audit, config: config.path))
    #expect(again == 0)
    #expect(try server.stats()["issues"] as? Int == 2, "nothing filed twice")
    let filed = samples.appendingPathComponent("audit-filled-tickets.csv").path
    #expect(FileManager.default.fileExists(atPath: filed))
    let unreadable = try pipeline.syncStatus(
      SyncRequest(audit: filed, config: config.path))
    #expect(unreadable == 0)
    #expect(
      FileManager.default.fileExists(
        atPath: samples.appendingPathComponent(
          "audit-filled-tickets-synced.csv"
        ).path))
  }

  @Test(
    "run lists the filed tickets whose criteria the sources no longer hold, not those a selection leaves out nor an audit's findings"
  )
  func ticketsNotInSources() throws {
    let server = try FakeTrackerProcess()
    defer { server.stop() }
    let (samples, config, audit) = try filing(
      into: server, token: "secret-token", tokenEnv: "PIPELINE_TEST_TOKEN")
    func run() throws -> RunSummary.Tickets {
      let summary = try pipeline.run(
        config: config.path, only: nil, dryRun: false,
        filing: FilingSettings())
      return try #require(summary.tickets.first)
    }
    let first = try run()
    #expect(first.filed > 0 && first.notInSources == 0)
    // The audit's findings share the ledger; they are not criteria tickets.
    #expect(
      try pipeline.fileFindings(
        FindingsRequest(audit: audit, config: config.path)) == 0)
    #expect(try run().notInSources == 0)
    // A selection leaves components out of this run; the sources still hold them.
    let text = try String(contentsOf: config, encoding: .utf8)
    try Data(
      (text + "\nselection: {components: [native/controls/*]}\n").utf8
    ).write(to: config)
    let selected = try run()
    #expect(selected.alreadyFiled < first.filed && selected.notInSources == 0)
    try Data(text.utf8).write(to: config)
    try FileManager.default.removeItem(
      at: samples.appendingPathComponent(
        "criteria/native/notifications/banner.md"))
    let removed = try run()
    #expect(removed.filed == 0)
    #expect(
      removed.notInSources == first.filed - removed.alreadyFiled
        && removed.notInSources > 0,
      "the removed document's tickets: \(removed)")
  }

  @Test(
    "refused credentials stop the filing with 77; the tracker's error is not kept, only its redacted words"
  )
  func refusedCredentials() throws {
    let server = try FakeTrackerProcess(arguments: ["--token", "right-token"])
    defer { server.stop() }
    let (_, config, audit) = try filing(
      into: server, token: "wrong-token-0123456789",
      tokenEnv: "PIPELINE_WRONG_TOKEN")
    #expect {
      _ = try pipeline.fileFindings(
        FindingsRequest(audit: audit, config: config.path))
    } throws: { error in
      guard let failure = error as? PipelineError else { return false }
      return failure.status == .credentialsRefused
        && failure.underlying == nil
        && !failure.message.contains("wrong-token-0123456789")
    }
    #expect(try server.stats()["issues"] as? Int == 0)
  }

  @Test(
    "mapping while reading gives what reading, selecting, relocating and mapping one after another give"
  )
  func mappedReading() throws {
    let samples = try samples()
    let sources = [samples.appendingPathComponent("criteria").path]
    let rules = [samples.appendingPathComponent("wcag-rules.yml").path]
    let selection = Selection(platforms: [.iOS])
    let reading = try MappedReading(
      sources, rules: rules, selection: selection,
      relocatingTo: samples.path)
    let mapped = try reading.mapped()

    let loaded = try CatalogLoader().load(sources)
    let expected = try Pipeline.wcagMapping(rules).apply(
      to: selection.apply(to: loaded.catalog).sourcesRelative(to: samples.path))
    #expect(reading.loaded.catalog == loaded.catalog)
    #expect(mapped.catalog.components.count > 1)
    #expect(mapped.catalog == expected.catalog)
    #expect(mapped.rows == expected.rows)
    #expect(
      mapped.catalog.components.allSatisfy { !$0.source.file.hasPrefix("/") })
  }

  @Test(
    "a document's error is told first; a missing rule file is told when the mapping is asked for"
  )
  func mappedReadingErrors() throws {
    let folder = try Scratch.folder("criteria-mapped-reading")
    let broken = folder.appendingPathComponent("broken.md")
    try "---\ntitle: [unclosed\n---\n# Broken\n".write(
      to: broken, atomically: true, encoding: .utf8)
    let reading = try MappedReading(
      [broken.path], rules: [folder.appendingPathComponent("absent.yml").path])
    #expect(reading.loaded.hasErrors)
    #expect(throws: PipelineError.self) { try reading.mapped() }
    do {
      _ = try reading.mapped()
    } catch {
      #expect(error.status == .noInput)
      #expect(error.message.contains("absent.yml"))
    }
  }
}
