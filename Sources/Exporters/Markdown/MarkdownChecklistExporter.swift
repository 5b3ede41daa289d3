import CriteriaModel
import Foundation
import Mustache

/// Markdown checklists for pull requests and wikis, rendered from a Mustache template a user can replace.
///
/// With the built-in template and one file, each component's part is rendered on its own as soon as the
/// component is read (`PreparingExporter`) and the parts are joined: the same bytes as rendering the
/// whole template at the end.
public struct MarkdownChecklistExporter: PreparingExporter {
  public static let name = "markdown"
  public static let summary =
    "Markdown checklists (GitHub task lists or tables) per component and platform, from an editable Mustache template."
  public static let optionHelp = [
    "template":
      "a Mustache template file to use instead of the built-in one (see templates/checklist.md.mustache)",
    "table":
      "render each platform's checks as a table instead of a task list (default false)",
    "split":
      "none (one file, default), component (a folder, one file per component) or platform (one file per component and platform)",
    "title": "the document title (default 'Accessibility checklist')",
  ]

  enum Split: String { case none, component, platform }

  let template: MustacheTemplate
  let table: Bool
  let split: Split
  let title: String
  /// The built-in template cut at its components section, when one file is written from it.
  let sections: ComponentSections?
  private let prepared = PreparedParts<String>()

  public init(options: ExportOptions) throws(ExportError) {
    try options.checkKeys(allowed: Self.optionHelp.keys, exporter: Self.name)
    table = try options.bool("table") ?? false
    title = try options.string("title") ?? "Accessibility checklist"
    let splitText = try options.string("split") ?? "none"
    guard let split = Split(rawValue: splitText) else {
      throw ExportError(
        "\(options.origin).split: expected none, component or platform, found '\(splitText)'"
      )
    }
    self.split = split
    if let path = try options.path("template") {
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8)
      else {
        throw ExportError(
          "\(options.origin).template: cannot read the template '\(path)'")
      }
      template = try Self.compile(text, name: path)
      sections = nil
    } else {
      let name = "built-in checklist template"
      template = try Self.compile(DefaultTemplates.checklist, name: name)
      sections =
        split == .none
        ? try ComponentSections(DefaultTemplates.checklist, name: name) : nil
    }
  }

  /// Renders `component`'s part ahead of `export` (with the built-in template and one file).
  public func prepare(_ component: Component) {
    guard let sections else { return }
    prepared.keep(sections.part(component, table: table), for: component)
  }

  /// Parses a template, turning a syntax error into `file:line:column: …`.
  static func compile(_ text: String, name: String) throws(ExportError)
    -> MustacheTemplate
  {
    do {
      return try MustacheTemplate(string: text)
    } catch let error as MustacheTemplate.ParserError {
      let c = error.context
      throw ExportError(
        "\(name):\(c.lineNumber):\(c.columnNumber): template syntax error (\(error.error)) in '\(c.line.trimmingCharacters(in: .whitespaces))'"
      )
    } catch {
      throw ExportError("\(name): template syntax error (\(error))")
    }
  }

  public func export(_ catalog: Catalog, context: ExportContext)
    throws(ExportError) -> ExportArtifact
  {
    let date = ISO8601DateFormatter.string(
      from: context.date, timeZone: TimeZone(secondsFromGMT: 0) ?? .current,
      formatOptions: [.withFullDate])
    var names = UniqueFileNames()
    switch split {
    case .none:
      guard let sections else {
        return .file(render(catalog.components, date: date))
      }
      let root = ChecklistRenderModel.make(
        [], title: title, date: date, table: table)
      var text = sections.head.render(root)
      for component in catalog.components {
        text += prepared.take(for: component) {
          sections.part($0, table: table)
        }
      }
      text += sections.tail.render(root)
      return .file(Self.finished(text))
    case .component:
      return .folder(
        catalog.components.map { component in
          (
            name: names.name(StableID.slug(component.id), extension: "md"),
            data: render([component], date: date)
          )
        })
    case .platform:
      return .folder(
        catalog.components.flatMap { component in
          component.platforms.map { platform in
            var one = component
            one.criteria = component.criteria.filter {
              $0.platforms.contains(platform)
            }
            return (
              name: names.name(
                "\(StableID.slug(component.id))-\(platform.rawValue.lowercased())",
                extension: "md"), data: render([one], date: date)
            )
          }
        })
    }
  }

  private func render(_ components: [Component], date: String) -> Data {
    let model = ChecklistRenderModel.make(
      components, title: title, date: date, table: table)
    return Self.finished(template.render(model))
  }

  /// The rendered text as the file holds it: one line break at the end, not a run of blank lines.
  private static func finished(_ rendered: String) -> Data {
    var text = rendered
    while text.hasSuffix("\n\n") { text.removeLast() }
    return Data(text.utf8)
  }
}

/// A checklist template cut at its one `{{#components}}` section: the text before it, the section's body
/// (rendered for one component at a time, as the section renders it for each), and the text after it.
///
/// Each part keeps the template's leading pragmas (`{{% CONTENT_TYPE: TEXT }}`), and the tags stay on
/// lines of their own, so Mustache drops the same lines it drops in the whole template. A component's
/// part sees the component and the `table` value; the built-in template's section uses nothing else
/// from the top level (a test renders the whole template and the parts and compares the bytes).
struct ComponentSections: Sendable {
  let head: MustacheTemplate
  let body: MustacheTemplate
  let tail: MustacheTemplate

  /// Cuts `text`; throws when it does not have exactly one `{{#components}}` line and one
  /// `{{/components}}` line after it.
  init(_ text: String, name: String) throws(ExportError) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let open = lines.firstIndex(of: "{{#components}}"),
      let close = lines.lastIndex(of: "{{/components}}"), open < close,
      lines.filter({ $0.contains("components}}") }).count == 2
    else {
      throw ExportError(
        "\(name): no one {{#components}} section to render in parts")
    }
    let pragmas = lines.prefix { $0.hasPrefix("{{%") }.map { $0 + "\n" }
      .joined()
    head = try MarkdownChecklistExporter.compile(
      lines[..<open].joined(separator: "\n") + "\n", name: name)
    body = try MarkdownChecklistExporter.compile(
      pragmas + "{{#component}}\n"
        + lines[(open + 1)..<close].joined(separator: "\n")
        + "\n{{/component}}\n", name: name)
    tail = try MarkdownChecklistExporter.compile(
      pragmas + lines[(close + 1)...].joined(separator: "\n"), name: name)
  }

  /// One component's part, as the section renders it for that component.
  func part(_ component: Component, table: Bool) -> String {
    body.render([
      "table": table, "component": ChecklistRenderModel.component(component),
    ])
  }
}
