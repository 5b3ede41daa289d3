import Foundation
import Testing

/// Filled audits come back from testers and vendors: untrusted input.
///
/// The reader never resolves an entity,
/// never fetches anything, never crashes or balloons, and never reads part of a damaged file as if whole.
@Suite("Hostile audit workbooks and CSV files", .serialized)
struct HostileAuditTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path
  static let script = CLIRunner.packageRoot.appendingPathComponent(
    "Tests/CriteriaCLITests/Scripts/hostile_workbook.py"
  ).path

  /// A folder with a workbook filled by openpyxl (row 2 failed) and a config whose tracker is never reached.
  func setUp() throws -> URL {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", "xlsx", "--output", "audit.xlsx"],
      in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(
      "version: 1\nsources: [\(Self.samples)]\noutputs:\n  - exporter: redmine\n    path: payloads\n"
        + "    options: {url: 'http://127.0.0.1:9', project: p, token_env: HOSTILE_KEY}\n",
      to: "criteria.yml")
    let fill = CLIRunner.packageRoot.appendingPathComponent(
      "Tests/CriteriaCLITests/Scripts/tester.py"
    ).path
    let filled = try CLIRunner.runPython([
      fill, "fill", dir.appendingPathComponent("audit.xlsx").path,
      dir.appendingPathComponent("filled.xlsx").path,
      #"{"2": {"Result": "Fail"}}"#,
    ])
    #expect(filled.status == 0, "\(filled.stderr)")
    return dir
  }

  func hostile(_ dir: URL, _ kind: String, _ argument: String = "") throws
    -> CLIRunner.Outcome
  {
    let made = try CLIRunner.runPython([
      Self.script, dir.appendingPathComponent("filled.xlsx").path,
      dir.appendingPathComponent("hostile.xlsx").path, kind, argument,
    ])
    #expect(made.status == 0, "\(made.stderr)")
    return try CLIRunner.run(
      ["tickets", "--from", "hostile.xlsx", "--dry-run"], in: dir)
  }

  @Test("the filled workbook itself reads: one failed row, one payload")
  func baseline() throws {
    let dir = try setUp()
    let out = try CLIRunner.run(
      ["tickets", "--from", "filled.xlsx", "--dry-run"], in: dir)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(dir.appendingPathComponent("payloads").outputFiles.count == 1)
  }

  @Test(
    "an external entity is never resolved, never fetched, and nothing is written"
  )
  func externalEntities() throws {
    let dir = try setUp()
    try dir.write("SECRET-CONTENTS-OF-A-LOCAL-FILE", to: "secret.txt")
    let local = try hostile(
      dir, "xxe", dir.appendingPathComponent("secret.txt").absoluteString)
    #expect(local.status == 65)
    #expect(
      local.stderr.contains(
        "hostile.xlsx: the part xl/worksheets/sheet1.xml has a document type declaration"
      ))
    #expect(
      !local.stderr.contains("SECRET-CONTENTS")
        && !local.stdout.contains("SECRET-CONTENTS"))
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("payloads").path))

    // An entity pointing at a listener on this machine: the listener must see no connection at all.
    let listener = Process()
    listener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // The listener takes a free port from the system and says which (a random pick could collide).
    listener.arguments = [
      "python3", "-c",
      """
      import socket,sys
      s=socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(1); s.settimeout(4)
      print(s.getsockname()[1], flush=True)
      try:
          s.accept(); print('CONNECTED')
      except socket.timeout:
          print('quiet')
      """,
    ]
    let pipe = Pipe()
    listener.standardOutput = pipe
    try listener.run()
    var announced = Data()
    while !announced.contains(0x0A) {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      announced.append(chunk)
    }
    let port = try #require(
      Int(
        String(decoding: announced, as: UTF8.self).trimmingCharacters(
          in: .whitespacesAndNewlines)),
      "the listener did not start")
    let remote = try hostile(dir, "xxe", "http://127.0.0.1:\(port)/leak")
    listener.waitUntilExit()
    let heard = String(
      decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(remote.status == 65)
    #expect(
      heard.contains("quiet"),
      "the audit reader made a network request: \(heard)")
  }

  @Test(
    "damaged or malicious parts: a clear error naming the file, exit 65, nothing written",
    arguments: [
      (
        "empty-part", "xl/sharedStrings.xml",
        "the part xl/sharedStrings.xml is empty"
      ),
      ("empty-part", "xl/workbook.xml", "the part xl/workbook.xml is empty"),
      (
        "encoding", "",
        "declares the encoding 'x-klingon'; criteria reads UTF-8 workbooks only"
      ),
      (
        "garbage", "xl/worksheets/sheet1.xml",
        "is not UTF-8 XML (UTF-16 or binary)"
      ),
      (
        "garbage", "xl/workbook.xml",
        "the part xl/workbook.xml is not UTF-8 XML"
      ),
      (
        "cell-ref", "ZZZZZZZZZZZZZZZ",
        "the cell reference 'ZZZZZZZZZZZZZZZ2' is outside Excel's 16,384 columns"
      ),
      ("cell-ref", "ZZZZZZZ", "the cell reference 'ZZZZZZZ2' is outside"),
      ("cell-ref", "ZZZZZZ", "the cell reference 'ZZZZZZ2' is outside"),
      ("cell-ref", "XFE", "the cell reference 'XFE2' is outside"),
      (
        "row-number", "99999999999999999999",
        "is outside Excel's rows 1 to 1,048,576"
      ),
      ("truncated", "", "is not well-formed XML"),
      ("bomb", "", "inflates past 128 MiB"),
      ("duplicate", "", "holds two parts named 'xl/worksheets/sheet1.xml'"),
      ("bad-crc", "", "is damaged (its checksum does not match)"),
    ])
  func damaged(kind: String, argument: String, message: String) throws {
    let dir = try setUp()
    let out = try hostile(dir, kind, argument)
    #expect(out.status == 65, "\(kind): \(out.stderr)")
    #expect(out.stderr.contains("hostile.xlsx"), "\(kind): \(out.stderr)")
    #expect(out.stderr.contains(message), "\(kind): \(out.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("payloads").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("hostile-tickets.xlsx").path))
  }

  @Test(
    "a password-protected or .xls workbook named .xlsx is refused saying how to save it, for every command that reads an audit"
  )
  func compoundFile() throws {
    let dir = try setUp()
    // Excel writes both as an OLE compound file: its 8-byte signature, then sectors (zeros here).
    var bytes = Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
    bytes.append(Data(count: 4_088))
    try bytes.write(to: dir.appendingPathComponent("locked.xlsx"))
    for command in [
      ["tickets", "--from", "locked.xlsx", "--dry-run"],
      ["report", "--from", "locked.xlsx", "--output", "report.html"],
      ["merge", "locked.xlsx", "audit.xlsx", "--output", "merged.xlsx"],
    ] {
      let out = try CLIRunner.run(command, in: dir)
      #expect(out.status == 65, "\(command): \(out.stderr)")
      #expect(
        out.stderr.contains(
          "locked.xlsx: a password-protected workbook, or an Excel 97-2003 (.xls) one"
        ),
        "\(command): \(out.stderr)")
      #expect(out.stderr.contains("remove the password"), "\(out.stderr)")
    }
    try bytes.write(to: dir.appendingPathComponent("old.xls"))
    let legacy = try CLIRunner.run(
      ["tickets", "--from", "old.xls", "--dry-run"], in: dir)
    #expect(legacy.status == 65, "\(legacy.stderr)")
    #expect(
      legacy.stderr.contains("old.xls: criteria reads Excel Workbooks (.xlsx)")
        && legacy.stderr.contains("save it as an Excel Workbook (.xlsx)"),
      "\(legacy.stderr)")
    for name in ["payloads", "report.html", "merged.xlsx"] {
      #expect(
        !FileManager.default.fileExists(
          atPath: dir.appendingPathComponent(name).path), "\(name)")
    }
  }

  @Test(
    "an audit with a header and no rows: report, JUnit and acr refuse it (65) naming the file, and write nothing"
  )
  func noRows() throws {
    let dir = try CLIRunner.scratch(withSamples: [
      "criteria", "audit-filled.csv", "criteria.yml", "wcag-rules.yml",
    ])
    let header = try #require(
      try dir.read("audit-filled.csv").split(whereSeparator: \.isNewline).first)
    #expect(header.hasPrefix("Component,Platform,"))
    try dir.write(header + "\n", to: "empty.csv")
    for (command, what) in [
      (
        ["report", "--from", "empty.csv", "--output", "report.html"], "a report"
      ),
      (
        [
          "report", "--from", "empty.csv", "--to", "junit", "--output",
          "report.xml",
        ],
        "a report"
      ),
      (
        [
          "acr", "--from", "empty.csv", "--to", "markdown", "--output",
          "acr.md",
          "--draft",
        ], "an ACR"
      ),
    ] {
      let out = try CLIRunner.run(command, in: dir)
      #expect(out.status == 65, "\(command): \(out.stderr)")
      #expect(
        out.stderr.contains(
          "empty.csv: no rows below the header; \(what) needs test results"),
        "\(command): \(out.stderr)")
    }
    for name in ["report.html", "report.xml", "acr.md"] {
      #expect(!dir.listing.contains(name), "\(name)")
    }
  }

  @Test(
    "a UTF-16 or Windows-1252 CSV is an error that says how to save it, never '0 failed'"
  )
  func csvEncodings() throws {
    let dir = try setUp()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", "csv", "--output", "audit.csv"], in: dir)
    #expect(export.status == 0)
    var text = try dir.read("audit.csv")
    text = text.replacingOccurrences(of: ",,,,,", with: ",Fail,,,,")
    var utf16 = Data([0xFF, 0xFE])
    utf16.append(text.data(using: .utf16LittleEndian) ?? Data())
    try utf16.write(to: dir.appendingPathComponent("utf16.csv"))
    let wide = try CLIRunner.run(
      ["tickets", "--from", "utf16.csv", "--dry-run"], in: dir)
    #expect(wide.status == 65)
    #expect(
      wide.stderr.contains(
        "utf16.csv: the file is UTF-16 or binary, not UTF-8 text; save it as \"CSV UTF-8\""
      ))
    var latin = Data(text.utf8)
    latin.append(
      contentsOf: Array("x,Café au lait\r\n".utf8).map {
        $0 == 0xC3 ? 0xE9 : $0
      }.filter { $0 != 0xA9 })
    try latin.write(to: dir.appendingPathComponent("latin.csv"))
    let legacy = try CLIRunner.run(
      ["tickets", "--from", "latin.csv", "--dry-run"], in: dir)
    #expect(legacy.status == 65)
    let lines = text.utf8.filter { $0 == 0x0A }.count + 1
    #expect(
      legacy.stderr.contains("latin.csv:\(lines): the file is not UTF-8 text"),
      "\(legacy.stderr)")
  }
}
