import Conformance
import CriteriaModel
import CriteriaReaders
import Foundation

/// Reads every document behind a list of sources into one catalog, collecting all diagnostics.
public struct CatalogLoader {
  /// What the sources held.
  public struct Loaded: Sendable {
    /// The components read (a second copy of an id is skipped with a warning).
    public var catalog: Catalog
    /// Errors and warnings, document by document.
    public var diagnostics: [Diagnostic]
    /// Every file the sources found, documents or not.
    public var documents: [String]
    /// The files found that are no criteria document at all (not the guides): an output may replace
    /// one, such as a run's own Markdown output in a source folder.
    public var notDocuments: Set<String> = []
    /// What no output may replace: every criteria document and guide read.
    public var inputs: [String] {
      documents.filter { !notDocuments.contains($0) }
    }
    /// `file: skipped: reason` for files a folder or glob found that are not criteria documents.
    public var skipped: [String]
    /// How many documents were read.
    public var documentCount: Int { documents.count }
    /// Whether any document had an error.
    public var hasErrors: Bool {
      diagnostics.contains { $0.severity == .error }
    }
  }

  /// Creates a loader.
  public init() {}

  /// Reads every document behind `sources` (files, folders, globs), relative to `base`; `accepted` is
  /// handed each component kept as soon as it is read.
  ///
  /// A source that names nothing is reported after `namedIn` when given (the config and its key,
  /// `criteria.yml: sources`), so the person knows where to mend it.
  public func load(
    _ sources: [String], relativeTo base: String? = nil, namedIn: String? = nil,
    accepted: (Component) -> Void = { _ in }
  )
    throws(PipelineError) -> Loaded
  {
    let collected: SourceCollector.Collected
    do {
      collected = try SourceCollector().collectAll(sources, relativeTo: base)
    } catch {
      guard let namedIn else { throw PipelineError(error) }
      throw PipelineError("\(namedIn): \(error.description)", wrapping: error)
    }
    let read = CatalogReader().read(collected.files, accepted: accepted)
    return Loaded(
      catalog: read.catalog, diagnostics: read.diagnostics,
      documents: collected.files.map(\.path),
      notDocuments: read.notDocuments,
      skipped: collected.unreadable + read.skipped)
  }
}

extension CatalogLoader.Loaded {
  /// A warning for every check no WCAG rule maps, and for every check whose expectation is N/A (kept
  /// as a row pre-filled Not applicable, never evidence), at the check's line, so `validate` shows what
  /// to add a rule for.
  public func unmappedChecks(_ mapping: WCAGMapping) -> [Diagnostic] {
    let mapped = mapping.apply(to: catalog).catalog
    var found: [Diagnostic] = []
    for component in mapped.components
    where component.kind == ComponentKinds.fallback {
      found.append(
        Diagnostic(
          .warning, component.source,
          "component '\(component.title)' is of unknown kind: no Role check names a role and no kind rule "
            + "matches its title, so its checks are mapped as a user interface component's; add a Role check "
            + "or a kinds: rule (criteria wcag --explain ID shows what decided)"
        ))
    }
    for check in mapped.components.flatMap(\.criteria) {
      if check.expectsNotApplicable {
        found.append(
          Diagnostic(
            .warning, check.source,
            "check '\(check.test.label): \(check.check)' expects N/A: its row is pre-filled "
              + "Not applicable and is no evidence for any WCAG success criterion"
          ))
      } else if check.wcag.isEmpty, check.related.isEmpty {
        found.append(
          Diagnostic(
            .warning, check.source,
            "check '\(check.test.label): \(check.check)' maps to no WCAG success criterion; add a rule "
              + "(criteria wcag --print-rules shows the built-in ones)"))
      }
    }
    return found
  }
}
