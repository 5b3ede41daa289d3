import CriteriaModel

/// One node of an Atlassian Document Format document.
///
/// Its type, its attributes, its children or text, and its marks; a node without a value for a field
/// leaves the field out, as ADF expects.
public struct ADFNode: Encodable, Sendable, Hashable {
  public var type: String
  /// The document's ADF version (the `doc` node only).
  public var version: Int?
  public var attrs: Attributes?
  public var content: [ADFNode]?
  public var text: String?
  public var marks: [Mark]?

  /// The attributes the nodes criteria writes have.
  public struct Attributes: Encodable, Sendable, Hashable {
    /// A heading's level.
    public var level: Int?
    /// A task list's or task item's id.
    public var localId: String?
    /// A task item's `TODO` or `DONE`.
    public var state: String?
    /// A code block's language.
    public var language: String?
    /// A link mark's address.
    public var href: String?
  }

  /// A text mark: `strong`, or `link` with its address.
  public struct Mark: Encodable, Sendable, Hashable {
    public var type: String
    public var attrs: Attributes?
  }

  init(
    _ type: String, attrs: Attributes? = nil, content: [ADFNode]? = nil,
    text: String? = nil, marks: [Mark]? = nil
  ) {
    self.type = type
    self.attrs = attrs
    self.content = content
    self.text = text
    self.marks = marks
  }

  /// A document of these blocks.
  static func document(_ blocks: [ADFNode]) -> ADFNode {
    var doc = ADFNode("doc", content: blocks)
    doc.version = 1
    return doc
  }
}

/// Atlassian Document Format for Jira Cloud: headings, a task list of the checks (each with a localId
/// and TODO/DONE state), Gherkin in code blocks, and no empty text nodes (the schema forbids them).
public enum ADFBody {
  static let strong = [ADFNode.Mark(type: "strong")]

  /// The ticket's description as an ADF document.
  public static func document(for ticket: Ticket) -> ADFNode {
    var content: [ADFNode] = [paragraph(ticket.summary)]
    if let finding = ticket.finding { content += findingNodes(finding) }
    let checks = ticket.checklist.filter { !$0.notApplicable }
    if !checks.isEmpty {
      content.append(heading("Checks", level: 2))
      content.append(
        ADFNode(
          "taskList",
          attrs: .init(localId: "checks-" + IdentityHash.hex(ticket.identity)),
          content: checks.map { item in
            ADFNode(
              "taskItem",
              attrs: .init(
                localId: IdentityHash.hex(item.id),
                state: item.done ? "DONE" : "TODO"),
              content: [
                text(item.label, marks: strong), text(" — " + item.detail),
              ].compactMap { $0 })
          }))
    }
    // A check that expects N/A is no task: a task list's count is what there is to check.
    let notApplicable = ticket.checklist.filter(\.notApplicable)
    if !notApplicable.isEmpty {
      content.append(heading(ChecklistItem.notApplicableTitle, level: 2))
      content.append(
        bulletList(notApplicable.map { ($0.label, " — " + $0.detail) }))
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      content.append(heading("Scenario: " + scenario.name, level: 3))
      let lines = scenario.steps.flatMap(\.flattened).map {
        "\($0.keyword.rawValue) \($0.text)"
      }
      content.append(
        ADFNode(
          "codeBlock", attrs: .init(language: "gherkin"),
          content: [text(lines.joined(separator: "\n"))].compactMap { $0 }))
    }
    if let reference = ticket.reference {
      let link = LinkTarget.web(reference).map {
        [ADFNode.Mark(type: "link", attrs: .init(href: $0))]
      }
      content.append(
        ADFNode(
          "paragraph",
          content: [
            text("Full information: "), text(reference, marks: link ?? []),
          ].compactMap { $0 }))
    }
    content.append(paragraph(ticket.markerLine))
    return .document(content)
  }

  static func findingNodes(_ finding: Finding) -> [ADFNode] {
    var nodes = [
      heading("Audit finding", level: 2),
      bulletList(finding.facts.map { ($0.name + ": ", $0.value) }),
    ]
    if !finding.steps.isEmpty {
      nodes.append(heading(Finding.stepsTitle, level: 2))
      nodes.append(
        ADFNode(
          "orderedList",
          content: finding.steps.map {
            ADFNode("listItem", content: [paragraph($0)])
          }))
    }
    return nodes
  }

  /// A bullet list whose items each open with a strong part.
  static func bulletList(_ items: [(strong: String, rest: String)]) -> ADFNode {
    ADFNode(
      "bulletList",
      content: items.map { strong, rest in
        ADFNode(
          "listItem",
          content: [
            ADFNode(
              "paragraph",
              content: [text(strong, marks: Self.strong), text(rest)]
                .compactMap { $0 })
          ])
      })
  }

  static func heading(_ title: String, level: Int) -> ADFNode {
    ADFNode(
      "heading", attrs: .init(level: level),
      content: [text(title)].compactMap { $0 })
  }

  static func paragraph(_ body: String) -> ADFNode {
    ADFNode("paragraph", content: [text(body)].compactMap { $0 })
  }

  /// A text node, or nil for empty text (ADF rejects `"text": ""`).
  static func text(_ value: String, marks: [ADFNode.Mark] = []) -> ADFNode? {
    guard !value.isEmpty else { return nil }
    return ADFNode("text", text: value, marks: marks.isEmpty ? nil : marks)
  }
}
