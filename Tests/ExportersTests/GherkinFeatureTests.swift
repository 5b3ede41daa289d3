import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing

@testable import Exporters

@Suite("Gherkin features")
struct GherkinFeatureTests {
  @Test(
    "a line or tag of plain ASCII takes the byte path, and every text comes out as Character by Character"
  )
  func textFastPaths() {
    let texts = [
      "", " ", "plain text", " leading", "trailing ", "two\nlines", " a \n b ",
      "crlf\r\nline", "Mixed Case@Tag", "tab\there", "x\u{2028}y", "é accent",
      "Ünïcode Title", "native/controls/Button", "@@", "a\u{00A0}b",
      "\u{3000}wide\u{3000}",
      "line\u{85}next", "v\u{0B}f\u{0C}", "emoji 👍🏽 tag",
    ]
    for text in texts {
      #expect(
        GherkinText.line(text) == GherkinText.folded(text),
        "\(text.debugDescription)")
      #expect(
        GherkinText.tag(text) == GherkinText.anyTag(text),
        "\(text.debugDescription)")
    }
  }

  @Test(
    "WCAG numbers: once each, in WCAG's order (1.4.4 before 1.4.10), whatever order they come in"
  )
  func wcagOrder() {
    let numbers = [
      "2.1.1", "1.4.10", "1.4.4", "1.4.10", "1.1.1", "4.1.2", "1.4.3",
    ]
    let expected = ["1.1.1", "1.4.3", "1.4.4", "1.4.10", "2.1.1", "4.1.2"]
    #expect(WCAGOrder.sorted(numbers) == expected)
    #expect(WCAGOrder.sorted(numbers.reversed()) == expected)
  }
  func parse(_ catalog: Catalog) throws -> [String: [String: Any]] {
    let folder = try scratchFolder().appendingPathComponent("features")
    try exportToDisk(
      try GherkinFeatureExporter(options: ExportOptions()), catalog, to: folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }.sorted().map {
        folder.appendingPathComponent($0).path
      }
    #expect(files.count == catalog.components.count)
    let result = try python("check_features.py", files)
    #expect(
      result.status == 0,
      "the official parser rejected a feature: \(result.err)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8))
        as? [String: [String: Any]])
  }

  @Test(
    "the official Cucumber parser reads every feature made from the corpus and the seeds",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpusFeatures() throws {
    let catalog = try loadCatalog(Paths.corpus)
    let report = try parse(catalog)
    #expect(report.count == 42)
    let sheet = try #require(report["native-controls-sheet.feature"])
    #expect(sheet["name"] as? String == "Sheet")
    let scenarios = try #require(sheet["scenarios"] as? [[String: Any]])
    #expect(scenarios.count == 4)
    #expect(
      scenarios[0]["tags"] as? [String] == [
        "@ios", "@android", "@keyboard", "@wcag-2.1.1", "@wcag-2.4.3",
        "@wcag-2.4.7",
        "@id:native/controls/sheet/scenario/test-keyboard-actions",
      ])
    #expect(
      (scenarios[0]["keywords"] as? [String])?.prefix(3) == [
        "Given", "When", "Then",
      ])
    #expect(
      scenarios[2]["tags"] as? [String] == [
        // The sheet's Group and State checks say n/a: no evidence, so no 1.3.1 tag.
        "@ios", "@android", "@screen-reader", "@wcag-4.1.2",
        "@id:native/controls/sheet/scenario/test-screen-reader-output-on-all-devices",
      ])
  }

  @Test(
    "components without Gherkin get scenarios from their checks; web ones are tagged @web"
  )
  func fromCriteria() throws {
    let report = try parse(try sampleCatalog())
    let rating = try #require(
      report["native-controls-rating.feature"]?["scenarios"] as? [[String: Any]]
    )
    #expect(
      rating.map { $0["name"] as? String } == [
        "Test keyboard", "Test gestures", "Test screen reader", "Test settings",
      ])
    #expect(
      (rating[0]["keywords"] as? [String]) == [
        "Given", "When", "Then", "When", "Then",
      ])
    let disclosure = try #require(report["web-component-disclosure.feature"])
    #expect(
      (disclosure["scenarios"] as? [[String: Any]])?.first?["tags"] as? [String]
        == [
          "@web", "@keyboard", "@wcag-2.1.1", "@wcag-2.4.3", "@wcag-2.4.7",
          "@id:web/component/disclosure/scenario/keyboard-for-mobile-desktop",
        ])
    #expect(
      disclosure["tags"] as? [String] == [
        "@web", "@component", "@component:web/component/disclosure",
      ])
  }

  @Test("golden feature of the toggle switch sample")
  func golden() throws {
    let catalog = try loadCatalog(
      Paths.samples.appendingPathComponent("native/controls/toggle-switch.md"))
    let exporter = try GherkinFeatureExporter(options: ExportOptions())
    try expectGolden(
      exporter.feature(
        for: catalog.components[0], toolVersion: fixedContext.toolVersion),
      "toggle-switch.feature")
  }
}
