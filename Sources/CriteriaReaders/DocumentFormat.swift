import CriteriaModel
import Foundation

/// One input format: whether it recognizes a document, and how it reads one into a `RawDocument`.
///
/// Adding a format is one type conforming to this and one line in `DocumentFormats.all`; the shared
/// assembly (`RawDocument.component`) turns what every format reads into a `Component`.
protocol DocumentFormat: SendableMetatype {
  /// Whether the document is in this format.
  static func recognizes(_ text: DocumentText) -> Bool

  /// Creates the format's reader.
  init()

  /// Reads the document into the raw shape every format shares.
  func read(_ text: DocumentText) throws(ReadError) -> RawDocument
}

/// The formats, asked in order; the last one takes whatever the others do not recognize.
enum DocumentFormats {
  static let all: [any DocumentFormat.Type] = [
    JekyllFormatReader.self, CurrentFormatReader.self,
  ]

  /// The format of a document.
  static func format(of text: DocumentText) -> any DocumentFormat.Type {
    all.first { $0.recognizes(text) } ?? CurrentFormatReader.self
  }
}

/// What a format reads from a document before it becomes a component: raw checks and scenarios, notes,
/// the hints its identity comes from, and the format's own diagnostics.
struct RawDocument {
  var checks: [CriteriaBuilder.RawCheck] = []
  var scenarios: [GherkinParser.ParsedScenario] = []
  var summary = ""
  var notes: [DeveloperNote] = []
  var announcements: [Announcement] = []
  var media: [Media] = []
  var reference: String?
  var identity: ComponentIdentity.Hints
  var diagnostics: [Diagnostic] = []
  /// Success criteria the document cites itself (a front matter `wcag:` list); links in the text are
  /// found when the component is assembled.
  var citedWCAG: [String] = []

  /// The shared assembly: identity (with its warnings), stable ids for checks and scenarios, the component.
  func component(_ text: DocumentText) -> (Component, [Diagnostic]) {
    let identity = ComponentIdentity(identity)
    var diagnostics = diagnostics
    diagnostics += identity.warnings.map {
      Diagnostic(.warning, text.location(1), $0, style: .link)
    }
    var checks: [CriteriaBuilder.RawCheck] = []
    var testerNotes: [String] = []
    for check in self.checks {
      if CriteriaBuilder.isInstruction(check) {
        testerNotes.append(
          "\(check.check): \(check.expectation.trimmingWhitespace())")
        diagnostics.append(
          Diagnostic(
            .warning, text.location(check.line),
            "'\(check.check): …' tells the tester how to set up, so it is kept as a tester note, not a check",
            style: .setup))
      } else {
        checks.append(check)
      }
    }
    var component = Component(
      id: identity.id, title: identity.title, family: identity.family,
      category: identity.category,
      summary: summary,
      criteria: CriteriaBuilder.criteria(
        checks, componentID: identity.id, family: identity.family, text: text),
      scenarios: CriteriaBuilder.scenarios(
        scenarios, componentID: identity.id, text: text),
      notes: notes, announcements: announcements, media: media,
      reference: reference,
      source: text.location(1))
    component.wcag = WCAGOrder.sorted(citedWCAG + Self.citations(text))
    component.testerNotes = testerNotes
    return (component, diagnostics)
  }

  /// Where the text after the first "WCAG" in `text` starts, found over its bytes (Foundation's
  /// `range(of:)` was most of a document's reading time).
  static func afterWCAG(in text: Substring) -> String.Index? {
    let utf8 = text.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex {
      if utf8[index] == 0x57 {  // W
        var probe = index
        var matched = 0
        for byte: UInt8 in [0x57, 0x43, 0x41, 0x47] {  // WCAG
          guard probe != utf8.endIndex, utf8[probe] == byte else { break }
          matched += 1
          probe = utf8.index(after: probe)
        }
        if matched == 4 { return probe }
      }
      index = utf8.index(after: index)
    }
    return nil
  }

  /// Success criterion numbers the text cites as `WCAG 1.3.1` or `WCAG 2.2 1.3.1` (the usual link text of
  /// a further-reading list, such as `[WCAG 1.3.1 Info and Relationships (Level A)](...)`).
  static func citations(_ text: DocumentText) -> [String] {
    var found: [String] = []
    for line in text.lines {
      var rest = Substring(line.text)
      while let after = Self.afterWCAG(in: rest) {
        rest = rest[after...]
        var words = rest.split(
          separator: " ", maxSplits: 3, omittingEmptySubsequences: true
        )
        .prefix(2).map {
          $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]():,"))
        }
        // "WCAG 2.2 1.3.1": skip the version.
        if words.count == 2, words[0].split(separator: ".").count == 2 {
          words.removeFirst()
        }
        if let first = words.first, Self.isCriterionNumber(first) {
          found.append(first)
        }
      }
    }
    return found
  }

  static func isCriterionNumber(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3
      && parts.allSatisfy {
        !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber)
      }
  }
}
