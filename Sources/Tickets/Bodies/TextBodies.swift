import CriteriaModel
import Foundation

/// Plain-text bodies for the trackers that take markup: GitHub/GitLab Markdown, Jira wiki markup,
/// Azure DevOps HTML, and Redmine text (read the same in its Textile and Markdown modes).
public enum TextBodies {
  /// GitHub-flavoured Markdown with a task list and a hidden identity marker.
  public static func markdown(_ ticket: Ticket) -> String {
    var lines = [markdownText(ticket.summary), ""]
    if let finding = ticket.finding {
      lines +=
        ["## Audit finding", ""]
        + facts(finding).map { "- **\($0.0):** \(markdownText($0.1))" } + [""]
    }
    if !ticket.checklist.isEmpty {
      lines +=
        ["## Checks", ""]
        + ticket.checklist.map {
          "- [\($0.done ? "x" : " ")] **\(markdownText($0.label))** — \(markdownText($0.detail))"
        } + [""]
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      lines +=
        ["### Scenario: \(scenario.name)", "", "```gherkin"] + steps(scenario)
        + ["```", ""]
    }
    if let reference = ticket.reference {
      lines += [
        LinkTarget.web(reference).map { "[Full information](\($0))" }
          ?? "Full information: \(markdownText(reference))", "",
      ]
    }
    lines.append("<!-- \(ticket.markerLine) -->")
    return lines.joined(separator: "\n")
  }

  /// Jira Server / Data Center wiki markup.
  public static func wiki(_ ticket: Ticket) -> String {
    var lines = [escapeWiki(ticket.summary), ""]
    if let finding = ticket.finding {
      lines +=
        ["h2. Audit finding"]
        + facts(finding).map { "* *\($0.0):* \(escapeWiki($0.1))" } + [""]
    }
    if !ticket.checklist.isEmpty {
      lines +=
        ["h2. Checks"]
        + ticket.checklist.map {
          "* \($0.done ? "(/)" : "(x)") *\(escapeWiki($0.label))* — \(escapeWiki($0.detail))"
        } + [""]
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      lines +=
        ["h3. Scenario: \(escapeWiki(scenario.name))", "{noformat}"]
        + steps(scenario) + ["{noformat}", ""]
    }
    if let reference = ticket.reference {
      lines += [
        LinkTarget.web(reference).map { "[Full information|\($0)]" }
          ?? "Full information: \(escapeWiki(reference))", "",
      ]
    }
    lines.append("{color:#999999}\(ticket.markerLine){color}")
    return lines.joined(separator: "\n")
  }

  /// HTML for Azure DevOps' System.Description.
  public static func html(_ ticket: Ticket) -> String {
    var parts = ["<p>\(escapeHTML(ticket.summary))</p>"]
    if let finding = ticket.finding {
      parts.append(
        "<h2>Audit finding</h2><ul>"
          + facts(finding).map {
            "<li><b>\(escapeHTML($0.0)):</b> \(escapeHTML($0.1))</li>"
          }.joined() + "</ul>")
    }
    if !ticket.checklist.isEmpty {
      parts.append(
        "<h2>Checks</h2><ul>"
          + ticket.checklist.map {
            "<li>\($0.done ? "&#9745;" : "&#9744;") <b>\(escapeHTML($0.label))</b> — \(escapeHTML($0.detail))</li>"
          }.joined() + "</ul>")
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      parts.append(
        "<h3>Scenario: \(escapeHTML(scenario.name))</h3><pre>\(escapeHTML(steps(scenario).joined(separator: "\n")))</pre>"
      )
    }
    if let reference = ticket.reference {
      parts.append(
        LinkTarget.web(reference).map {
          "<p><a href=\"\(escapeHTML($0))\">Full information</a></p>"
        } ?? "<p>Full information: \(escapeHTML(reference))</p>")
    }
    parts.append("<!-- \(escapeHTML(ticket.markerLine)) -->")
    return parts.joined(separator: "\n")
  }

  /// Redmine description text.
  public static func redmine(_ ticket: Ticket) -> String {
    var lines = [ticket.summary, ""]
    if let finding = ticket.finding {
      lines +=
        ["Audit finding:", ""] + facts(finding).map { "* \($0.0): \($0.1)" } + [
          ""
        ]
    }
    if !ticket.checklist.isEmpty {
      lines +=
        ["Checks:", ""]
        + ticket.checklist.map {
          "* [\($0.done ? "x" : " ")] \($0.label) — \($0.detail)"
        } + [""]
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      lines +=
        ["Scenario: \(scenario.name)", "", "<pre>"] + steps(scenario) + [
          "</pre>", "",
        ]
    }
    if let reference = ticket.reference {
      lines += ["Full information: \(reference)", ""]
    }
    lines.append(ticket.markerLine)
    return lines.joined(separator: "\n")
  }

  static func steps(_ scenario: Scenario) -> [String] {
    scenario.steps.flatMap(\.flattened).map {
      "\($0.keyword.rawValue) \($0.text)"
    }
  }

  static func facts(_ finding: Finding) -> [(String, String)] { finding.facts }

  /// Text for a Markdown list item or paragraph: `<` outside code spans becomes `&lt;`, so a tester's
  /// "the <label> is missing" reads as written instead of vanishing as an HTML tag, while the criteria's own
  /// Markdown (emphasis, `code`) still renders; line breaks stay inside the list item.
  static func markdownText(_ text: String) -> String {
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "`" {
        // A run of n backticks opens a code span that the next run of exactly n closes.
        let run = text[index...].prefix { $0 == "`" }
        let afterRun = run.endIndex
        var search = afterRun
        var closing: Range<String.Index>?
        while let found = text[search...].firstIndex(of: "`") {
          let candidate = text[found...].prefix { $0 == "`" }
          if candidate.count == run.count {
            closing = found..<candidate.endIndex
            break
          }
          search = candidate.endIndex
        }
        if let closing {
          out += text[index..<closing.upperBound]
          index = closing.upperBound
          continue
        }
        out += run
        index = afterRun
        continue
      }
      switch character {
      case "<": out += "&lt;"
      case "\n": out += "\n  "
      default: out.append(character)
      }
      index = text.index(after: index)
    }
    return out
  }

  static func escapeHTML(_ text: String) -> String { HTMLEscape.text(text) }

  /// Wiki markup treats `{`, `[`, `|` and `*` specially; escape the first three so document text stays text.
  static func escapeWiki(_ text: String) -> String {
    var out = ""
    for c in text {
      if c == "{" || c == "[" || c == "|" { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
