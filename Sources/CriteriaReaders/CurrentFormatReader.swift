import CriteriaModel
import Foundation

/// Reads the current MagentaA11y format.
///
/// Sections: `## General Notes`, `## Condensed`, `## Gherkin`, `## iOS Developer Notes`, `## Android Developer Notes`, `## Videos`, and the web documents'
/// `## Developer notes` and `## Code examples`. Any other `##` section is kept as a note, with a warning.
struct CurrentFormatReader: DocumentFormat {
  /// Anything that does not open with front matter.
  static func recognizes(_ text: DocumentText) -> Bool { true }

  static let quietExtraSections: Set<String> = [
    "codeexamples", "codeexample", "furtherreading", "resources",
  ]

  func read(_ text: DocumentText) throws(ReadError) -> RawDocument {
    let sections = MarkdownSection.split(text.lines)
    var diagnostics: [Diagnostic] = []
    var summary: [String] = []
    var howToTest: String?
    var h1Title: String?
    var reference: String?
    var checks: [CriteriaBuilder.RawCheck] = []
    var parsedScenarios: [GherkinParser.ParsedScenario] = []
    var notes: [DeveloperNote] = []
    var announcements: [Announcement] = []
    var media: [Media] = []
    var recognised = 0
    var hasPlatformNotes = false

    for section in sections {
      guard !section.heading.isEmpty else {
        h1Title = section.lines.first { $0.trimmed.hasPrefix("# ") }
          .map { MarkdownSection.cleanHeading($0.trimmed.dropFirst(2)) }
        continue
      }
      guard let (kind, exact) = SectionKind.classify(section.heading) else {
        let quiet = Self.quietExtraSections.contains(
          SectionKind.normalise(section.heading))
        if !quiet {
          diagnostics.append(
            Diagnostic(
              .warning, text.location(section.headingLine),
              "section '## \(section.heading)' is not a MagentaA11y section; kept as a developer note",
              style: .section))
        }
        notes +=
          NotesParser(
            section: section, platform: nil, defaultTopic: section.heading,
            text: text
          ).notes
        continue
      }
      recognised += 1
      if !exact {
        diagnostics.append(
          Diagnostic(
            .warning, text.location(section.headingLine),
            "read '## \(section.heading)' as '## \(kind.rawValue)'; fix the heading's spelling",
            style: .heading))
      }
      switch kind {
      case .generalNotes:
        for line in section.lines where !line.isBlank {
          if howToTest == nil,
            line.trimmed.lowercased().hasPrefix("how to test")
          {
            howToTest = line.trimmed
          }
          summary.append(line.trimmed)
        }
      case .condensed, .criteria:
        let parser = CondensedParser(section: section, text: text)
        checks += parser.items.map {
          .init(
            test: $0.test, check: $0.check, expectation: $0.expectation,
            line: $0.line)
        }
        howToTest = howToTest ?? parser.howToTest
        reference = reference ?? parser.reference
        diagnostics += parser.diagnostics
      case .gherkin:
        let parser = GherkinParser(section: section, text: text)
        parsedScenarios += parser.scenarios
        reference = reference ?? parser.reference
        diagnostics += parser.diagnostics
      case .iosNotes, .androidNotes, .developerNotes, .ios, .android,
        .codeExamples:
        let platform: Platform? =
          kind == .iosNotes || kind == .ios
          ? .iOS
          : kind == .androidNotes || kind == .android ? .android : nil
        hasPlatformNotes = hasPlatformNotes || platform != nil
        let topic = kind == .codeExamples ? "Code examples" : "General Notes"
        let parser = NotesParser(
          section: section, platform: platform, defaultTopic: topic, text: text)
        notes += parser.notes
        announcements += parser.announcements
      case .videos:
        media += VideosParser.parse(section)
      }
    }
    guard recognised > 0 else {
      throw ReadError(
        text.location(1),
        DocumentReader.notADocument + "; expected '## Condensed', '## Gherkin' "
          + "or '## General Notes' (or YAML front matter between '---' lines)")
    }
    var hints = ComponentIdentity.Hints(path: text.path)
    hints.title =
      howToTest.flatMap(ComponentIdentity.title(fromHowToTest:)) ?? h1Title
    hints.reference = reference
    hints.familyFromContent =
      hasPlatformNotes ? .native : Self.familyFromHeadings(text)
    if checks.isEmpty && parsedScenarios.isEmpty {
      diagnostics.append(
        Diagnostic(
          .warning, text.location(1),
          "the document has no checks and no Gherkin scenarios; nothing to audit"
        ))
    }
    return RawDocument(
      checks: checks, scenarios: parsedScenarios,
      summary: summary.joined(separator: "\n"), notes: notes,
      announcements: announcements, media: media, reference: reference,
      identity: hints,
      diagnostics: diagnostics)
  }

  /// "### #a11y - Native Accessibility Acceptance Criteria" tells the family when nothing else does.
  static func familyFromHeadings(_ text: DocumentText) -> Family? {
    for line in text.lines where line.trimmed.hasPrefix("### #a11y") {
      let lower = line.trimmed.lowercased()
      if lower.contains("native") { return .native }
      if lower.contains("web") { return .web }
    }
    return nil
  }
}
