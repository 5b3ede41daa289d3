import Audit
import Config
import Conformance
import CriteriaModel
import CriteriaReaders
import Exporters
import Foundation
import Synchronization
import Tickets

/// A run's flow, from sources to what is delivered.
///
/// Read the config and the documents, select, render each output to an artifact, and deliver it through a
/// sink (a file or folder, standard output, a dry-run folder of payloads, or a tracker). `criteria run`,
/// `export` and `tickets` all come through here; the CLI only parses arguments. A dry run swaps the sink,
/// never the exporter.
public struct Pipeline: Sendable {
  /// Where notes, diagnostics and logs go.
  public var reporter: Reporter
  /// The date and tool version written into outputs.
  public var context: ExportContext = ExportContext()

  public init(reporter: Reporter, context: ExportContext = ExportContext()) {
    self.reporter = reporter
    self.context = context
  }

  /// Creates the pipeline of a command-line run: the output date honours `SOURCE_DATE_EPOCH`.
  public init(reporter: Reporter, environment: [String: String])
    throws(PipelineError)
  {
    do {
      self.init(
        reporter: reporter, context: try ExportContext(environment: environment)
      )
    } catch {
      throw PipelineError(error, status: .config)
    }
  }

  /// Writes every output of the config (or those `only` names): `criteria run`.
  ///
  /// Returns what was written and filed; the CLI exits 1 when any ticket failed or was not confirmed.
  ///
  /// With `stdoutTaken` (the summary goes to standard output), an output that would also go there is a
  /// usage error.
  public func run(
    config path: String, only: [String]?, dryRun: Bool, filing: FilingSettings,
    stdoutTaken: Bool = false
  )
    throws(PipelineError) -> RunSummary
  {
    let config = try ConfigFile(path: path)
    let settings = config.settings
    let outputs = settings.outputs.filter { output in
      only.map { $0.contains(output.name) || $0.contains(output.exporter) }
        ?? true
    }
    if let only, outputs.isEmpty {
      throw PipelineError(
        "--only \(only.joined(separator: ",")) matches no output in \(path); "
          + "outputs are: \(settings.outputs.map(\.name).joined(separator: ", "))",
        status: .usage)
    }
    if stdoutTaken {
      for output in outputs where !output.isTracker {
        let target = Self.target(of: output, in: settings)
        if output.path == "-" || Self.isStandardOutput(target) {
          throw PipelineError(
            "\(output.keyPath).path: '\(output.path)' is standard output, where --format json writes the summary; "
              + "write the output to a file, or drop --format json",
            status: .usage)
        }
      }
    }
    // Make every exporter and tracker first, so a bad option fails the run before anything is written.
    var made: [(CriteriaConfig.Output, Made)] = []
    for output in outputs {
      let entry = try config.entry(output)
      made.append(
        (
          output,
          try Self.make(
            entry,
            Self.withLanguage(
              output.options, settings.languages.documents, for: entry))
        ))
    }
    // A fresh checklist never replaces an audit a tester filled in: checked before anything is written,
    // in a dry run too, which answers as the run would. Reading a workbook takes as long as reading the
    // documents, so it is checked while they are read.
    let audits = made.compactMap {
      output, thing -> (target: String, layout: AuditLayout, key: String)? in
      guard case .file(let exporter as any AuditExporter) = thing else {
        return nil
      }
      return (
        Self.target(of: output, in: settings), exporter.layout,
        "\(output.keyPath).path"
      )
    }
    let refusal = ConcurrentSlots<PipelineError>(count: 1)
    let checking = DispatchGroup()
    if !audits.isEmpty {
      DispatchQueue.global().async(group: checking) {
        do throws(PipelineError) { try Self.refuseFilledAudits(audits) } catch {
          refusal.set(0, error)
        }
      }
    }
    // Outputs made of one part per component make those parts while the documents are read.
    let preparing = dryRun ? [] : made.compactMap(\.1.preparing)
    let read: Result<(Catalog, CatalogLoader.Loaded), PipelineError>
    do throws(PipelineError) {
      read = .success(try selectedCatalog(settings, preparing: preparing))
    } catch {
      read = .failure(error)
    }
    checking.wait()
    if let error = refusal.all[0] { throw error }
    let (catalog, loaded) = try read.get()
    var summary = RunSummary()
    summary.warnings =
      loaded.diagnostics.filter { $0.severity == .warning }.count
    summary.skipped = loaded.skipped.count
    let sink = ArtifactSink(
      protecting: loaded.inputs + [path], reporter: reporter)
    var files: [FileOutput] = []
    for (output, thing) in made {
      let target = Self.target(of: output, in: settings)
      if case .file(let exporter) = thing, !dryRun {
        files.append(
          FileOutput(output: output, exporter: exporter, target: target))
        continue
      }
      try write(files, catalog, through: sink, into: &summary)
      files = []
      switch thing {
      case .tracker(let tracker) where !dryRun:
        let tickets = tracker.settings.planner.tickets(for: catalog)
        // What the documents read hold, selected or not: a ticket filed for anything else is no longer
        // true, unless it is of a document moved since (found by the filer under its old identity).
        let held = Set(
          tracker.settings.planner.tickets(for: loaded.catalog).map(
            \.identity))
        let sent = try TrackerSink(
          output: output.name, filing: filing, reporter: reporter
        )
        .deliver(tickets, to: tracker, held: held)
        summary.add(sent.summary, output: output.name)
        summary.record(output, at: tracker.settings.url, "filed")
        let unheld = Self.unheld(sent.ledger, held: held)
        if !unheld.isEmpty {
          summary.tickets[summary.tickets.count - 1].notInSources = unheld.count
          reporter.note(
            "\(output.name): \(Counted.phrase(unheld.count, "filed ticket")) \(unheld.count == 1 ? "is" : "are") "
              + "for criteria the sources no longer hold (a document removed or renamed, another grouping, "
              + "or other sources sharing the ledger); criteria leaves \(unheld.count == 1 ? "it" : "them") as "
              + "\(unheld.count == 1 ? "it is" : "they are"): "
              + unheld.map { "\($0.key) (\($0.identity))" }.joined(
                separator: ", "))
        }
      case .tracker(let tracker):
        // A dry run swaps the sink: the payloads a real run would send go to the output's folder.
        try ArtifactSink.createParent(of: target, key: "\(output.keyPath).path")
        try sink.deliver(
          try Self.payloads(tracker, catalog), from: output.exporter,
          to: .path(target))
        summary.record(output, at: target, "written")
      case .file:
        reporter.note("would write \(output.exporter) to \(target)")
        summary.record(output, at: target, "would write")
      }
    }
    try write(files, catalog, through: sink, into: &summary)
    summary.exitStatus =
      summary.ticketProblems > 0
      ? ExitStatus.failure.rawValue : ExitStatus.success.rawValue
    ReleaseAside.drop((consume catalog, consume loaded, consume made))
    return summary
  }

  /// The path an output writes, resolved against the config's folder.
  static func target(
    of output: CriteriaConfig.Output, in settings: CriteriaConfig
  )
    -> String
  {
    URL(
      fileURLWithPath: output.path,
      relativeTo: URL(fileURLWithPath: settings.baseDirectory + "/")
    ).standardizedFileURL.path
  }

  /// A file output to render and write.
  struct FileOutput: Sendable {
    var output: CriteriaConfig.Output
    var exporter: any Exporter
    /// The path it writes, resolved against the config's folder.
    var target: String
  }

  /// Renders and writes consecutive file outputs side by side, as many at once as there are cores.
  ///
  /// Each writes only its own path (the config refuses two outputs on one path, or one inside another's
  /// folder), so none waits for another. Notes and the summary follow the config's order. When an output
  /// fails, the others still finish and are reported, and the run stops with the first failure in the
  /// config's order.
  private func write(
    _ outputs: [FileOutput], _ catalog: Catalog, through sink: ArtifactSink,
    into summary: inout RunSummary
  ) throws(PipelineError) {
    guard !outputs.isEmpty else { return }
    let results = ConcurrentSlots<Result<[String], PipelineError>>(
      count: outputs.count)
    // Workbooks start first: each is the longest output, written by one thread, and the others fill the
    // remaining cores around it.
    let order =
      outputs.indices.filter { outputs[$0].exporter is AuditWorkbookExporter }
      + outputs.indices.filter {
        !(outputs[$0].exporter is AuditWorkbookExporter)
      }
    DispatchQueue.concurrentPerform(iterations: outputs.count) { turn in
      let index = order[turn]
      let file = outputs[index]
      let notes = OutputNotes()
      var quiet = reporter
      quiet.note = notes.append
      do throws(PipelineError) {
        let artifact = try render(file.exporter, catalog)
        try ArtifactSink.createParent(
          of: file.target, key: "\(file.output.keyPath).path")
        try sink.reporting(to: quiet).deliver(
          artifact, from: file.output.exporter, to: .path(file.target))
        try Self.removeRetiredRows(
          beside: file.target, of: file.exporter, reporter: quiet)
        results.set(index, .success(notes.lines))
      } catch {
        results.set(index, .failure(error))
      }
    }
    var failure: PipelineError?
    for (file, result) in zip(outputs, results.all) {
      switch result {
      case .success(let notes)?:
        notes.forEach(reporter.note)
        summary.record(file.output, at: file.target, "written")
      case .failure(let error)?:
        failure = failure ?? error
      case nil:
        failure =
          failure
          ?? PipelineError("\(file.output.keyPath): the output was not written")
      }
    }
    if let failure { throw failure }
  }

  /// The config's documents read, selected and mapped to WCAG, as every output sees them.
  ///
  /// Any document error stops here, before anything is written. The exporters in `preparing` make
  /// their part for each component as it is mapped.
  func selectedCatalog(
    _ settings: CriteriaConfig, preparing: [any PreparingExporter] = []
  ) throws(PipelineError) -> (Catalog, CatalogLoader.Loaded) {
    // Outputs name documents relative to the config's folder, never by the machine's absolute path.
    let (catalog, loaded) = try readMapped(
      MappedReading(
        settings.sources, relativeTo: settings.baseDirectory,
        namedIn: "\(settings.file): sources",
        rules: settings.wcagRules, selection: settings.selection,
        relocatingTo: settings.baseDirectory, preparing: preparing),
      quiet: settings.quietWarnings,
      unreadable: "nothing was written",
      empty:
        "\(settings.file): selection matches no components; nothing to write")
    reporter.note(
      "read \(Counted.phrase(loaded.documentCount, "document")): "
        + "\(Counted.phrase(catalog.components.count, "component")) selected, "
        + Counted.phrase(
          catalog.criterionCount, "criterion", plural: "criteria"))
    return (catalog, loaded)
  }

  /// What `reading` read, its skipped files and diagnostics told: a document error stops here
  /// (`unreadable`, exit 65), and so does a selection that keeps no component (`empty`).
  ///
  /// The document-style warnings of the kinds in `quiet` (and the reporter's own) are counted in one
  /// note instead of printed.
  private func readMapped(
    _ reading: MappedReading, quiet: Set<DocumentStyle> = [],
    unreadable: String, empty: String
  ) throws(PipelineError) -> (Catalog, CatalogLoader.Loaded) {
    let loaded = reading.loaded
    loaded.skipped.forEach(reporter.note)
    tell(loaded.diagnostics, quiet: quiet.union(reporter.quiet))
    if loaded.hasErrors {
      throw PipelineError(
        "\(unreadable): fix the errors above first", status: .dataError)
    }
    let catalog = try reading.mapped().catalog
    if catalog.components.isEmpty { throw PipelineError(empty) }
    return (catalog, loaded)
  }

  /// Prints `diagnostics`, except the document-style warnings of the `quiet` kinds, which one note
  /// counts by kind (`validate` still lists them).
  private func tell(_ diagnostics: [Diagnostic], quiet: Set<DocumentStyle>) {
    var hidden: [DocumentStyle: Int] = [:]
    var shown: [Diagnostic] = []
    for diagnostic in diagnostics {
      if let style = diagnostic.style, quiet.contains(style) {
        hidden[style, default: 0] += 1
      } else {
        shown.append(diagnostic)
      }
    }
    reporter.diagnostics(shown)
    guard !hidden.isEmpty else { return }
    let kinds = DocumentStyle.allCases.compactMap { style in
      hidden[style].map { "\(style.rawValue) \($0)" }
    }
    reporter.note(
      "\(Counted.phrase(hidden.values.reduce(0, +), "document-style warning")) "
        + "not shown (\(kinds.joined(separator: ", "))); "
        + "'criteria validate' lists them")
  }

  /// Whether `path` is the file standard output writes to (`/dev/stdout`, `/proc/self/fd/1`, or the
  /// very file the shell redirected it to).
  static func isStandardOutput(_ path: String) -> Bool {
    var out = stat()
    var target = stat()
    guard fstat(STDOUT_FILENO, &out) == 0, stat(path, &target) == 0 else {
      return false
    }
    return out.st_dev == target.st_dev && out.st_ino == target.st_ino
  }

  /// Exports documents to one format without a config: `criteria export`.
  ///
  /// A tracker format writes the payloads a run would send (one JSON file per request) and sends nothing.
  public func export(
    _ paths: [String], format: String, options: [String: String],
    selection: Selection,
    output: String?
  ) throws(PipelineError) {
    // The format and its options come from the command line: what is wrong with them is a usage error
    // (64), where the same in a config is a config error (78). A definition's own error (named by its
    // file, not by `--option`) stays a config error.
    let entry = try OutputRegistry(configDirectory: nil).entry(
      named: format, unknown: .usage)
    let made: Made
    do {
      made = try Self.make(
        entry,
        ExportOptions(options.mapValues { .string($0) }, origin: "--option"))
    } catch {
      var error = error
      if error.message.hasPrefix("--option.") { error.status = .usage }
      throw error
    }
    if let output, output != "-",
      case .file(let exporter as any AuditExporter) = made
    {
      try Self.refuseFilledAudits(
        [(output, exporter.layout, "--output")], ofRun: false)
    }
    let (catalog, loaded) = try readMapped(
      MappedReading(
        paths, rules: [], selection: selection,
        relocatingTo: FileManager.default.currentDirectoryPath,
        preparing: made.preparing.map { [$0] } ?? []),
      unreadable: "nothing was exported",
      empty: "the selection matches no components; nothing to export")
    let artifact: ExportArtifact
    switch made {
    case .file(let exporter): artifact = try render(exporter, catalog)
    case .tracker(let tracker): artifact = try Self.payloads(tracker, catalog)
    }
    let destination: Destination =
      output.map { $0 == "-" ? .standardOutput : .path($0) } ?? .standardOutput
    try ArtifactSink(protecting: loaded.inputs, reporter: reporter)
      .deliver(artifact, from: format, to: destination)
    if case .path(let path) = destination, case .file(let exporter) = made {
      try Self.removeRetiredRows(beside: path, of: exporter, reporter: reporter)
    }
    ReleaseAside.drop((consume catalog, consume loaded, consume artifact))
  }

  /// The built-in WCAG rules with a team's rule files (`wcag.rules`) added in order.
  public static func wcagMapping(_ files: [String]) throws(PipelineError)
    -> WCAGMapping
  {
    var rules = WCAGRules.builtIn()
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw PipelineError(
          "\(file): cannot read the WCAG rules", status: .noInput)
      }
      do {
        try rules.add(yaml: String(decoding: data, as: UTF8.self), origin: file)
      } catch {
        throw PipelineError(error)
      }
    }
    return WCAGMapping(rules: rules)
  }

  /// An output made from its entry and options.
  enum Made {
    case file(any Exporter)
    case tracker(any Tracker)

    /// The exporter, when it makes its output one component at a time.
    var preparing: (any PreparingExporter)? {
      guard case .file(let exporter) = self else { return nil }
      return exporter as? any PreparingExporter
    }
  }

  /// `options` with the config's `language` added for a file exporter that takes a `language` option and
  /// was not given one (the output's own option wins).
  static func withLanguage(
    _ options: ExportOptions, _ language: ContentLanguage?,
    for entry: OutputRegistry.Entry
  ) -> ExportOptions {
    guard let language, case .file(let file) = entry,
      file.optionHelp["language"] != nil, options.values["language"] == nil
    else { return options }
    var options = options
    options.values["language"] = .string(language.tag)
    return options
  }

  static func make(_ entry: OutputRegistry.Entry, _ options: ExportOptions)
    throws(PipelineError) -> Made
  {
    do {
      switch entry {
      case .file(let file): return .file(try file.make(options))
      case .tracker(let tracker): return .tracker(try tracker.make(options))
      }
    } catch {
      throw PipelineError(error)
    }
  }

  /// The ledger's filed tickets that no ticket of the documents read stands for (findings of an audit
  /// aside: `criteria tickets` files those), in identity order.
  static func unheld(_ ledger: Ledger, held: Set<String>) -> [(
    identity: String, key: String
  )] {
    ledger.entries.compactMap { identity, entry in
      guard entry.state == .filed, let key = entry.key,
        !held.contains(identity),
        !identity.hasPrefix(AuditFindings.identityPrefix)
      else { return nil }
      return (identity, key)
    }
    .sorted { $0.identity < $1.identity }
  }

  /// The dry run of a tracker: one JSON file per ticket, the body a real run would send.
  static func payloads(_ tracker: any Tracker, _ catalog: Catalog)
    throws(PipelineError) -> ExportArtifact
  {
    do {
      return .folder(
        try DryRun.files(
          tracker: tracker,
          tickets: tracker.settings.planner.tickets(for: catalog)))
    } catch {
      throw PipelineError(error)
    }
  }

  private func render(_ exporter: any Exporter, _ catalog: Catalog)
    throws(PipelineError) -> ExportArtifact
  {
    do { return try exporter.export(catalog, context: context) } catch {
      throw PipelineError(error)
    }
  }
}

/// The notes one output made while it was written, kept for the config's order.
final class OutputNotes: Sendable {
  private let buffer = Mutex<[String]>([])

  @Sendable func append(_ line: String) {
    buffer.withLock { $0.append(line) }
  }

  var lines: [String] { buffer.withLock { $0 } }
}
