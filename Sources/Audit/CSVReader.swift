import Foundation

/// Reads RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF and LF both end a record; a UTF-8 byte order mark is skipped.
///
/// Each record keeps the line it starts on.
public struct CSVReader: Sendable {
  /// One record and the 1-based line it starts on.
  public struct Record: Sendable, Hashable {
    public var line: Int
    public var fields: [String]
  }

  /// The field separator byte.
  public var delimiter: UInt8

  /// Creates a reader.
  public init(delimiter: UInt8 = UInt8(ascii: ",")) {
    self.delimiter = delimiter
  }

  /// Whether the bytes start with a UTF-8 byte order mark.
  public static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0xEF, 0xBB, 0xBF])
  }

  /// The records; throws on a quoted field that never closes, naming the line it opened on.
  public func records(_ bytes: [UInt8]) throws(AuditError) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var index = Self.hasByteOrderMark(bytes) ? 3 : 0
    var line = 1
    var recordLine = 1
    var atFieldStart = true
    var sawAnything = false

    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      atFieldStart = true
    }
    func endRecord() {
      endField()
      records.append(Record(line: recordLine, fields: fields))
      fields.removeAll(keepingCapacity: true)
      sawAnything = false
    }

    while index < bytes.count {
      let byte = bytes[index]
      if atFieldStart && byte == 0x22 {
        // A quoted field: runs to the next lone quote.
        let opened = line
        index += 1
        var closed = false
        while index < bytes.count {
          let inner = bytes[index]
          if inner == 0x22 {
            if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
              field.append(0x22)
              index += 2
              continue
            }
            index += 1
            closed = true
            break
          }
          if inner == 0x0A { line += 1 }
          field.append(inner)
          index += 1
        }
        guard closed else {
          throw AuditError("line \(opened): a quoted field is never closed")
        }
        atFieldStart = false
        sawAnything = true
        continue
      }
      atFieldStart = false
      if byte == delimiter {
        endField()
        sawAnything = true
      } else if byte == 0x0D || byte == 0x0A {
        if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
          index += 1
        }
        if sawAnything || !field.isEmpty || !fields.isEmpty { endRecord() }
        line += 1
        recordLine = line
        atFieldStart = true
      } else {
        field.append(byte)
        sawAnything = true
      }
      index += 1
    }
    if sawAnything || !field.isEmpty || !fields.isEmpty { endRecord() }
    return records
  }
}
