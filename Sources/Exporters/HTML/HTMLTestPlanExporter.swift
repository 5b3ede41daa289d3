import CriteriaModel
import Foundation

/// The criteria alone as a readable, printable test plan: one page, a section per component with its checks,
/// scenarios and developer notes.
public struct HTMLTestPlanExporter: PreparingExporter {
  public static let name = "html"
  public static let summary =
    "A self-contained, printable HTML test plan: per component its checks (with WCAG), scenarios and developer notes."
  public static let optionHelp = [
    "title": "the page title (default: Accessibility test plan)",
    "notes": "include developer notes (default true)",
    "language":
      "the language the documents are written in, as a BCP 47 tag (default: the config's language, else en); text from them is marked with it",
  ]

  let title: String
  let includeNotes: Bool
  let language: ContentLanguage?
  private let prepared = PreparedParts<String>()

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    title = try options.string("title") ?? "Accessibility test plan"
    includeNotes = try options.bool("notes") ?? true
    if let tag = try options.string("language") {
      guard let language = ContentLanguage(tag) else {
        throw ExportError(
          "\(options.origin).language: '\(tag)' is not \(ContentLanguage.expected)"
        )
      }
      self.language = language
    } else {
      language = nil
    }
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    .file(Data(page(catalog, context: context).utf8))
  }

  private func e(_ text: String) -> String { HTMLEscape.text(text) }
  /// Text from a document, marked with its language when that is not English.
  private func m(_ text: String) -> String {
    ContentLanguage.mark(text, language)
  }

  func page(_ catalog: Catalog, context: ExportContext) -> String {
    var out =
      HTMLPage.start(
        title: title, policy: "default-src 'none'; style-src 'unsafe-inline'",
        style: Self.style) + """
        <header>
        <h1>\(e(title))</h1>
        <p>\(Counted.phrase(catalog.components.count, "component")), \(Counted.phrase(catalog.criterionCount, "check")). Made by criteria \(e(context.toolVersion)) on \(context.day).</p>
        <nav aria-label="Components"><ul>
        """
    for (index, component) in catalog.components.enumerated() {
      out +=
        "<li><a href=\"#c\(index)\">\(m(component.title))</a> (\(e(component.family.rawValue)))</li>"
    }
    out += "</ul></nav>\n</header>\n<main>\n"
    for (index, component) in catalog.components.enumerated() {
      out +=
        "<section class=\"component\" aria-labelledby=\"c\(index)\">\n<h2 id=\"c\(index)\">\(m(component.title))</h2>\n"
      out += prepared.take(for: component, make: sectionBody)
    }
    return out + "</main>\n</body>\n</html>\n"
  }

  /// Makes `component`'s section (all but its numbered heading) ahead of `export`.
  public func prepare(_ component: Component) {
    prepared.keep(sectionBody(component), for: component)
  }

  /// A component's section after its heading, to the end of the section.
  func sectionBody(_ component: Component) -> String {
    var out =
      "<p><code>\(e(component.id))</code> · \(e(component.platforms.map(\.rawValue).joined(separator: ", ")))"
    if let reference = component.reference.flatMap(LinkTarget.web) {
      out +=
        " · <a href=\"\(e(reference))\">Full information<span class=\"visually-hidden\"> about \(m(component.title))</span></a>"
    }
    out += "</p>\n"
    if !component.summary.isEmpty {
      out +=
        "<p class=\"note\"\(ContentLanguage.attribute(language))>\(e(component.summary))</p>\n"
    }
    if !component.testerNotes.isEmpty {
      out += "<p>Before you test:</p>\n<ul>\n"
      for note in component.testerNotes { out += "<li>\(m(note))</li>\n" }
      out += "</ul>\n"
    }
    out +=
      "<table>\n<caption>\(m(component.title)): checks</caption>\n<thead><tr><th scope=\"col\">Test</th><th scope=\"col\">Check</th>"
    out +=
      "<th scope=\"col\">Expected result</th><th scope=\"col\">Platforms</th><th scope=\"col\">WCAG</th></tr></thead>\n<tbody>\n"
    for criterion in component.criteria {
      out +=
        "<tr><td>\(e(criterion.test.label))</td>"
        + ContentLanguage.cell(
          criterion.check, language, tag: "th", attributes: " scope=\"row\"")
        + ContentLanguage.cell(criterion.expectation, language)
      out +=
        "<td>\(e(criterion.platforms.map(\.rawValue).joined(separator: ", ")))</td><td>\(e(criterion.wcag.joined(separator: ", ")))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    if !component.scenarios.isEmpty {
      out += "<h3>Scenarios</h3>\n"
      for scenario in component.scenarios {
        let steps = scenario.steps.flatMap(\.flattened).map {
          "\($0.keyword.rawValue) \($0.text)"
        }
        out +=
          "<h4>\(scenario.name.isEmpty ? "Untitled" : m(scenario.name))</h4>\n"
          + "<pre\(ContentLanguage.attribute(language))>\(e(steps.joined(separator: "\n")))</pre>\n"
      }
    }
    if includeNotes, !component.notes.isEmpty {
      out += "<h3>Developer notes</h3>\n"
      for note in component.notes {
        let heading = [note.platform?.rawValue, note.topic, note.framework]
          .compactMap { $0 }.filter { !$0.isEmpty }
        out +=
          "<h4>\(e(heading.joined(separator: " · ")))</h4>\n<p class=\"note\"\(ContentLanguage.attribute(language))>\(e(note.text))</p>\n"
      }
    }
    return out + "</section>\n"
  }

  static let style = """
      body { margin: 0 auto; max-width: 70rem; padding: 1rem; }
      table { margin: 0.5rem 0 1rem; }
      caption { padding: 0.3rem 0; }
      pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.5rem; border: 1px solid #d0d0d0; }
      .note { white-space: pre-wrap; }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      @media print { section.component { break-before: page; } section.component:first-of-type { break-before: auto; }
        tr, pre { break-inside: avoid; } nav { display: none; } }
    """
}
