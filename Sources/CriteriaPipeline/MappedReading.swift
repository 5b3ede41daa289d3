import Audit
import Config
import Conformance
import CriteriaModel
import Dispatch
import Exporters
import Synchronization

/// Documents read and mapped to WCAG: what `run`, `export`, `refresh`, `acr` and `wcag` start from.
public struct MappedReading: Sendable {
  /// The selected components mapped, and the mapping that did it.
  public struct Mapped: Sendable {
    /// The selected components, their sources relative to the base asked for, each criterion mapped.
    public var catalog: Catalog
    /// One row per selected check, in the catalog's order, for review.
    public var rows: [WCAGMappingRow]
    /// The built-in rules with the rule files added.
    public var mapping: WCAGMapping
  }

  /// What the sources held, as read (before the selection).
  public var loaded: CatalogLoader.Loaded
  private let outcome: Result<Mapped, PipelineError>

  /// The mapped catalog, or the error in the rule files.
  ///
  /// Ask after `loaded` has been checked for errors, so that a document's error is told before a rule
  /// file's, as when reading came first.
  public func mapped() throws(PipelineError) -> Mapped { try outcome.get() }

  /// Reads every document behind `sources` and maps each component to WCAG on a second thread while
  /// the next document is read, so that on a machine with two cores the mapping costs little more than
  /// the reading.
  ///
  /// A source that names nothing is reported after `namedIn` (see `CatalogLoader.load`). Each component
  /// kept is selected by `selection`, its sources made relative to `relocatingTo` (when given), and
  /// mapped with the built-in rules and `rules` (files, added in order); then, while the reader is still
  /// reading, each exporter in `preparing` makes its part of the output for it, on the same thread (the
  /// parts not made by then, the exporters make at the end).
  public init(
    _ sources: [String], relativeTo base: String? = nil, namedIn: String? = nil,
    rules: [String],
    selection: Selection = .all, relocatingTo folder: String? = nil,
    preparing: [any PreparingExporter] = []
  ) throws(PipelineError) {
    let alongside = MappingAlongside(rules: rules, preparing: preparing) {
      component in
      guard let selected = selection.apply(to: component) else { return nil }
      return folder.map { selected.sourcesRelative(to: $0) } ?? selected
    }
    let loaded: CatalogLoader.Loaded
    do {
      loaded = try CatalogLoader().load(
        sources, relativeTo: base, namedIn: namedIn, accepted: alongside.add)
    } catch {
      _ = alongside.finish()
      throw error
    }
    self.loaded = loaded
    outcome = alongside.finish()
  }
}

/// A second thread that maps components one after another as the reader hands them over.
///
/// The first job reads the rules (the built-in ones are parsed from YAML), so that too is done while
/// the documents are read. Jobs run in the order given, one at a time, on one serial queue; the state
/// is only touched from it.
private final class MappingAlongside: Sendable {
  private struct State: Sendable {
    var mapping: Result<WCAGMapping, PipelineError>?
    var mapped: [(component: Component, rows: [WCAGMappingRow])] = []
    /// Components handed over and not mapped yet.
    var waiting = 0
    /// Set when the reader is done: the components still waiting are mapped, and no more parts
    /// are made ahead (the outputs make them), so that nothing waits on work that was only meant to
    /// fill the time the reader took.
    var readerDone = false
    /// Whether a part may be made now: the reader is still reading and no component waits to be
    /// mapped (mapping comes first: the run waits for it, never for a part).
    var idle: Bool { !readerDone && waiting == 0 }
  }

  private let queue = DispatchQueue(label: "criteria.wcag-mapping")
  private let state = Mutex(State())
  private let rules: [String]
  private let preparing: [any PreparingExporter]
  /// The component as the outputs see it (selected, its sources relocated), or nil when not selected.
  private let select: @Sendable (Component) -> Component?

  init(
    rules: [String], preparing: [any PreparingExporter],
    select: @escaping @Sendable (Component) -> Component?
  ) {
    self.rules = rules
    self.preparing = preparing
    self.select = select
    queue.async { _ = self.mapping() }
  }

  /// The rules, read on the first call (on the queue).
  private func mapping() -> Result<WCAGMapping, PipelineError> {
    if let known = state.withLock({ $0.mapping }) { return known }
    let read = Result { () throws(PipelineError) in
      try Pipeline.wcagMapping(rules)
    }
    state.withLock { $0.mapping = read }
    return read
  }

  /// Hands a component over; on the queue it is selected and mapped, and, while the reader is still
  /// reading and no other component waits to be mapped, each exporter in `preparing` makes its part
  /// for it.
  func add(_ component: Component) {
    state.withLock { $0.waiting += 1 }
    queue.async {
      guard case .success(let mapping) = self.mapping(),
        let selected = self.select(component)
      else {
        self.state.withLock { $0.waiting -= 1 }
        return
      }
      let mapped = mapping.map(selected)
      self.state.withLock {
        $0.mapped.append(mapped)
        $0.waiting -= 1
      }
      for exporter in self.preparing {
        guard self.state.withLock({ $0.idle }) else { break }
        exporter.prepare(mapped.component)
      }
    }
  }

  /// Waits for every component handed over and returns them mapped, in the catalog's order (by id),
  /// or the rule files' error.
  func finish() -> Result<MappedReading.Mapped, PipelineError> {
    state.withLock { $0.readerDone = true }
    let mapping = queue.sync { self.mapping() }
    let mapped = state.withLock { $0.mapped }.sorted {
      $0.component.id < $1.component.id
    }
    return mapping.map { mapping in
      MappedReading.Mapped(
        catalog: Catalog(components: mapped.map(\.component)),
        rows: mapped.flatMap(\.rows), mapping: mapping)
    }
  }
}

extension Pipeline {
  /// Today's checks of the config's sources, or nil, with a warning saying what of `audit` ("the
  /// audit", "the later audit") was not checked, when they do not read.
  func todaysChecks(
    _ settings: CriteriaConfig, config path: String, audit: String = "the audit"
  ) -> TodaysChecks? {
    do { return try TodaysChecks(settings, reporter: .silent) } catch {
      reporter.note(
        "warning: \(audit)'s WCAG cells were not checked against today's mapping, nor its rows against "
          + "today's checks, since \(path)'s sources do not read (criteria validate names the "
          + "problems): " + error.message)
      return nil
    }
  }

  /// Names, in one warning, the rows of a filled audit whose WCAG cell disagrees with today's mapping
  /// where that would make a table that counts rows by their cells (`counts`: its subject and verb, "the
  /// report's conformance table counts") claim what the audit does not show; nothing when the config's
  /// sources do not read (a warning says so) or no row disagrees.
  func warnAboutWCAGCells(
    of sheet: AuditSheet, layout: AuditLayout, mapping: [String: [String]]?,
    countedBy counts: String
  ) {
    guard let mapping,
      let rows = try? AuditResultsReader(layout: layout).rows(of: sheet)
    else { return }
    let lines = rows.compactMap { WCAGCells.disagreement($0, mapping: mapping) }
    guard !lines.isEmpty else { return }
    let cells = Counted.phrase(
      lines.count, "row's WCAG cell disagrees",
      plural: "rows' WCAG cells disagree")
    reporter.note(
      "warning: \(cells) with today's mapping, and \(counts) "
        + (lines.count == 1 ? "it" : "them")
        + " as the audit says (criteria refresh writes today's WCAG column):\n  "
        + lines.joined(separator: "\n  "))
  }
}
