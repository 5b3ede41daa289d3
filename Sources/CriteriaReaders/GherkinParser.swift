import CriteriaModel
import Foundation

/// Reads a `## Gherkin` section in either of its two forms.
///
/// - bullet form: `GIVEN THAT …`, `1. Scenario: …`, nested `- WHEN …` / `- THEN …` / `- AND …` bullets;
/// - fenced ```` ```gherkin ```` blocks with real `Feature:` / `Scenario:` / step lines.
struct GherkinParser {
  struct ParsedScenario {
    var name: String
    var line: Int
    var steps: [Step]
  }

  private(set) var scenarios: [ParsedScenario] = []
  private(set) var reference: String?
  private(set) var diagnostics: [Diagnostic] = []

  private var background: [Step] = []
  private var stack: [(indent: Int, path: [Int])] = []

  init(section: MarkdownSection, text: DocumentText) {
    var fenceLines: [SourceLine] = []
    var inGherkinFence = false
    var fence = CodeFence()
    for line in section.lines {
      let wasInCode = fence.isOpen
      fence.observe(line)
      if !wasInCode && fence.isOpen {
        let lang = line.trimmed.dropFirst(3).lowercased()
        inGherkinFence =
          lang.hasPrefix("gherkin") || lang.hasPrefix("cucumber")
          || lang.hasPrefix("feature")
        continue
      }
      if wasInCode && !fence.isOpen {
        if inGherkinFence { readFenced(fenceLines, text: text) }
        fenceLines = []
        inGherkinFence = false
        continue
      }
      if fence.isOpen {
        if inGherkinFence { fenceLines.append(line) }
        continue
      }
      readBulletLine(line, text: text)
    }
    if inGherkinFence {
      diagnostics.append(
        Diagnostic(
          .warning, text.location(section.headingLine),
          "the ```gherkin block is not closed; read it to the end of the section"
        ))
      readFenced(fenceLines, text: text)
    }
  }

  // MARK: bullet form

  private mutating func readBulletLine(_ line: SourceLine, text: DocumentText) {
    let t = line.trimmed
    if t.isEmpty || t.hasPrefix("#") { return }
    if let link = FullInformation.link(in: t) {
      reference = reference ?? link
      return
    }
    if let heading = NumberedItem.parse(t) {
      var name = heading
      if name.lowercased().hasPrefix("scenario:") {
        name = name.dropFirst(9).trimmingWhitespace()
      }
      scenarios.append(
        ParsedScenario(name: name, line: line.number, steps: background))
      stack = []
      return
    }
    let bullet = Bullet.content(of: t)
    let (keyword, stepText) = StepKeywordParser.split(bullet ?? t)
    if bullet == nil {
      if keyword == .given && scenarios.isEmpty {
        background.append(
          Step(keyword: .given, text: stepText, line: line.number))
      } else if keyword != nil, !scenarios.isEmpty, stack.isEmpty {
        appendStep(
          Step(keyword: keyword ?? .and, text: stepText, line: line.number),
          indent: line.indent)
      } else if !stack.isEmpty {
        continueStep(with: t)
      }
      return
    }
    guard !scenarios.isEmpty else {
      diagnostics.append(
        Diagnostic(
          .error, text.location(line.number),
          "Gherkin step '\(t.prefix(50))' comes before any scenario; add a numbered 'Scenario:' line above it"
        ))
      return
    }
    appendStep(
      Step(keyword: keyword ?? .and, text: stepText, line: line.number),
      indent: line.indent)
  }

  private mutating func appendStep(_ step: Step, indent: Int) {
    while let top = stack.last, top.indent >= indent { stack.removeLast() }
    let last = scenarios.count - 1
    if let parent = stack.last {
      let index = Self.insert(
        step, into: &scenarios[last].steps, at: parent.path)
      stack.append((indent, parent.path + [index]))
    } else {
      scenarios[last].steps.append(step)
      stack.append((indent, [scenarios[last].steps.count - 1]))
    }
  }

  private mutating func continueStep(with text: String) {
    guard let top = stack.last else { return }
    Self.modify(&scenarios[scenarios.count - 1].steps, at: top.path) {
      $0.text += " " + text
    }
  }

  private static func insert(
    _ step: Step, into steps: inout [Step], at path: [Int]
  ) -> Int {
    var index = 0
    modify(&steps, at: path) { parent in
      parent.children.append(step)
      index = parent.children.count - 1
    }
    return index
  }

  private static func modify(
    _ steps: inout [Step], at path: [Int], _ change: (inout Step) -> Void
  ) {
    guard let first = path.first, steps.indices.contains(first) else { return }
    if path.count == 1 {
      change(&steps[first])
      return
    }
    modify(&steps[first].children, at: Array(path.dropFirst()), change)
  }

  // MARK: fenced form

  private mutating func readFenced(_ lines: [SourceLine], text: DocumentText) {
    var fencedBackground: [Step] = []
    var inBackground = false
    var current: ParsedScenario?
    for line in lines {
      let t = line.trimmed
      if t.isEmpty || t.hasPrefix("#") || t.hasPrefix("@") || t.hasPrefix("|")
        || t.hasPrefix("\"\"\"")
      {
        continue
      }
      let lower = t.lowercased()
      if lower.hasPrefix("feature:") || lower.hasPrefix("rule:")
        || lower.hasPrefix("examples:")
      {
        continue
      }
      if lower.hasPrefix("background:") {
        inBackground = true
        continue
      }
      if lower.hasPrefix("scenario") || lower.hasPrefix("example:") {
        if let done = current { scenarios.append(done) }
        let name = t.drop { $0 != ":" }.dropFirst().trimmingWhitespace()
        current = ParsedScenario(
          name: name, line: line.number, steps: background + fencedBackground)
        inBackground = false
        continue
      }
      let (keyword, stepText) = StepKeywordParser.split(t)
      guard let keyword else {
        if current == nil && !inBackground { continue }
        if var open = current, !open.steps.isEmpty {
          open.steps[open.steps.count - 1].text += " " + t
          current = open
        }
        continue
      }
      let step = Step(keyword: keyword, text: stepText, line: line.number)
      if inBackground {
        fencedBackground.append(step)
      } else if current != nil {
        current?.steps.append(step)
      } else {
        diagnostics.append(
          Diagnostic(
            .error, text.location(line.number),
            "Gherkin step '\(t.prefix(50))' comes before any 'Scenario:' in the ```gherkin block"
          ))
      }
    }
    if let done = current { scenarios.append(done) }
  }
}

/// Splits a step line into its keyword and text: "WHEN the user presses…" → (.when, "the user presses…").
enum StepKeywordParser {
  static func split(_ line: String) -> (StepKeyword?, String) {
    var text = line
    if text.hasPrefix("* ") {
      return (.and, text.dropFirst(2).trimmingWhitespace())
    }
    let word = text.prefix { $0.isLetter }
    let keyword: StepKeyword?
    switch word.lowercased() {
    case "given": keyword = .given
    case "when": keyword = .when
    case "then": keyword = .then
    case "and": keyword = .and
    case "but": keyword = .but
    default: keyword = nil
    }
    guard let keyword else { return (nil, text) }
    // A lowercase "and"/"but" at the start of prose is a word, not a keyword; Gherkin docs shout them.
    if keyword == .and || keyword == .but, word != word.uppercased(),
      word.first?.isLowercase == true
    {
      return (nil, text)
    }
    text = text.dropFirst(word.count).trimmingWhitespace()
    if keyword == .given, text.hasPrefix("THAT ") {
      text = text.dropFirst(5).trimmingWhitespace()
    }
    if text.hasPrefix(":") { text = text.dropFirst().trimmingWhitespace() }
    return (keyword, text)
  }
}
