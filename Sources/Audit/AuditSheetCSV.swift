import Foundation

/// Reading a filled audit saved as CSV: its encoding, its delimiter and its records.
extension AuditSheet {
  static func readCSV(path: String) throws(AuditError) -> AuditSheet {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw AuditError("\(path): cannot be read")
    }
    let bytes = [UInt8](data)
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.prefix(4096).contains(0)
    {
      throw AuditError(
        "\(path): the file is UTF-16 or binary, not UTF-8 text; save it as \"CSV UTF-8\" and try again"
      )
    }
    if String(validating: bytes, as: UTF8.self) == nil {
      let line = Self.firstInvalidUTF8Line(bytes) + 1
      throw AuditError(
        "\(path):\(line): the file is not UTF-8 text (another encoding, such as Windows-1252?); "
          + "save it as \"CSV UTF-8\" so no tester's text is lost")
    }
    let delimiter = guessDelimiter(bytes)
    let records: [CSVReader.Record]
    do { records = try CSVReader(delimiter: delimiter).records(bytes) } catch {
      throw AuditError("\(path): \(error.message)")
    }
    let crlf =
      bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? true
    return try table(
      path: path, sheetName: nil,
      rows: records.map { record in
        // Most records hold no guarded cell, and keep their fields as read.
        let guarded = record.fields.contains { $0.hasPrefix("'") }
        return (
          record.line,
          guarded ? record.fields.map(FormulaGuard.restore) : record.fields
        )
      },
      source: .csv(
        records: records, delimiter: delimiter,
        lineEnding: crlf ? [0x0D, 0x0A] : [0x0A],
        byteOrderMark: CSVReader.hasByteOrderMark(bytes)))
  }

  /// The zero-based line of the first byte sequence that is not UTF-8.
  static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
    var line = 0
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      if String(validating: bytes[start...index], as: UTF8.self) == nil {
        return line
      }
      line += 1
      start = index + 1
    }
    return line
  }

  /// The delimiter of a CSV: comma, semicolon, tab or bar.
  ///
  /// It is the one that splits a Result column out of one of the first lines that are not empty
  /// (`headerSearch`, as the header is found), so a title above the header (which may hold a comma in a
  /// semicolon file, or no delimiter at all) does not decide; where two do, the one that splits that
  /// line into most cells. With no such line, whichever the first line (outside quotes) has most of.
  static func guessDelimiter(_ bytes: [UInt8]) -> UInt8 {
    // The delimiters the CSV output writes (`--option delimiter=`).
    let candidates = [
      UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|"),
    ]
    var lines: [ArraySlice<UInt8>] = []
    var quoted = false
    var start = bytes.startIndex
    for index in bytes.indices {
      // The lines the header may be among, no more: a large file is read once, by the CSV reader.
      if lines.count == headerSearch { break }
      let byte = bytes[index]
      if byte == 0x22 { quoted.toggle() }
      guard !quoted, byte == 0x0A || byte == 0x0D else { continue }
      if index > start { lines.append(bytes[start..<index]) }
      start = index + 1
    }
    if lines.count < headerSearch, start < bytes.endIndex {
      lines.append(bytes[start...])
    }
    for line in lines {
      let splits = candidates.map { ($0, cells(line, $0)) }
        .filter { namesResult($0.1) }
      if let best = splits.max(by: { $0.1.count < $1.1.count }) {
        return best.0
      }
    }
    // Ties go to the comma, the first candidate.
    let first = lines.first ?? []
    let counts = candidates.map { ($0, cells(first, $0).count - 1) }
    let best = counts.max { $0.1 < $1.1 }
    return best.map { $0.1 > 0 ? $0.0 : UInt8(ascii: ",") } ?? UInt8(ascii: ",")
  }

  /// A line's cells split at `delimiter` outside quotes, each unquoted.
  private static func cells(_ line: ArraySlice<UInt8>, _ delimiter: UInt8)
    -> [String]
  {
    var cells: [String] = []
    var cell: [UInt8] = []
    var quoted = false
    for byte in line {
      if byte == 0x22 {
        quoted.toggle()
      } else if byte == delimiter && !quoted {
        cells.append(String(decoding: cell, as: UTF8.self))
        cell = []
      } else {
        cell.append(byte)
      }
    }
    return cells + [String(decoding: cell, as: UTF8.self)]
  }
}
