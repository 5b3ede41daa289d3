import StrictYAML
import Testing
import Yams

/// The one typed YAML reader: every error carries the line and key path of the node at fault.
@Suite("YAMLMap")
struct YAMLMapTests {
  func map(_ yaml: String, allowed: [String]) throws -> YAMLMap {
    let root = try #require(try SafeYAML.compose(yaml))
    return try YAMLMap(root, "top", allowed: allowed)
  }

  func problem(_ body: () throws(StrictYAMLError) -> Void) -> String? {
    do throws(StrictYAMLError) {
      try body()
      return nil
    } catch {
      return "\(error.line) \(error.keyPath): \(error.message)"
    }
  }

  @Test("an unknown key names its line and the nearest known key")
  func unknownKey() throws {
    let root = try #require(try SafeYAML.compose("a: 1\nnmae: x\n"))
    #expect(
      problem { () throws(StrictYAMLError) in
        _ = try YAMLMap(root, "top", allowed: ["a", "name"])
      }?.hasPrefix("2 top.nmae: unknown key 'nmae'. Did you mean 'name'?")
        == true)
  }

  @Test("values are read as the type asked for, absent ones as nil or empty")
  func typed() throws {
    let read = try map(
      "name: x\ncount: 3\nratio: 0.5\nwords: [a, b]\none: c\n",
      allowed: ["name", "count", "ratio", "words", "one", "absent"])
    #expect(try read.text("name") == "x")
    #expect(try read.int("count") == 3)
    #expect(try read.double("ratio") == 0.5)
    #expect(try read.texts("words") == ["a", "b"])
    #expect(try read.texts("one") == ["c"], "a single text is a list of one")
    #expect(try read.text("absent") == nil)
    #expect(try read.texts("absent") == [])
    #expect(
      try read.items("words").map(\.path) == ["top.words[0]", "top.words[1]"])
  }

  @Test(
    "truth values are YAML 1.1's words in its three casings; keys YAML would type stay text"
  )
  func truthValues() throws {
    let words = [
      "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON",
      "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF",
      "tRuE", "y", "1", "truth",
    ]
    let root = try #require(
      try SafeYAML.compose(words.map { "- \($0)" }.joined(separator: "\n")))
    let read = try #require(root.sequence).map { node in
      node.scalar.flatMap(YAMLNode.bool)
    }
    #expect(
      read == Array(repeating: true, count: 9)
        + Array(repeating: false, count: 9) + [nil, nil, nil, nil])
    // Keys are text, whatever YAML 1.1 would make of them: `on` and `1` are the strings "on" and "1".
    let keys = try map("on: a\n1: b\nnull: c\n", allowed: ["on", "1", "null"])
    #expect(try keys.text("on") == "a")
    #expect(try keys.text("1") == "b")
    #expect(try keys.text("null") == "c")
  }

  @Test("a value of the wrong shape is an error at its own line and key path")
  func wrongShapes() throws {
    let read = try map(
      "name: [x]\ncount: many\nwords:\n  - a\n  - [b]\nsection: text\n",
      allowed: ["name", "count", "words", "section", "missing"])
    #expect(
      problem { () throws(StrictYAMLError) in _ = try read.text("name") }
        == "1 top.name: expected text")
    #expect(
      problem { () throws(StrictYAMLError) in _ = try read.int("count") }
        == "2 top.count: expected a whole number")
    #expect(
      problem { () throws(StrictYAMLError) in _ = try read.texts("words") }
        == "5 top.words[1]: expected text")
    #expect(
      problem { () throws(StrictYAMLError) in
        _ = try read.map("section", allowed: ["a"])
      } == "6 top.section: expected a mapping of 'key: value' lines")
    #expect(
      problem { () throws(StrictYAMLError) in
        _ = try read.text("missing", required: true)
      } == "1 top.missing: missing")
  }
}
