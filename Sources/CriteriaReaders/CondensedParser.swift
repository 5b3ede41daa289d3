import CriteriaModel
import Foundation

/// Reads a `## Condensed` (or `## Criteria`) section: numbered test groups of `- Key: expectation` bullets.
///
/// Tolerates what real documents do: 3 to 6 spaces of indentation, blank lines between bullets,
/// expectations wrapped onto unindented lines, `&mdash; **Key**: text` bullets, and a stray
/// bullet before the first group (its test kind is guessed from its key, with a warning).
struct CondensedParser {
  struct Item {
    var test: TestKind
    var check: String
    var expectation: String
    var line: Int
  }

  /// A check read from the section, before ids and platforms are assigned.
  private(set) var items: [Item] = []
  /// The "How to test a …" line, if present.
  private(set) var howToTest: String?
  /// The "Full information" link, if present.
  private(set) var reference: String?
  private(set) var diagnostics: [Diagnostic] = []

  init(section: MarkdownSection, text: DocumentText) {
    var currentTest: TestKind?
    var open: Item?
    var fence = CodeFence()
    for line in section.lines {
      let wasInCode = fence.isOpen
      fence.observe(line)
      if wasInCode || fence.isOpen { continue }
      let t = line.trimmed
      if t.isEmpty || t.hasPrefix("#") {
        flush(&open)
        continue
      }
      if let link = FullInformation.link(in: t) {
        flush(&open)
        reference = reference ?? link
        continue
      }
      if let heading = NumberedItem.parse(t) {
        flush(&open)
        currentTest = TestKindClassifier.kind(forGroupHeading: heading)
        continue
      }
      if let bullet = Bullet.content(of: t) {
        flush(&open)
        open = makeItem(bullet, line: line, group: currentTest, text: text)
        continue
      }
      if open != nil {
        open?.expectation += " " + t
      } else if howToTest == nil, t.lowercased().hasPrefix("how to test") {
        howToTest = t
      }
    }
    flush(&open)
  }

  private mutating func flush(_ open: inout Item?) {
    if let item = open { items.append(item) }
    open = nil
  }

  private mutating func makeItem(
    _ bullet: String, line: SourceLine, group: TestKind?, text: DocumentText
  ) -> Item {
    let (key, expectation) = Self.splitKey(bullet)
    let location = text.location(line.number)
    guard let key else {
      diagnostics.append(
        Diagnostic(
          .warning, location,
          "check '\(bullet.prefix(40))' has no 'Key:' before its expectation; read it as a check named 'Other'"
        ))
      return Item(
        test: group ?? .keyboard, check: "Other", expectation: bullet,
        line: line.number)
    }
    let test = group ?? TestKindClassifier.kind(forCheck: key)
    if group == nil {
      diagnostics.append(
        Diagnostic(
          .warning, location,
          "check '\(key)' comes before any numbered test group; filed under '\(test.rawValue)'"
        ))
    } else if let expected = TestKindClassifier.screenReaderKeys[
      key.lowercased()], group != expected
    {
      diagnostics.append(
        Diagnostic(
          .warning, location,
          "check '\(key)' is listed under '\(test.label)'; MagentaA11y lists it under 'Screen reader'",
          style: .placement))
    }
    return Item(
      test: test, check: key, expectation: expectation, line: line.number)
  }

  /// Splits "Key: expectation" (or "**Key**: expectation"); the key is nil when there is none.
  static func splitKey(_ text: String) -> (String?, String) {
    var body = text
    if body.hasPrefix("**"), let close = body.dropFirst(2).range(of: "**") {
      let key = String(
        body[body.index(body.startIndex, offsetBy: 2)..<close.lowerBound])
      var rest = body[close.upperBound...].trimmingWhitespace()
      var cleanKey = key.trimmingWhitespace()
      if cleanKey.hasSuffix(":") { cleanKey.removeLast() }
      if rest.hasPrefix(":") { rest.removeFirst() }
      if !cleanKey.isEmpty {
        return (cleanKey.trimmingWhitespace(), rest.trimmingWhitespace())
      }
      body = rest
    }
    guard let colon = body.firstIndex(of: ":") else { return (nil, body) }
    let key = body[..<colon].trimmingWhitespace()
    let rest = body[body.index(after: colon)...].trimmingWhitespace()
    // A long "key" is a sentence with a colon in it, not a check name.
    guard !key.isEmpty, key.count <= 100, !key.contains("http"),
      !key.contains(". ")
    else { return (nil, body) }
    return (key, rest)
  }
}

/// Recognises list bullets: `-`, `*`, `+` and the `&mdash;` bullets of newer documents.
enum Bullet {
  static func content(of trimmed: String) -> String? {
    for marker in ["- ", "* ", "+ ", "&mdash; ", "— "]
    where trimmed.hasPrefix(marker) {
      return trimmed.dropFirst(marker.count).trimmingWhitespace()
    }
    if trimmed == "-" || trimmed == "*" { return "" }
    return nil
  }
}

/// Recognises `1. Heading` lines and returns the heading.
enum NumberedItem {
  static func parse(_ trimmed: String) -> String? {
    var digits = 0
    for c in trimmed {
      if c.isASCII && c.isNumber { digits += 1 } else { break }
    }
    guard digits > 0, digits <= 3 else { return nil }
    let rest = trimmed.dropFirst(digits)
    guard rest.first == "." || rest.first == ")" else { return nil }
    let heading = rest.dropFirst().trimmingWhitespace()
    return heading.isEmpty ? nil : heading
  }
}

/// Finds the "Full information: [url](url)" link.
enum FullInformation {
  static func link(in trimmed: String) -> String? {
    guard trimmed.lowercased().hasPrefix("full information") else { return nil }
    if let open = trimmed.firstIndex(of: "["),
      let close = trimmed[open...].firstIndex(of: "]")
    {
      let label = String(trimmed[trimmed.index(after: open)..<close])
      if label.hasPrefix("http") { return label }
      let after = trimmed[trimmed.index(after: close)...]
      if after.hasPrefix("("), let end = after.firstIndex(of: ")") {
        return String(after[after.index(after: after.startIndex)..<end])
      }
    }
    if let http = trimmed.range(of: "http") {
      return String(
        trimmed[http.lowerBound...].prefix { !$0.isWhitespace && $0 != ")" })
    }
    return nil
  }
}
