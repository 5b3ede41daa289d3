import Foundation
import TestSupport
import Testing

@Suite("reproducible, portable output")
struct ReproducibleOutputTests {
  let formats = "xlsx,csv,checklist-md,checklist-tables,gherkin,json"

  /// Every file below `folder`, by relative path, with its bytes.
  func files(in folder: URL) throws -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(
        atPath: url.path, isDirectory: &isDirectory)
      if !isDirectory.boolValue {
        found[String(url.path.dropFirst(folder.path.count))] = try Data(
          contentsOf: url)
      }
    }
    return found
  }

  /// Every part of a workbook, inflated, as text.
  func inflated(_ xlsx: URL) throws -> String {
    let unzip = try ProcessRunner.run("unzip", ["-p", xlsx.path])
    return unzip.stdout
  }

  @Test(
    "with SOURCE_DATE_EPOCH, two runs from different folders and checkouts write byte-identical files with no absolute path"
  )
  func byteIdentical() throws {
    var outputs: [[String: Data]] = []
    var roots: [URL] = []
    for (index, cwdIsConfigFolder) in [false, true].enumerated() {
      let root = try CLIRunner.scratch().appendingPathComponent(
        "checkout-\(index)")
      try FileManager.default.createDirectory(
        at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: CLIRunner.packageRoot.appendingPathComponent("Samples"),
        to: root.appendingPathComponent("Samples"))
      let run = try CLIRunner.run(
        [
          "run", "--config",
          cwdIsConfigFolder ? "criteria.yml" : "Samples/criteria.yml", "--only",
          formats,
        ],
        in: cwdIsConfigFolder ? root.appendingPathComponent("Samples") : root,
        environment: ["SOURCE_DATE_EPOCH": "1767225600"])
      #expect(run.status == 0, "\(run.stderr)")
      outputs.append(try files(in: root.appendingPathComponent("out")))
      roots.append(root)
      // A clock that leaked into the output would now differ.
      if index == 0 { Thread.sleep(forTimeInterval: 1.1) }
    }
    #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
    #expect(
      outputs[0].count >= 9,
      "every file output was written: \(outputs[0].keys.sorted())")
    for (name, data) in outputs[0] {
      #expect(outputs[1][name] == data, "\(name) differs between the two runs")
    }
    for (name, data) in outputs[0] {
      let text =
        name.hasSuffix(".xlsx")
        ? try inflated(roots[0].appendingPathComponent("out" + name))
        : String(decoding: data, as: UTF8.self)
      #expect(
        !text.contains(roots[0].path),
        "\(name) holds the machine's path \(roots[0].path)")
      #expect(
        !text.contains(CLIRunner.packageRoot.path),
        "\(name) holds the checkout's path")
    }
    let feature = try #require(
      outputs[0].first { $0.key.hasSuffix("rating.feature") }?.value)
    #expect(
      String(decoding: feature, as: UTF8.self).contains(
        "from criteria/native/controls/rating.md\n"),
      "the Gherkin header names the document relative to the config's folder")
    let workbook = try inflated(
      roots[0].appendingPathComponent("out/audit.xlsx"))
    #expect(
      workbook.contains(
        "<dcterms:created xsi:type=\"dcterms:W3CDTF\">2026-01-01T00:00:00Z</dcterms:created>"
      ))
  }

  @Test("export names documents relative to the current folder")
  func exportRelative() throws {
    let dir = try CLIRunner.scratch()
    try FileManager.default.copyItem(
      at: CLIRunner.packageRoot.appendingPathComponent("Samples"),
      to: dir.appendingPathComponent("Samples"))
    let run = try CLIRunner.run(
      [
        "export",
        dir.appendingPathComponent("Samples/criteria/native/controls/rating.md")
          .path, "--to", "json",
      ],
      in: dir.appendingPathComponent("Samples"))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains("\"file\" : \"criteria/native/controls/rating.md\""))
    #expect(!run.stdout.contains(dir.path))
  }

  @Test(
    "without SOURCE_DATE_EPOCH the workbook carries today's date; a malformed one is an error naming it"
  )
  func clockAndBadValue() throws {
    let dir = try CLIRunner.scratch()
    let rating = CLIRunner.packageRoot.appendingPathComponent(
      "Samples/criteria/native/controls/rating.md"
    ).path
    let target = dir.appendingPathComponent("a.xlsx")
    let now = try CLIRunner.run(
      ["export", rating, "--to", "xlsx", "--output", target.path], in: dir)
    #expect(now.status == 0, "\(now.stderr)")
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    let today = formatter.string(from: Date())
    #expect(
      try inflated(target).contains(
        "<dcterms:created xsi:type=\"dcterms:W3CDTF\">\(today)T"))

    for bad in ["yesterday", "-5", "1.5"] {
      let run = try CLIRunner.run(
        ["export", rating, "--to", "json"], in: dir,
        environment: ["SOURCE_DATE_EPOCH": bad])
      #expect(run.status != 0)
      #expect(
        run.stderr.contains(
          "SOURCE_DATE_EPOCH: '\(bad)' is not a whole number of seconds"),
        "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
  }
}
