import CriteriaModel
import CriteriaReaders
import Foundation

/// Reads every document behind a list of sources into one catalog, collecting all diagnostics.
struct CatalogLoader {
  struct Loaded {
    var catalog: Catalog
    var diagnostics: [Diagnostic]
    /// Every document read, so that no output replaces one.
    var documents: [String]
    var documentCount: Int { documents.count }
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  func load(_ sources: [String], relativeTo base: String? = nil)
    throws(CLIError) -> Loaded
  {
    let paths: [String]
    do {
      paths = try SourceCollector().collect(sources, relativeTo: base)
    } catch {
      throw CLIError(error.description)
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
