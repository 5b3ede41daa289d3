/// Every exporter, by name: one line per built-in format.
public struct ExporterRegistry: Sendable {
    /// The built-in exporters.
    public static let builtIn: [any Exporter.Type] = [
        JSONExporter.self,
        CSVExporter.self,
        AuditWorkbookExporter.self,
        MarkdownChecklistExporter.self,
        GherkinFeatureExporter.self,
    ]

    /// The exporters this registry knows.
    public let exporters: [any Exporter.Type]

    /// Creates a registry of the built-ins plus `extra`.
    public init(extra: [any Exporter.Type] = []) {
        exporters = Self.builtIn + extra
    }

    /// All names, in registry order.
    public var names: [String] { exporters.map { $0.name } }

    /// The exporter named `name`, or an error with a suggestion.
    public func exporter(named name: String) throws(ExportError) -> any Exporter.Type {
        if let found = exporters.first(where: { $0.name == name }) { return found }
        let hint = Suggestion.nearest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
        throw ExportError("Unknown exporter '\(name)'.\(hint) Available: \(names.joined(separator: ", ")).")
    }
}
