import Audit
import CriteriaModel
import Foundation

/// The audit workbook testers fill in: Checklist, Summary, Scenarios and Notes sheets (libxlsxwriter).
public struct AuditWorkbookExporter: AuditExporter {
  public static let name = "xlsx"
  public static let summary =
    "Audit workbook (XLSX): checklist with Result/Severity dropdowns, live summary with conformance and chart, scenarios and notes."
  public static let optionHelp = AuditLayout.optionHelp.merging([
    "title": "the workbook's title property (default 'Accessibility audit')",
    "constant_memory":
      "stream rows to disk to keep memory flat: true, false or auto (default auto: on above 100,000 rows)",
    "scenarios":
      "add the Scenarios sheet with the Gherkin steps (default true)",
    "notes": "add the Notes sheet with the developer notes (default true)",
  ]) { $1 }

  public let layout: AuditLayout
  let title: String
  let constantMemory: Bool?
  let includeScenarios: Bool
  let includeNotes: Bool

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    layout = try AuditLayout(options: options)
    guard layout.columns.contains(.result) else {
      throw ExportError(
        "\(options.origin).columns: the workbook needs the 'Result' column; testers fill it in"
      )
    }
    guard
      layout.columns.contains(.id)
        || (layout.columns.contains(.component)
          && layout.columns.contains(.platform))
    else {
      throw ExportError(
        "\(options.origin).columns: the summary needs the 'ID' column, or both 'Component' and 'Platform'"
      )
    }
    title = try options.string("title") ?? "Accessibility audit"
    switch try options.string("constant_memory")?.lowercased() {
    case nil, "auto": constantMemory = nil
    case "true", "yes", "on": constantMemory = true
    case "false", "no", "off": constantMemory = false
    case let other?:
      throw ExportError(
        "\(options.origin).constant_memory: expected true, false or auto, found '\(other)'"
      )
    }
    includeScenarios = try options.bool("scenarios") ?? true
    includeNotes = try options.bool("notes") ?? true
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    try export(catalog, carrying: nil, context: context)
  }

  public func export(
    _ catalog: Catalog, carrying carry: AuditCarry?, context: ExportContext
  ) throws(ExportError) -> ExportArtifact {
    try CellText.checkLengths(catalog, layout: layout)
    let rowCount = AuditRow.count(in: catalog)
    let settings = AuditWorkbookWriter.Settings(
      layout: layout, title: title, date: context.date,
      toolVersion: context.toolVersion,
      constantMemory: constantMemory ?? (rowCount > 100_000),
      includeScenarios: includeScenarios, includeNotes: includeNotes,
      carry: carry)
    return .writtenByLibrary { path throws(ExportError) in
      try AuditWorkbookWriter(settings: settings).write(catalog, to: path)
    }
  }

  /// Writes a workbook straight to `path` (benchmarks use this without the temporary-file dance).
  public func write(
    _ catalog: Catalog, to path: String,
    context: ExportContext = ExportContext()
  ) throws(ExportError) {
    guard
      case .writtenByLibrary(let write) = try export(catalog, context: context)
    else { return }
    try write(path)
  }
}

/// Excel's cell limit: text longer than 32,767 characters is refused (checklist) or split (notes), never cut.
enum CellText {
  /// Checks the texts a checklist row can hold (title, check, expectation) once per criterion, not per row.
  static func checkLengths(_ catalog: Catalog, layout: AuditLayout)
    throws(ExportError)
  {
    for component in catalog.components {
      for criterion in component.criteria {
        let fields: [(AuditColumn, String)] = [
          (.component, component.title), (.check, criterion.check),
          (.expected, criterion.expectation), (.id, criterion.id),
        ]
        // UTF-8 length bounds the UTF-16 length from above and is free to read; count exactly only when long.
        for (column, value) in fields
        where layout.columns.contains(column)
          && value.utf8.count > XLSXSheet.maxCellCharacters
          && value.utf16.count > XLSXSheet.maxCellCharacters
        {
          throw ExportError(
            "\(criterion.source): the \(column.rawValue.lowercased()) of '\(criterion.id)' has "
              + "\(value.utf16.count) characters; an Excel cell holds at most 32,767. Shorten it in the document."
          )
        }
      }
    }
  }

  /// Splits text into pieces that each fit in a cell, breaking at line ends where possible.
  static func pieces(_ text: String) -> [String] {
    // UTF-8 length bounds the UTF-16 length from above and is free to read; count exactly only when long.
    guard text.utf8.count >= XLSXSheet.maxCellCharacters else { return [text] }
    return TextPieces.split(text, limit: XLSXSheet.maxCellCharacters - 1) {
      $0.utf16.count
    }
  }
}
