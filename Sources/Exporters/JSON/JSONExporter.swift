import CriteriaModel
import Foundation

/// The model itself as JSON: `{"components": [...]}` with sorted keys, for scripts and other tools.
public struct JSONExporter: Exporter {
  public static let name = "json"
  public static let summary =
    "The criteria model as JSON (components, criteria, scenarios, notes), for scripts and other tools."
  public static let optionHelp = [
    "pretty": "indent the JSON for people to read (default true)"
  ]

  let pretty: Bool

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    pretty = try options.bool("pretty") ?? true
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    .file(Self.encode(catalog, pretty: pretty))
  }

  /// Encodes the catalog with sorted keys so that output is byte-for-byte reproducible: the bytes
  /// `JSONEncoder` writes from the model's `Codable` conformances, written directly (`ModelJSON`).
  public static func encode(_ catalog: Catalog, pretty: Bool = true) -> Data {
    Data(ModelJSON.document(catalog, pretty: pretty))
  }
}
