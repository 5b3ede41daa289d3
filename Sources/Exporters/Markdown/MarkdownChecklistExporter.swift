import CriteriaModel
import Foundation
import Mustache

/// Markdown checklists for pull requests and wikis, rendered from a Mustache template a user can replace.
public struct MarkdownChecklistExporter: Exporter {
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
    } else {
      template = try Self.compile(
        DefaultTemplates.checklist, name: "built-in checklist template")
    }
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
      return .file(render(catalog.components, date: date))
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
    var text = template.render(model)
    while text.hasSuffix("\n\n") { text.removeLast() }
    return Data(text.utf8)
  }
}
