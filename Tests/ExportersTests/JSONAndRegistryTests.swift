import CriteriaModel
import Exporters
import Foundation
import TestSupport
import Testing

@Suite("JSON export and the exporter registry")
struct JSONAndRegistryTests {
  @Test("golden JSON of the samples: the model with sorted keys")
  func golden() throws {
    let data = JSONExporter.encode(try sampleCatalog())
    try expectGolden(String(decoding: data, as: UTF8.self), "samples.json")
  }

  /// What Foundation writes from the model's Codable conformances: the oracle the direct writer is held to.
  func foundationJSON(_ catalog: Catalog, pretty: Bool) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(catalog), as: UTF8.self) + "\n"
  }

  func expectSameAsFoundation(_ catalog: Catalog, _ what: String) throws {
    for pretty in [true, false] {
      let ours = String(
        decoding: JSONExporter.encode(catalog, pretty: pretty), as: UTF8.self)
      let foundation = try foundationJSON(catalog, pretty: pretty)
      if ours != foundation {
        let a = ours.split(separator: "\n", omittingEmptySubsequences: false)
        let b = foundation.split(
          separator: "\n", omittingEmptySubsequences: false)
        let line =
          Array(zip(a, b)).firstIndex { $0.0 != $0.1 } ?? min(a.count, b.count)
        // The differing line from a little before its first differing character (compact JSON is one line).
        let mine = line < a.count ? Array(a[line].utf8) : []
        let theirs = line < b.count ? Array(b[line].utf8) : []
        let column = zip(mine, theirs).prefix { $0 == $1 }.count
        func around(_ bytes: [UInt8]) -> String {
          bytes.isEmpty
            ? "(end)"
            : String(
              decoding: bytes.dropFirst(max(column - 40, 0)).prefix(100),
              as: UTF8.self)
        }
        Issue.record(
          Comment(
            rawValue:
              "\(what) (pretty: \(pretty)): the JSON differs from JSONEncoder's at line \(line + 1):\n"
              + "ours:       \(around(mine))\nFoundation: \(around(theirs))"))
      }
    }
  }

  @Test(
    "the JSON is byte for byte what JSONEncoder writes from the model, pretty and compact: the samples"
  )
  func sameAsFoundationOnSamples() throws {
    try expectSameAsFoundation(try sampleCatalog(), "Samples/criteria")
  }

  @Test(
    "the JSON is byte for byte what JSONEncoder writes: the native and web corpus",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func sameAsFoundationOnCorpus() throws {
    try expectSameAsFoundation(
      try loadCatalog(Paths.corpus), "the native corpus")
    try expectSameAsFoundation(
      try loadCatalog(
        Paths.shared.appendingPathComponent("corpus/magentaa11y/web")),
      "the web corpus")
  }

  @Test(
    "the JSON is byte for byte what JSONEncoder writes for a model with every field filled, every escape and empty lists"
  )
  func sameAsFoundationEveryField() throws {
    var awkward = ""
    for value in 0..<0x20 {
      awkward.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
    }
    awkward += "\u{7F}\u{2028}/\\\"é👍🏽 <b>&amp;</b>"
    let source = SourceLocation(file: "docs/a \"b\".md", line: 7)
    var filled = Component(
      id: "native/controls/x", title: awkward, family: .native,
      category: "controls",
      summary: "summary\nline",
      criteria: [
        Criterion(
          id: "native/controls/x/keyboard/tab", test: .keyboard, check: awkward,
          expectation: "moves", platforms: [.iOS, .android], source: source)
      ],
      scenarios: [
        Scenario(
          id: "s1", name: "Name", test: .screenReader,
          steps: [
            Step(
              keyword: .given, text: "g",
              children: [Step(keyword: .and, text: "nested", line: 4)], line: 3)
          ], source: source),
        Scenario(id: "s2", name: "", test: nil, steps: [], source: source),
      ],
      notes: [
        DeveloperNote(
          platform: .iOS, topic: "Focus", framework: "SwiftUI", text: awkward,
          source: source),
        DeveloperNote(
          platform: nil, topic: "All", framework: nil, text: "t", source: source
        ),
      ],
      announcements: [
        Announcement(platform: .android, text: "\"Label, button\""),
        Announcement(platform: nil, text: "any"),
      ],
      media: [
        Media(
          title: "video", url: "https://example.com/v?a=1&b=2", type: "youtube"),
        Media(title: "plain", url: "https://example.com", type: nil),
      ],
      reference: "https://www.magentaa11y.com/x", source: source)
    filled.testerNotes = ["Turn on VoiceOver", awkward]
    filled.wcag = ["1.4.4", "1.4.10"]
    filled.kind = "control"
    filled.criteria[0].wcag = ["2.1.1"]
    filled.criteria[0].related = ["2.4.7"]
    let bare = Component(
      id: "web/component/y", title: "", family: .web, category: "",
      source: source)
    try expectSameAsFoundation(
      Catalog(components: [filled, bare]), "a filled model")
    try expectSameAsFoundation(Catalog(components: []), "an empty catalog")
  }

  @Test(
    "exporter names are unique, every built-in is registered, typos get a suggestion"
  )
  func registry() throws {
    let registry = ExporterRegistry()
    #expect(Set(registry.names).count == registry.names.count)
    #expect(
      Array(registry.names.prefix(5)) == [
        "json", "csv", "xlsx", "markdown", "gherkin",
      ])
    #expect(
      throws: ExportError(
        "Unknown exporter 'xslx'. Did you mean 'xlsx'? Available: \(registry.names.joined(separator: ", "))."
      )
    ) {
      try registry.entry(named: "xslx")
    }
    for entry in registry.entries {
      #expect(!entry.summary.isEmpty)
      #expect(throws: ExportError.self) {
        try entry.make(ExportOptions(["no_such_option": .bool(true)]))
      }
    }
  }

  @Test(
    "an option's yes/no and whole-number values: typed by YAML or written as text; anything else names what was expected and what was found"
  )
  func scalarOptions() throws {
    let options = ExportOptions(
      [
        "yes": .string("Yes"), "off": .string("off"), "flag": .bool(false),
        "maybe": .string("maybe"),
        "count": .int(3), "text": .string(" 12"), "twelve": .string("12"),
        "list": .list(["1"]),
      ], origin: "outputs[0].options")
    #expect(try options.bool("yes") == true)
    #expect(try options.bool("off") == false)
    #expect(try options.bool("flag") == false)
    #expect(try options.bool("absent") == nil)
    #expect(try options.int("count") == 3)
    #expect(try options.int("twelve") == 12)
    #expect(try options.int("absent") == nil)
    // Each refused value: the key, whether it is read as yes/no (else as a whole number), the message.
    let refused: [(key: String, yesNo: Bool, message: String)] = [
      ("maybe", true, "expected true or false, found 'maybe'"),
      ("count", true, "expected true or false"),
      ("list", true, "expected true or false"),
      ("text", false, "expected a whole number, found ' 12'"),
      ("flag", false, "expected a whole number"),
      ("list", false, "expected a whole number"),
    ]
    for (key, yesNo, message) in refused {
      #expect(throws: ExportError("outputs[0].options.\(key): \(message)")) {
        if yesNo { _ = try options.bool(key) } else { _ = try options.int(key) }
      }
    }
  }
}
