import CriteriaModel

/// One registered file exporter: its name, help, and how to make it from options.
public typealias ExporterEntry = RegistryEntry<any Exporter>

extension RegistryEntry where Made == any Exporter {
  /// The entry for a built-in exporter type.
  public init<E: Exporter>(_ type: E.Type) {
    self.init(name: E.name, summary: E.summary, optionHelp: E.optionHelp) {
      options throws(ExportError) in
      try E(options: options)
    }
  }
}

/// The file exporters, by name: one line per built-in format.
public struct ExporterRegistry: Sendable {
  /// The built-in file exporters.
  public static let builtIn: [ExporterEntry] = [
    ExporterEntry(JSONExporter.self),
    ExporterEntry(CSVExporter.self),
    ExporterEntry(AuditWorkbookExporter.self),
    ExporterEntry(MarkdownChecklistExporter.self),
    ExporterEntry(GherkinFeatureExporter.self),
    ExporterEntry(HTMLTestPlanExporter.self),
  ]

  /// The exporters this registry knows; a later entry with the same name replaces an earlier one.
  public let entries: [ExporterEntry]

  /// Creates a registry of the built-ins plus `extra`.
  public init(extra: [ExporterEntry] = []) {
    var entries = Self.builtIn
    for entry in extra {
      if let index = entries.firstIndex(where: { $0.name == entry.name }) {
        entries[index] = entry
      } else {
        entries.append(entry)
      }
    }
    self.entries = entries
  }

  /// All names, in registry order.
  public var names: [String] { entries.map(\.name) }

  /// The exporter named `name`, or an error with a suggestion.
  public func entry(named name: String) throws(ExportError) -> ExporterEntry {
    if let found = entries.first(where: { $0.name == name }) { return found }
    throw ExportError(Self.unknown(name, among: names))
  }

  /// The message for an exporter `name` that none of `names` is, with the nearest as a hint.
  ///
  /// For example: Unknown exporter 'xslx'. Did you mean 'xlsx'? Available: …
  public static func unknown(_ name: String, among names: [String]) -> String {
    "Unknown exporter '\(name)'.\(Suggestion.hint(for: name, in: names))"
      + " Available: \(names.joined(separator: ", "))."
  }
}
