import CriteriaModel

/// The criteria model written straight to JSON bytes, the same bytes `JSONEncoder` writes from the model's
/// `Codable` conformances with sorted keys, without escaping slashes, pretty or compact.
///
/// Foundation's encoder builds a tree of boxed values, sorts each object's keys and walks the tree again:
/// most of the time of the JSON output (a fifth of a run's rendering on large trees). Here each type
/// writes its fields in sorted order as it goes. `JSONExporterTests` holds the two writers to the same
/// bytes on every document the tests read and on a model with every field filled, so a field added to
/// the model and not written here fails there.
struct ModelJSON {
  private(set) var bytes: [UInt8] = []
  private let pretty: Bool
  /// For each open object or array: whether it has a member yet.
  private var open: [Bool] = []

  init(pretty: Bool, capacity: Int = 0) {
    self.pretty = pretty
    bytes.reserveCapacity(capacity)
  }

  /// The catalog as a JSON document, ending with a line break; `part`, when given, gives each
  /// component's object as `component(_:pretty:)` makes it, else each is written in place.
  static func document(
    _ catalog: Catalog, pretty: Bool, part: ((Component) -> [UInt8])? = nil
  ) -> [UInt8] {
    var json = ModelJSON(
      pretty: pretty,
      capacity: catalog.criterionCount * (pretty ? 1_600 : 1_000))
    json.object { json in
      json.key("components")
      json.array(catalog.components) { json, component in
        if let part {
          json.bytes.append(contentsOf: part(component))
        } else {
          json.write(component)
        }
      }
    }
    json.bytes.append(0x0A)
    return json.bytes
  }

  /// One component's object as the document holds it: inside `"components"`'s array, two levels deep.
  static func component(_ component: Component, pretty: Bool) -> [UInt8] {
    var json = ModelJSON(
      pretty: pretty,
      capacity: component.criteria.count * (pretty ? 1_600 : 1_000))
    json.open = [true, true]
    json.write(component)
    return json.bytes
  }

  // MARK: The model, each type's keys in sorted order

  private mutating func write(_ component: Component) {
    object { json in
      json.objects("announcements", component.announcements) {
        json, announcement in
        json.field("platform", announcement.platform?.rawValue)
        json.field("text", announcement.text)
      }
      json.field("category", component.category)
      json.key("criteria")
      json.array(component.criteria) { json, criterion in json.write(criterion)
      }
      json.field("family", component.family.rawValue)
      json.field("id", component.id)
      json.field("kind", component.kind)
      json.objects("media", component.media) { json, media in
        json.field("title", media.title)
        json.field("type", media.type)
        json.field("url", media.url)
      }
      json.objects("notes", component.notes) { json, note in
        json.field("framework", note.framework)
        json.field("platform", note.platform?.rawValue)
        json.field("source", note.source)
        json.field("text", note.text)
        json.field("topic", note.topic)
      }
      json.field("reference", component.reference)
      json.objects("scenarios", component.scenarios) { json, scenario in
        json.field("id", scenario.id)
        json.field("name", scenario.name)
        json.field("source", scenario.source)
        json.key("steps")
        json.array(scenario.steps) { json, step in json.write(step) }
        json.field("test", scenario.test?.rawValue)
      }
      json.field("source", component.source)
      json.field("summary", component.summary)
      json.field("testerNotes", component.testerNotes)
      json.field("title", component.title)
      json.field("wcag", component.wcag)
    }
  }

  private mutating func write(_ criterion: Criterion) {
    object { json in
      json.field("check", criterion.check)
      json.field("expectation", criterion.expectation)
      json.field("id", criterion.id)
      json.field("platforms", criterion.platforms.map(\.rawValue))
      json.field("related", criterion.related)
      json.field("source", criterion.source)
      json.field("test", criterion.test.rawValue)
      json.field("wcag", criterion.wcag)
    }
  }

  private mutating func write(_ step: Step) {
    object { json in
      json.key("children")
      json.array(step.children) { json, child in json.write(child) }
      json.field("keyword", step.keyword.rawValue)
      json.field("line", step.line)
      json.field("text", step.text)
    }
  }

  private mutating func write(_ source: SourceLocation) {
    object { json in
      json.field("file", source.file)
      json.field("line", source.line)
    }
  }

  // MARK: JSON

  private mutating func field(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  private mutating func field(_ name: String, _ source: SourceLocation) {
    key(name)
    write(source)
  }

  private mutating func field(_ name: String, _ value: Int) {
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  private mutating func field(_ name: String, _ values: [String]) {
    key(name)
    array(values) { json, value in json.string(value) }
  }

  private mutating func object(_ members: (inout ModelJSON) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    open.append(false)
    members(&self)
    close(UInt8(ascii: "}"))
  }

  /// A member holding an array of objects: `"name": [{…}, …]`, each object's members written by `members`.
  private mutating func objects<Element>(
    _ name: String, _ elements: [Element],
    _ members: (inout ModelJSON, Element) -> Void
  ) {
    key(name)
    array(elements) { json, element in
      json.object { json in members(&json, element) }
    }
  }

  private mutating func array<Element>(
    _ elements: [Element], _ write: (inout ModelJSON, Element) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    open.append(false)
    for element in elements {
      member()
      write(&self, element)
    }
    close(UInt8(ascii: "]"))
  }

  /// Starts an object's member: `"name" : ` (pretty) or `"name":`.
  private mutating func key(_ name: String) {
    member()
    string(name)
    if pretty {
      bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
    } else {
      bytes.append(UInt8(ascii: ":"))
    }
  }

  /// The separator before a member: a comma after the first, and in pretty output a new indented line.
  private mutating func member() {
    if open[open.count - 1] { bytes.append(UInt8(ascii: ",")) }
    open[open.count - 1] = true
    if pretty { newline(depth: open.count) }
  }

  /// Ends an object or array; pretty output puts an empty one's brackets on lines of their own with an
  /// empty line between, as Foundation does.
  private mutating func close(_ bracket: UInt8) {
    let hadMembers = open.removeLast()
    if pretty {
      if !hadMembers { bytes.append(0x0A) }
      newline(depth: open.count)
    }
    bytes.append(bracket)
  }

  private static let hex = Array("0123456789abcdef".utf8)

  private mutating func newline(depth: Int) {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
  }

  /// A string with JSON's escapes: quote, backslash and control characters (`\b \t \n \f \r`, the rest as
  /// `\u00xx`); everything else, slashes and non-ASCII included, as it is.
  private mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most text needs no escape and is copied whole.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
    else {
      bytes.append(contentsOf: text.utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      let short: UInt8
      switch byte {
      case 0x22, 0x5C: short = byte
      case 0x08: short = UInt8(ascii: "b")
      case 0x09: short = UInt8(ascii: "t")
      case 0x0A: short = UInt8(ascii: "n")
      case 0x0C: short = UInt8(ascii: "f")
      case 0x0D: short = UInt8(ascii: "r")
      case ..<0x20:
        bytes.append(0x5C)
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(Self.hex[Int(byte >> 4)])
        bytes.append(Self.hex[Int(byte & 0x0F)])
        continue
      default:
        bytes.append(byte)
        continue
      }
      bytes.append(0x5C)
      bytes.append(short)
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
