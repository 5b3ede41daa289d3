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
    /// Every document read, so that no output replaces one.
    public var documents: [String]
    /// How many documents were read.
    public var documentCount: Int { documents.count }
    /// Whether any document had an error.
    public var hasErrors: Bool {
      diagnostics.contains { $0.severity == .error }
    }
  }

  /// Creates a loader.
  public init() {}

  /// Reads every document behind `sources` (files, folders, globs), relative to `base`.
  public func load(_ sources: [String], relativeTo base: String? = nil)
    throws(PipelineError) -> Loaded
  {
    let paths: [String]
    do {
      paths = try SourceCollector().collect(sources, relativeTo: base)
    } catch {
      throw PipelineError(error.description)
    }
    let reader = DocumentReader()
    var components: [Component] = []
    var diagnostics: [Diagnostic] = []
    var firstByID: [String: SourceLocation] = [:]
    for path in paths {
      let result = reader.read(path: path)
      diagnostics += result.diagnostics
      guard let component = result.component else { continue }
      if let first = firstByID[component.id] {
        diagnostics.append(
          Diagnostic(
            .warning, component.source,
            "component '\(component.id)' is already defined in \(first.file); this copy is skipped"
          ))
        continue
      }
      firstByID[component.id] = component.source
      components.append(component)
    }
    return Loaded(
      catalog: Catalog(components: components), diagnostics: diagnostics,
      documents: paths)
  }
}
