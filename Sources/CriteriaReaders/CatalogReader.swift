import CriteriaModel

/// Reads many documents into one catalog: the one owner of the rule that a component id defined twice
/// keeps its first document (the copy is skipped with a warning naming both).
public struct CatalogReader: Sendable {
  /// How a document's path is shown in diagnostics and component sources (relative paths keep golden
  /// files independent of where the checkout is).
  public var shownAs: @Sendable (String) -> String

  /// Creates a reader that shows paths as given, or through `shownAs`.
  public init(shownAs: @escaping @Sendable (String) -> String = { $0 }) {
    self.shownAs = shownAs
  }

  /// The catalog of `paths`, in order, and every diagnostic.
  public func read(_ paths: [String]) -> (
    catalog: Catalog, diagnostics: [Diagnostic]
  ) {
    let reader = DocumentReader()
    var components: [Component] = []
    var diagnostics: [Diagnostic] = []
    var firstByID: [String: SourceLocation] = [:]
    for path in paths {
      let result = reader.read(path: path, shownAs: shownAs(path))
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
    return (Catalog(components: components), diagnostics)
  }
}
