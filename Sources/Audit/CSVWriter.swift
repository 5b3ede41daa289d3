import CriteriaModel

/// Writes RFC 4180 records: a field is quoted when it holds the delimiter, a quote, CR or LF (or leading
/// or trailing space), quotes inside are doubled, and one record separator is used throughout.
public struct CSVWriter: Sendable {
  /// The field separator byte.
  public var delimiter: UInt8 = UInt8(ascii: ",")
  /// The record separator (CRLF by default).
  public var lineEnding: [UInt8] = [0x0D, 0x0A]
  /// Whether output starts with a UTF-8 BOM.
  public var byteOrderMark: Bool = false
  /// Whether formula-like fields are neutralised.
  public var formulaGuard: Bool = true

  public init(
    delimiter: UInt8 = UInt8(ascii: ","), lineEnding: [UInt8] = [0x0D, 0x0A],
    byteOrderMark: Bool = false, formulaGuard: Bool = true
  ) {
    self.delimiter = delimiter
    self.lineEnding = lineEnding
    self.byteOrderMark = byteOrderMark
    self.formulaGuard = formulaGuard
  }

  /// The bytes that start a file (the BOM, if asked for).
  public func start() -> [UInt8] { byteOrderMark ? [0xEF, 0xBB, 0xBF] : [] }

  /// Appends one record.
  public func append(_ fields: [String], to output: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { output.append(delimiter) }
      appendField(field, to: &output)
    }
    output.append(contentsOf: lineEnding)
  }

  /// Appends one field; call `endRecord` after the last field of a record.
  public func appendField(
    _ field: String, first: Bool, to output: inout [UInt8]
  ) {
    if !first { output.append(delimiter) }
    appendField(field, to: &output)
  }

  /// Appends a row id (`<criterion id>@<platform>`) without building the string; ids never need quotes.
  public func appendRowID(
    criterion: String, platform: Platform, first: Bool, to output: inout [UInt8]
  ) {
    if !first { output.append(delimiter) }
    output.append(contentsOf: criterion.utf8)
    output.append(contentsOf: String(StableID.platformSeparator).utf8)
    output.append(contentsOf: platform.idSuffix.utf8)
  }

  /// Ends the current record.
  public func endRecord(_ output: inout [UInt8]) {
    output.append(contentsOf: lineEnding)
  }

  private func appendField(_ field: String, to output: inout [UInt8]) {
    var field = field
    if formulaGuard, FormulaGuard.isRisky(field) { field = "'" + field }
    // Scan the contiguous UTF-8 once; most fields need no quotes and are copied whole.
    field.withUTF8 { bytes in
      var needsQuotes = false
      var quotes = 0
      for byte in bytes {
        if byte == 0x22 {
          quotes += 1
          needsQuotes = true
        } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
          needsQuotes = true
        }
      }
      if !needsQuotes, let first = bytes.first, let last = bytes.last,
        first == 0x20 || last == 0x20
      {
        needsQuotes = true
      }
      guard needsQuotes else {
        output.append(contentsOf: bytes)
        return
      }
      output.append(0x22)
      if quotes == 0 {
        output.append(contentsOf: bytes)
      } else {
        for byte in bytes {
          if byte == 0x22 { output.append(0x22) }
          output.append(byte)
        }
      }
      output.append(0x22)
    }
  }
}
