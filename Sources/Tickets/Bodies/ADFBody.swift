import CriteriaModel

/// Atlassian Document Format for Jira Cloud: headings, a task list of the checks (each with a localId
/// and TODO/DONE state), Gherkin in code blocks, and no empty text nodes (the schema forbids them).
public enum ADFBody {
  /// The ADF document as JSON-ready values.
  public static func document(for ticket: Ticket) -> [String: Any] {
    var content: [[String: Any]] = [paragraph(ticket.summary)]
    if let finding = ticket.finding { content += findingNodes(finding) }
    if !ticket.checklist.isEmpty {
      content.append(heading("Checks", level: 2))
      content.append([
        "type": "taskList",
        "attrs": ["localId": "checks-" + IdentityHash.hex(ticket.identity)],
        "content": ticket.checklist.map { item -> [String: Any] in
          [
            "type": "taskItem",
            "attrs": [
              "localId": IdentityHash.hex(item.id),
              "state": item.done ? "DONE" : "TODO",
            ],
            "content": [
              text(item.label, marks: [["type": "strong"]]),
              text(" — " + item.detail),
            ].compactMap { $0 },
          ]
        },
      ])
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      content.append(heading("Scenario: " + scenario.name, level: 3))
      let lines = scenario.steps.flatMap(\.flattened).map {
        "\($0.keyword.rawValue) \($0.text)"
      }
      content.append([
        "type": "codeBlock", "attrs": ["language": "gherkin"],
        "content": [text(lines.joined(separator: "\n"))].compactMap { $0 },
      ])
    }
    if let reference = ticket.reference {
      content.append([
        "type": "paragraph",
        "content": [
          text("Full information: "),
          text(
            reference,
            marks: LinkTarget.web(reference).map {
              [["type": "link", "attrs": ["href": $0]]]
            } ?? []),
        ].compactMap { $0 },
      ])
    }
    content.append(paragraph(ticket.markerLine))
    return ["type": "doc", "version": 1, "content": content]
  }

  static func findingNodes(_ finding: Finding) -> [[String: Any]] {
    let facts = finding.facts
    return [
      heading("Audit finding", level: 2),
      [
        "type": "bulletList",
        "content": facts.map { name, value -> [String: Any] in
          [
            "type": "listItem",
            "content": [
              [
                "type": "paragraph",
                "content": [
                  text(name + ": ", marks: [["type": "strong"]]), text(value),
                ].compactMap { $0 },
              ]
            ],
          ]
        },
      ],
    ]
  }

  static func heading(_ title: String, level: Int) -> [String: Any] {
    [
      "type": "heading", "attrs": ["level": level],
      "content": [text(title)].compactMap { $0 },
    ]
  }

  static func paragraph(_ body: String) -> [String: Any] {
    ["type": "paragraph", "content": [text(body)].compactMap { $0 }]
  }

  /// A text node, or nil for empty text (ADF rejects `"text": ""`).
  static func text(_ value: String, marks: [[String: Any]] = []) -> [String:
    Any]?
  {
    guard !value.isEmpty else { return nil }
    var node: [String: Any] = ["type": "text", "text": value]
    if !marks.isEmpty { node["marks"] = marks }
    return node
  }
}
