import CriteriaModel
import Foundation

/// The model itself as JSON: `{"components": [...]}` with sorted keys, for scripts and other tools.
public struct JSONExporter: PreparingExporter {
  public static let name = "json"
  public static let summary =
    "The criteria model as JSON (components, criteria, scenarios, notes), for scripts and other tools."
  public static let optionHelp = [
    "pretty": "indent the JSON for people to read (default true)"
  ]

  let pretty: Bool
  private let prepared = PreparedParts<[UInt8]>()

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    pretty = try options.bool("pretty") ?? true
  }

  /// Makes `component`'s object ahead of `export`.
  public func prepare(_ component: Component) {
    prepared.keep(
      ModelJSON.component(component, pretty: pretty), for: component)
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    let pretty = pretty
    return .file(
      Data(
        ModelJSON.document(catalog, pretty: pretty) { component in
          prepared.take(for: component) {
            ModelJSON.component($0, pretty: pretty)
          }
        }))
  }

  /// Encodes the catalog with sorted keys so that output is byte-for-byte reproducible: the bytes
  /// `JSONEncoder` writes from the model's `Codable` conformances, written directly (`ModelJSON`).
  public static func encode(_ catalog: Catalog, pretty: Bool = true) -> Data {
    Data(ModelJSON.document(catalog, pretty: pretty))
  }
}
