import CriteriaModel
import Foundation
import ZIPFoundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XLSX file read as what it is: a zip of XML parts.
///
/// Finds a worksheet through the workbook and its relationships, resolves shared strings, and can
/// write a copy with some cells of that sheet replaced.
struct XLSXPackage {
  /// The largest part inflated (a worksheet of about a million cells); a zip bomb stops here.
  static let maximumPartSize = 128 << 20
  /// The most parts a workbook may hold.
  static let maximumEntries = 10_000

  let path: String
  private let archive: Archive

  init(path: String) throws(AuditError) {
    self.path = path
    do {
      archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch {
      if Self.isCompoundFile(path) {
        throw AuditError(
          "\(path): a password-protected workbook, or an Excel 97-2003 (.xls) one, which criteria cannot "
            + "read; open it, remove the password (File > Info > Protect Workbook > Encrypt with Password) "
            + "or save it as an Excel Workbook (.xlsx), and read that")
      }
      throw AuditError(
        "\(path): not a readable XLSX workbook (it is not a zip archive: \(error))"
      )
    }
    var names = Set<String>()
    var count = 0
    for entry in archive {
      count += 1
      guard count <= Self.maximumEntries else {
        throw AuditError(
          "\(path): the workbook holds more than \(Self.maximumEntries) parts; not an audit workbook"
        )
      }
      guard names.insert(entry.path.lowercased()).inserted else {
        throw AuditError(
          "\(path): the workbook holds two parts named '\(entry.path)'; it is damaged or was tampered with"
        )
      }
    }
  }

  /// Whether the file starts as an OLE compound file does: what Excel writes for a workbook encrypted with
  /// a password (the zip inside it is encrypted) and for the older .xls format.
  static func isCompoundFile(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    return (try? handle.read(upToCount: signature.count)).map(Array.init)
      == signature
  }

  /// The bytes of one part, or nil when the package has no such part.
  ///
  /// Inflation stops past `maximumPartSize`; a damaged entry (bad CRC, truncated data) is an error,
  /// never a partial read.
  func part(_ name: String) throws(AuditError) -> Data? {
    guard let entry = archive[name] else { return nil }
    return try bytes(of: entry)
  }

  private struct TooLarge: Error {}

  private func bytes(of entry: Entry) throws(AuditError) -> Data {
    var data = Data()
    let limit = Self.maximumPartSize
    do {
      // ZIPFoundation computes the checksum of what it inflated but leaves the comparison to us.
      let checksum = try archive.extract(entry) { chunk in
        guard data.count + chunk.count <= limit else { throw TooLarge() }
        data.append(chunk)
      }
      guard checksum == entry.checksum else {
        throw Archive.ArchiveError.invalidCRC32
      }
    } catch is TooLarge {
      throw AuditError(
        "\(path): the part \(entry.path) inflates past \(limit >> 20) MiB; criteria does not read it (a zip bomb, or not an audit workbook)"
      )
    } catch Archive.ArchiveError.invalidCRC32 {
      throw AuditError(
        "\(path): the part \(entry.path) is damaged (its checksum does not match); nothing was read"
      )
    } catch {
      throw AuditError(
        "\(path): the part \(entry.path) cannot be read (\(error)); the workbook may be damaged"
      )
    }
    return data
  }

  private struct Enough: Error {}

  /// Scans the start of a part into `events` until they are `finished`; false when there is no such part.
  ///
  /// It reads the first `limit` bytes, or the whole part when they were not enough (or the part is
  /// shorter). What is not scanned is not checked.
  func scanStart<Events: XMLEvents>(
    _ name: String, into events: inout Events, limit: Int = 1 << 18
  ) throws(AuditError) -> Bool {
    guard let entry = archive[name] else { return false }
    if entry.uncompressedSize > UInt64(limit) {
      var start = Data()
      do {
        _ = try archive.extract(entry, skipCRC32: true) { chunk in
          start.append(chunk)
          if start.count >= limit { throw Enough() }
        }
      } catch {}
      // The first `limit` bytes, cut after their last '>' so no tag or character is cut in two.
      start = start.prefix(limit)
      if let end = start.lastIndex(of: UInt8(ascii: ">")) {
        var attempt = events
        // A start ends mid-document: only a scan that finished counts; the whole part decides otherwise.
        if (try? SafeXML.check(
          start[...end], file: path, part: name, reporting: &attempt)) != nil,
          attempt.finished
        {
          events = attempt
          return true
        }
      }
    }
    return try scan(name, into: &events)
  }

  /// A worksheet part that must be there (the one an audit was read from).
  func worksheet(_ name: String, of path: String) throws(AuditError)
    -> XMLDocument
  {
    guard let document = try document(name) else {
      throw AuditError("\(path): \(name) is missing")
    }
    return document
  }

  func document(_ name: String) throws(AuditError) -> XMLDocument? {
    guard let data = try part(name) else { return nil }
    try SafeXML.check(data, file: path, part: name)
    do {
      return try XMLDocument(
        data: data, options: [.nodePreserveAll, .nodeLoadExternalEntitiesNever])
    } catch {
      throw AuditError(
        "\(path): the part \(name) is not well-formed XML (\(error))")
    }
  }

  /// Scans a part, reporting its content to `events` (no document tree is built); false when the package
  /// has no such part.
  func scan<Events: XMLEvents>(_ name: String, into events: inout Events)
    throws(AuditError) -> Bool
  {
    guard let data = try part(name) else { return false }
    try SafeXML.check(data, file: path, part: name, reporting: &events)
    return true
  }

  /// The workbook part.
  private func workbook() throws(AuditError) -> XMLDocument {
    guard let workbook = try document("xl/workbook.xml") else {
      throw AuditError(
        "\(path): no xl/workbook.xml; is this an XLSX workbook?")
    }
    return workbook
  }

  /// Whether the workbook counts its date serials from 1904-01-01 (`workbookPr@date1904`, ECMA-376 Part 1,
  /// §18.2.28), as Excel for Mac did before 2011, rather than from 1900.
  func usesDate1904() throws(AuditError) -> Bool {
    let properties = XML.elements(
      try workbook().rootElement(), named: "workbookPr"
    ).first
    let value = properties.flatMap { XML.attribute($0, "date1904") }
    return value == "1" || value == "true"
  }

  /// The workbook's relationships: id, type and the part each names.
  private func relationships() throws(AuditError) -> [(
    id: String, type: String, part: String
  )] {
    let relationships = try document("xl/_rels/workbook.xml.rels")
    return XML.elements(relationships?.rootElement(), named: "Relationship")
      .compactMap { relationship in
        guard let id = XML.attribute(relationship, "Id"),
          let target = XML.attribute(relationship, "Target")
        else { return nil }
        return (
          id, XML.attribute(relationship, "Type") ?? "",
          target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
        )
      }
  }

  /// The worksheets in workbook order: name and part path.
  func sheets() throws(AuditError) -> [(name: String, part: String)] {
    let workbook = try workbook()
    var targets: [String: String] = [:]
    for relationship in try relationships() {
      targets[relationship.id] = relationship.part
    }
    return XML.elements(workbook.rootElement(), named: "sheet").compactMap {
      sheet in
      guard let name = XML.attribute(sheet, "name"),
        let id = XML.attribute(sheet, "id"), let part = targets[id]
      else { return nil }
      return (name, part)
    }
  }

  /// The shared string table (each `si` as its plain text; phonetic runs left out): the part the
  /// workbook's relationships name (producers differ in its name), else `xl/sharedStrings.xml`.
  func sharedStrings() throws(AuditError) -> [String] {
    let part =
      try relationships().first {
        $0.type.hasSuffix("/sharedStrings")
      }?.part ?? "xl/sharedStrings.xml"
    var table = SharedStringsScan()
    _ = try scan(part, into: &table)
    return table.strings
  }

  /// Writes a copy of the package to `target`, with `replacements` (part name → new bytes) swapped in.
  func writeCopy(to target: String, replacing replacements: [String: Data])
    throws(AuditError)
  {
    do {
      let copy = try Archive(
        url: URL(fileURLWithPath: target), accessMode: .create)
      for entry in archive {
        let data: Data
        if let replacement = replacements[entry.path] {
          data = replacement
        } else {
          data = try bytes(of: entry)
        }
        try copy.addEntry(
          with: entry.path, type: entry.type,
          uncompressedSize: Int64(data.count),
          compressionMethod: .deflate
        ) { position, size in
          data.subdata(in: Int(position)..<Int(position) + size)
        }
      }
    } catch {
      // The caller names the file: `target` is the temporary file beside it.
      let reason =
        error is CocoaError ? SystemReason.text(of: error) : "\(error)"
      throw AuditError(
        "the workbook copy cannot be written (\(reason)); check that the folder is writable and the disk has room",
        status: .cannotCreate)
    }
  }
}

/// Namespace-agnostic helpers over Foundation's XML tree (SpreadsheetML uses a default namespace, and
/// producers differ in prefixes, so elements are matched by local name).
enum XML {
  /// A new attribute node.
  static func makeAttribute(_ name: String, _ value: String) -> XMLNode {
    let node = XMLNode(kind: .attribute)
    node.name = name
    node.stringValue = value
    return node
  }

  static func localName(_ node: XMLNode) -> String {
    node.localName ?? node.name ?? ""
  }

  static func children(_ element: XMLElement?, named name: String)
    -> [XMLElement]
  {
    (element?.children ?? []).compactMap { $0 as? XMLElement }.filter {
      localName($0) == name
    }
  }

  /// Descendants with this local name, in document order.
  static func elements(_ element: XMLElement?, named name: String)
    -> [XMLElement]
  {
    guard let element else { return [] }
    var found: [XMLElement] = []
    for child in (element.children ?? []).compactMap({ $0 as? XMLElement }) {
      if localName(child) == name { found.append(child) }
      found += elements(child, named: name)
    }
    return found
  }

  /// A worksheet's rows with their numbers, as `AuditSheet` reads them (`CellReference.row`).
  static func numberedRows(_ document: XMLDocument) -> [(
    number: Int, row: XMLElement
  )] {
    let sheetData = children(document.rootElement(), named: "sheetData").first
    var numbered: [(number: Int, row: XMLElement)] = []
    for row in children(sheetData, named: "row") {
      let number = CellReference.row(
        attribute(row, "r").flatMap(Int.init), after: numbered.last?.number)
      numbered.append((number, row))
    }
    return numbered
  }

  /// A row's cells with their column indexes, as `AuditSheet` reads them: a cell's `r`, else the column
  /// after the furthest one so far.
  static func numberedCells(_ row: XMLElement?) -> [(
    column: Int, cell: XMLElement
  )] {
    var numbered: [(column: Int, cell: XMLElement)] = []
    var width = 0
    for cell in children(row, named: "c") {
      let column = attribute(cell, "r").flatMap(CellReference.column) ?? width
      width = max(width, column + 1)
      numbered.append((column, cell))
    }
    return numbered
  }

  /// An attribute by local name (`r:id` is found as `id`).
  static func attribute(_ element: XMLElement, _ name: String) -> String? {
    (element.attributes ?? []).first {
      localName($0) == name || $0.name == name
    }?.stringValue
  }
}
