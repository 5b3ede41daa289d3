import CriteriaModel
import Foundation
import StrictYAML
import Yams

/// Reads the older Jekyll format: YAML front matter (`title`, `categories`, and check groups
/// `keyboard`, `mobile`, `screenreader`, `settings`, or top-level `name`/`role`/`group`/`state`),
/// then `## Developer notes`, `## iOS`, `## Android` or `## Code examples` sections.
struct JekyllFormatReader: DocumentFormat {
  /// A document that opens with a `---` front matter line.
  static func recognizes(_ text: DocumentText) -> Bool {
    text.lines.first?.text.trimmingWhitespace() == "---"
  }

  /// Front-matter keys that describe the page, not checks.
  static let metadataKeys: Set<String> = [
    "layout", "title", "description", "categories", "category", "order",
    "permalink", "tags", "keywords", "redirect_from", "published", "date",
    "wcag",
  ]
  static let groupKinds: [String: TestKind] = [
    "keyboard": .keyboard, "mobile": .gestures, "gestures": .gestures,
    "screenreader": .screenReader, "screen reader": .screenReader,
    "settings": .settings,
  ]

  func read(_ text: DocumentText) throws(ReadError) -> RawDocument {
    guard
      let close = text.lines.dropFirst().firstIndex(where: {
        $0.text.trimmingWhitespace() == "---"
      })
    else {
      throw ReadError(
        text.location(1),
        "the front matter that starts here has no closing '---' line")
    }
    let yaml = text.lines[1..<close].map(\.text).joined(separator: "\n")
    let root: Node?
    do {
      root = try SafeYAML.compose(yaml)
    } catch {
      let problem = YAMLProblem(error)
      throw ReadError(
        text.location(problem.line + 1),
        "malformed front matter: \(problem.message)")
    }
    guard let mapping = root?.mapping else {
      throw ReadError(
        text.location(2),
        "the front matter must be a YAML mapping of 'key: value' lines")
    }
    var diagnostics: [Diagnostic] = []
    var checks: [CriteriaBuilder.RawCheck] = []
    var scenarios: [GherkinParser.ParsedScenario] = []
    for (keyNode, value) in mapping {
      let key = keyNode.string ?? ""
      let line = (keyNode.mark?.line ?? 0) + 1
      if Self.metadataKeys.contains(key.lowercased()) { continue }
      if key.lowercased().hasPrefix("gherkin") {
        scenarios += gherkinScenario(key: key, value: value, line: line)
        continue
      }
      if let single = value.string,
        TestKindClassifier.screenReaderKeys[key.lowercased()] != nil
      {
        checks.append(
          .init(
            test: .screenReader, check: Self.checkName(key),
            expectation: Self.clean(single), line: line))
        continue
      }
      guard let group = value.mapping else {
        diagnostics.append(
          Diagnostic(
            .warning, text.location(line),
            "front matter key '\(key)' is not a check group; ignored"))
        continue
      }
      let kind =
        Self.groupKinds[key.lowercased()]
        ?? TestKind(TestKindClassifier.camelCase(key))
      if Self.groupKinds[key.lowercased()] == nil {
        diagnostics.append(
          Diagnostic(
            .warning, text.location(line),
            "front matter group '\(key)' is not one of keyboard, mobile, screenreader, settings; read as test '\(kind.rawValue)'"
          ))
      }
      for (checkNode, expectation) in group {
        let checkLine = (checkNode.mark?.line ?? 0) + 1
        guard let check = checkNode.string, let body = expectation.string else {
          diagnostics.append(
            Diagnostic(
              .warning, text.location(checkLine),
              "check under '\(key)' has no text expectation; ignored"))
          continue
        }
        checks.append(
          .init(
            test: kind, check: Self.checkName(check),
            expectation: Self.clean(body), line: checkLine))
      }
    }
    let body = Array(text.lines[(close + 1)...])
    let sections = MarkdownSection.split(body)
    var notes: [DeveloperNote] = []
    var announcements: [Announcement] = []
    var hasPlatformNotes = false
    for section in sections
    where !section.heading.isEmpty
      || section.lines.contains(where: { !$0.isBlank })
    {
      let kind = SectionKind.classify(section.heading)?.kind
      let platform: Platform? =
        kind == .ios || kind == .iosNotes
        ? .iOS
        : kind == .android || kind == .androidNotes ? .android : nil
      hasPlatformNotes = hasPlatformNotes || platform != nil
      let topic =
        section.heading.isEmpty
        ? "General Notes"
        : (kind == .developerNotes || platform != nil)
          ? "General Notes" : section.heading
      let parser = NotesParser(
        section: section, platform: platform, defaultTopic: topic, text: text)
      notes += parser.notes
      announcements += parser.announcements
    }
    var hints = ComponentIdentity.Hints(path: text.path)
    hints.title = mapping["title"]?.string.map(Self.clean)
    hints.categories = Self.categories(
      mapping["categories"] ?? mapping["category"])
    hints.familyFromContent = hasPlatformNotes ? .native : .web
    if checks.isEmpty {
      diagnostics.append(
        Diagnostic(
          .warning, text.location(1),
          "the front matter has no checks; nothing to audit"))
    }
    return RawDocument(
      checks: checks, scenarios: scenarios,
      summary: mapping["description"]?.string.map(Self.clean) ?? "",
      notes: notes, announcements: announcements, identity: hints,
      diagnostics: diagnostics,
      citedWCAG: Self.wcagList(mapping["wcag"]))
  }

  /// A front matter `wcag:` list (`[1.3.1, 4.1.2]`, one number, or `- "1.3.1"` items) as numbers.
  static func wcagList(_ node: Node?) -> [String] {
    guard let node else { return [] }
    let items = node.sequence.map { Array($0) } ?? [node]
    return items.compactMap { $0.scalar?.string }.flatMap {
      $0.split(separator: ",").map { $0.trimmingWhitespace() }
    }.filter { !$0.isEmpty }
  }

  /// "tab and arrow keys" → "Tab and arrow keys"; "arrow-keys" → "Arrow keys".
  static func checkName(_ key: String) -> String {
    key.replacingAll("-", with: " ").replacingAll("_", with: " ")
      .trimmingWhitespace().capitalizedFirst
  }

  static func clean(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  static func categories(_ node: Node?) -> [String] {
    if let list = node?.sequence { return list.compactMap(\.string) }
    return node?.string?.split(separator: " ").map(String.init) ?? []
  }

  /// `gherkin-keyboard: [{when: …, result: …}, {then: …}]` → one scenario of When/Then steps.
  private func gherkinScenario(key: String, value: Node, line: Int)
    -> [GherkinParser.ParsedScenario]
  {
    guard let items = value.sequence else { return [] }
    let name = key.dropFirst("gherkin".count).trimmingCharacters(
      in: CharacterSet(charactersIn: "-_ "))
    let hears =
      name.lowercased().contains("screenreader")
      || name.lowercased().contains("mobile")
    var steps: [Step] = []
    for item in items {
      guard let map = item.mapping else { continue }
      for keyword in StepKeyword.allCases {
        guard let body = map[keyword.rawValue.lowercased()]?.string else {
          continue
        }
        // The old site printed "I use the tab key…" / "I swipe to focus…" around these fragments.
        let fragment = Self.clean(body)
        let sentence =
          fragment.lowercased().hasPrefix("the ")
          ? "I use " + fragment : "I " + fragment
        var step = Step(
          keyword: keyword, text: sentence, line: item.mark?.line ?? line)
        if let result = map["result"]?.string {
          step.children = [
            Step(
              keyword: .then,
              text: (hears ? "I hear " : "I see ") + Self.clean(result))
          ]
        }
        steps.append(step)
      }
    }
    let title =
      name.isEmpty ? "Test" : "Test \(name.replacingAll("-", with: " "))"
    return steps.isEmpty
      ? []
      : [GherkinParser.ParsedScenario(name: title, line: line, steps: steps)]
  }
}
