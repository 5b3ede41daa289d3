import Audit
import CriteriaModel
import Foundation

/// The audit checklist as CSV for vendors: RFC 4180, UTF-8, one row per component, criterion and platform.
public struct CSVExporter: AuditExporter {
  public static let name = "csv"
  public static let summary =
    "Audit checklist as RFC 4180 CSV (UTF-8), one row per component, criterion and platform."
  public static let optionHelp = AuditLayout.optionHelp.merging([
    "delimiter":
      "field separator: ',' (default), ';' for European Excel, 'tab' or '|'",
    "line_ending": "crlf (default, RFC 4180) or lf",
    "bom":
      "start with a UTF-8 byte order mark so Excel detects UTF-8 (default false)",
    "formula_guard":
      "prefix text starting with = + - @ tab or CR with an apostrophe (default true)",
    "header":
      "write the header row (default true; without it the checklist cannot be read back as an audit)",
  ]) { $1 }

  public let layout: AuditLayout
  let writer: CSVWriter
  let header: Bool

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    layout = try AuditLayout(options: options)
    header = try options.bool("header") ?? true
    let delimiter: UInt8
    switch try options.string("delimiter") ?? "," {
    case ",": delimiter = UInt8(ascii: ",")
    case ";": delimiter = UInt8(ascii: ";")
    case "tab", "\t": delimiter = 0x09
    case "|": delimiter = UInt8(ascii: "|")
    case let other:
      throw ExportError(
        "\(options.origin).delimiter: '\(other)' is not a delimiter; use ',', ';', 'tab' or '|'"
      )
    }
    let lineEnding: [UInt8]
    switch (try options.string("line_ending") ?? "crlf").lowercased() {
    case "crlf": lineEnding = [0x0D, 0x0A]
    case "lf": lineEnding = [0x0A]
    case let other:
      throw ExportError(
        "\(options.origin).line_ending: '\(other)' is not crlf or lf")
    }
    writer = CSVWriter(
      delimiter: delimiter, lineEnding: lineEnding,
      byteOrderMark: try options.bool("bom") ?? false,
      formulaGuard: try options.bool("formula_guard") ?? true)
  }

  public func export(
    _ catalog: Catalog, carrying carry: AuditCarry?, context: ExportContext
  ) throws(ExportError) -> ExportArtifact {
    guard let carry else { return try export(catalog, context: context) }
    var output = writer.start()
    if header {
      writer.append(
        layout.columns.map(\.rawValue) + carry.headers, to: &output)
    }
    for component in catalog.components {
      for criterion in component.criteria {
        for platform in criterion.platforms {
          let id = StableID.row(criterion: criterion.id, platform: platform)
          writer.append(
            layout.columns.map {
              carry.value(
                $0, row: id,
                fresh: layout.value($0, component, criterion, platform))
            } + carry.trailing(row: id), to: &output)
        }
      }
    }
    return .file(Data(output))
  }

  /// The old audit's retired rows as a CSV of their own (`…-retired.csv` beside a refreshed CSV).
  public func retired(_ carry: AuditCarry) -> Data {
    var output = writer.start()
    writer.append(carry.retiredHeader, to: &output)
    for row in carry.retired { writer.append(row, to: &output) }
    return Data(output)
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    var output = writer.start()
    output.reserveCapacity(AuditRow.count(in: catalog) * 200)
    if header { writer.append(layout.columns.map(\.rawValue), to: &output) }
    // Straight from the model rather than through AuditRow: a million rows should not mean a million
    // copied criteria and row-id strings. The cells are the same (the golden file and tests check it).
    for component in catalog.components {
      for criterion in component.criteria {
        for platform in criterion.platforms {
          for (index, column) in layout.columns.enumerated() {
            if column == .id {
              writer.appendRowID(
                criterion: criterion.id, platform: platform, first: index == 0,
                to: &output)
            } else {
              writer.appendField(
                layout.value(column, component, criterion, platform),
                first: index == 0, to: &output)
            }
          }
          writer.endRecord(&output)
        }
      }
    }
    return .file(Data(output))
  }
}
