import Audit
import Exporters
import Foundation
import TestSupport
import Testing

@Suite("CSV reader")
struct CSVReaderTests {
  @Test(
    "every csv-spectrum vector reads as its published JSON",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func csvSpectrum() throws {
    let root = Paths.shared.appendingPathComponent("testdata/csv-spectrum")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("csvs").path
    )
    .filter { $0.hasSuffix(".csv") }.sorted()
    #expect(names.count == 11)
    for name in names {
      let bytes = [UInt8](
        try Data(contentsOf: root.appendingPathComponent("csvs/\(name)")))
      let records = try CSVReader().records(bytes)
      let expected =
        try JSONSerialization.jsonObject(
          with: Data(
            contentsOf: root.appendingPathComponent(
              "json/" + name.replacingOccurrences(of: ".csv", with: ".json"))))
        as? [[String: String]]
      let header = try #require(records.first).fields
      let read = records.dropFirst().map {
        Dictionary(uniqueKeysWithValues: zip(header, $0.fields))
      }
      #expect(read == expected, "\(name)")
      #expect(records.allSatisfy { $0.fields.count == header.count }, "\(name)")
    }
  }

  @Test(
    "records keep the line they start on; BOM, LF and semicolons; an unclosed quote names its line"
  )
  func linesAndErrors() throws {
    let text = "\u{FEFF}ID;Notes\r\na;\"two\nlines\"\r\n\r\nb;plain\n"
    let records = try CSVReader(delimiter: UInt8(ascii: ";")).records(
      Array(text.utf8))
    #expect(records.map(\.line) == [1, 2, 5])
    #expect(
      records.map(\.fields) == [
        ["ID", "Notes"], ["a", "two\nlines"], ["b", "plain"],
      ])
    #expect(CSVReader.hasByteOrderMark(Array(text.utf8)))
    let error = #expect(throws: AuditError.self) {
      try CSVReader().records(Array("a,b\n1,\"open\n2,3\n".utf8))
    }
    #expect(error?.message == "line 2: a quoted field is never closed")
  }

  @Test("what our writer writes, the reader reads back")
  func roundTrip() throws {
    let table = [
      ["ID", "Notes"], ["x@ios", "say \"hi\", twice"],
      ["y@android", " padded\r\nmultiline "], ["z", ""],
    ]
    for writer in [
      CSVWriter(formulaGuard: false),
      CSVWriter(
        delimiter: UInt8(ascii: ";"), lineEnding: [0x0A], byteOrderMark: true,
        formulaGuard: false),
    ] {
      var bytes = writer.start()
      for row in table { writer.append(row, to: &bytes) }
      #expect(
        try CSVReader(delimiter: writer.delimiter).records(bytes).map(\.fields)
          == table)
    }
  }
}
