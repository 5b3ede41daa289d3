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

  /// What was read: the catalog, every diagnostic, and the files skipped as not criteria documents.
  public struct Result: Sendable {
    public var catalog: Catalog
    public var diagnostics: [Diagnostic]
    /// `file: skipped: reason` for each file a folder walk or glob found that is not a criteria document
    /// (a style guide) or is a guide with notes but no checks.
    public var skipped: [String]
    /// The paths of the files skipped as not criteria documents at all (not the guides): no source, so
    /// an output may be written there (a run's own Markdown output found in a source folder).
    public var notDocuments: Set<String> = []
  }

  /// The catalog of `paths`, in order, and every diagnostic.
  public func read(_ paths: [String]) -> (
    catalog: Catalog, diagnostics: [Diagnostic]
  ) {
    let result = read(
      paths.map { SourceCollector.Found(path: $0, named: true) })
    return (result.catalog, result.diagnostics)
  }

  /// The catalog of the files found; files no source named are skipped (with a note) when they are
  /// not criteria documents, where a named one is an error.
  ///
  /// `accepted` is handed each component kept, in the order read, as soon as its document is read (a
  /// caller can work on it while the next document is read).
  public func read(
    _ files: [SourceCollector.Found], accepted: (Component) -> Void = { _ in }
  ) -> Result {
    let reader = DocumentReader()
    var components: [Component] = []
    var diagnostics: [Diagnostic] = []
    var skipped: [String] = []
    var notDocuments: Set<String> = []
    var firstByID: [String: SourceLocation] = [:]
    for file in files {
      let shown = shownAs(file.path)
      let result = reader.read(path: file.path, shownAs: shown)
      if !file.named {
        if result.component == nil,
          result.diagnostics.contains(where: {
            $0.message.hasPrefix(DocumentReader.notADocument)
          })
        {
          skipped.append("\(shown): skipped: not a criteria document")
          notDocuments.insert(file.path)
          continue
        }
        if let component = result.component, component.criteria.isEmpty,
          component.scenarios.isEmpty
        {
          skipped.append(
            "\(shown): skipped: a guide with notes but no checks or scenarios, not a component"
          )
          continue
        }
      }
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
      accepted(component)
    }
    return Result(
      catalog: Catalog(components: components), diagnostics: diagnostics,
      skipped: skipped, notDocuments: notDocuments)
  }
}
