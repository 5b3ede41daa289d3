import CriteriaModel
import Foundation
import Testing

@testable import Exporters

@Suite("Markdown checklists")
struct MarkdownChecklistTests {
  @Test(
    "a table cell: pipes escaped and line breaks folded, other text (any script) as it is"
  )
  func tableCell() {
    #expect(ChecklistRenderModel.tableCell("plain") == "plain")
    #expect(ChecklistRenderModel.tableCell("a|b\nc") == "a\\|b c")
    #expect(ChecklistRenderModel.tableCell("é|ü\n👍🏽||") == "é\\|ü 👍🏽\\|\\|")
    #expect(ChecklistRenderModel.tableCell("") == "")
  }

  func render(
    _ options: [String: ExportOptions.Value] = [:], catalog: Catalog? = nil
  ) throws -> String {
    let exporter = try MarkdownChecklistExporter(
      options: ExportOptions(options))
    return String(
      decoding: try fileData(
        exporter.export(catalog ?? sampleCatalog(), context: fixedContext)),
      as: UTF8.self)
  }

  func html(_ markdown: String) throws -> String {
    let result = try runTool(
      "cmark-gfm", ["--extension", "tasklist", "--extension", "table"],
      input: Data(markdown.utf8))
    #expect(result.status == 0, "\(result.err)")
    return result.out
  }

  @Test(
    "cmark-gfm renders one unchecked task per audit row that is a check (none for an N/A), with the issue's wording"
  )
  func taskLists() throws {
    let catalog = try sampleCatalog()
    let markdown = try render()
    #expect(
      markdown.contains(
        "- [ ] **Keyboard: Tab, arrow keys or ctl+tab** — Focus visibly moves to the toggle switch (WCAG 2.1.1, 2.4.3, 2.4.7)\n"
      ))
    #expect(markdown.contains("### Toggle switch on Android (10 checks)"))
    // One check on a platform is "1 check".
    var one = try #require(catalog.components.first)
    one.criteria = Array(one.criteria.prefix(1))
    let single = try render(catalog: Catalog(components: [one]))
    let platform = try #require(one.criteria.first?.platforms.first)
    #expect(
      single.contains("### \(one.title) on \(platform.rawValue) (1 check)\n"),
      "\(single)")
    let rendered = try html(markdown)
    let boxes =
      rendered.components(
        separatedBy: "<input type=\"checkbox\" disabled=\"\" />"
      ).count - 1
    // A check that expects N/A is no task: a pull request's "n of m tasks" counts what there is to check.
    let rows = AuditRow.rows(of: catalog)
    let notApplicable = rows.filter(\.criterion.expectsNotApplicable)
    #expect(!notApplicable.isEmpty, "the samples hold a check that expects N/A")
    #expect(boxes == rows.count - notApplicable.count)
    #expect(
      markdown.contains("### Banner on iOS (8 checks, 1 not applicable)\n"),
      "\(markdown)")
    #expect(
      rendered.contains(
        "<li><strong>Screen reader: State</strong> — n/a (not applicable: nothing to check)</li>"
      ), "\(rendered)")
    #expect(rendered.contains("<h2>Toggle switch (native)</h2>"))
    #expect(rendered.contains("<strong>Keyboard: Enter</strong>"))
  }

  @Test("table mode renders GFM tables with escaped pipes")
  func tables() throws {
    var catalog = try loadCatalog(
      Paths.samples.appendingPathComponent("web/component/disclosure.md"))
    catalog.components[0].criteria[0].expectation = "Focus moves | visibly"
    let markdown = try render(["table": .bool(true)], catalog: catalog)
    let rendered = try html(markdown)
    #expect(rendered.contains("<table>"))
    #expect(
      rendered.components(separatedBy: "<tr>").count - 1 == 1
        + catalog.components[0].criteria.count)
    #expect(rendered.contains("<td>Focus moves | visibly</td>"))
    let banner = try render(
      ["table": .bool(true)],
      catalog: try loadCatalog(
        Paths.samples.appendingPathComponent("native/notifications/banner.md")))
    #expect(
      banner.contains("| n/a | Screen reader | State | n/a |"), "\(banner)")
  }

  @Test("split by platform writes one file per component and platform")
  func split() throws {
    let exporter = try MarkdownChecklistExporter(
      options: ExportOptions(["split": .string("platform")]))
    guard
      case .folder(let files) = try exporter.export(
        try sampleCatalog(), context: fixedContext)
    else {
      Issue.record("expected a folder")
      return
    }
    #expect(
      files.map(\.name) == [
        "native-controls-rating-ios.md", "native-controls-rating-android.md",
        "native-controls-toggle-switch-ios.md",
        "native-controls-toggle-switch-android.md",
        "native-notifications-banner-ios.md",
        "native-notifications-banner-android.md",
        "web-component-disclosure-web.md",
      ])
  }

  @Test(
    "a user template replaces the built-in one; the shipped template file is the built-in text"
  )
  func userTemplate() throws {
    let folder = try scratchFolder()
    try Data(
      "{{% CONTENT_TYPE: TEXT }}\n{{#components}}* {{id}}: {{#platforms}}{{name}} {{/platforms}}\n{{/components}}"
        .utf8
    )
    .write(to: folder.appendingPathComponent("mine.mustache"))
    let exporter = try MarkdownChecklistExporter(
      options: ExportOptions(
        ["template": .string("mine.mustache")],
        baseDirectory: folder.path))
    let text = String(
      decoding: try fileData(
        exporter.export(try sampleCatalog(), context: fixedContext)),
      as: UTF8.self)
    #expect(
      text
        == "* native/controls/rating: iOS Android \n* native/controls/toggle-switch: iOS Android \n* native/notifications/banner: iOS Android \n* web/component/disclosure: Web \n"
    )
    let shipped = try MarkdownChecklistExporter(
      options: ExportOptions(
        ["template": .string("templates/checklist.md.mustache")],
        baseDirectory: Paths.packageRoot.path))
    let builtIn = try MarkdownChecklistExporter(options: ExportOptions())
    let catalog = try sampleCatalog()
    #expect(
      try fileData(shipped.export(catalog, context: fixedContext))
        == fileData(builtIn.export(catalog, context: fixedContext)))
  }

  @Test("a template with a syntax error is reported with file:line:column")
  func templateError() throws {
    let folder = try scratchFolder()
    let path = folder.appendingPathComponent("broken.mustache")
    try Data("# Title\n{{#components}}\n- {{title}}\n{{/platforms}}\n".utf8)
      .write(to: path)
    do {
      _ = try MarkdownChecklistExporter(
        options: ExportOptions(["template": .string(path.path)]))
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("\(path.path):4:"))
      #expect(
        error.message.contains(
          "template syntax error (sectionCloseNameIncorrect)"))
    }
  }

  @Test("golden Markdown of the samples")
  func golden() throws {
    try expectGolden(try render(), "samples.md")
  }
}
