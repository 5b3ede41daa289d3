import CriteriaModel
import Foundation

/// Plain-text bodies for the trackers that take markup: GitHub/GitLab Markdown, Jira wiki markup,
/// Azure DevOps HTML, and Redmine text (read the same in its Textile and Markdown modes).
///
/// Every body has the same parts in the same order (the summary, the audit finding, the checks, each
/// scenario's steps, the link to the full information, the hidden marker), laid out once in `render`;
/// each markup says only how a part is written.
public enum TextBodies {
  /// How one markup writes each part of a body.
  struct Markup {
    /// Document text as this markup shows it literally.
    var text: (String) -> String
    /// The summary's lines.
    var summary: (String) -> [String]
    /// A titled list: its heading and items (each already written).
    var section: (_ title: String, _ items: [String]) -> [String]
    /// A titled numbered list: its heading and items (each written with `text`).
    var ordered: (_ title: String, _ items: [String]) -> [String]
    /// One fact of an audit finding: its name as it is, its value as `text` writes it.
    var fact: (_ name: String, _ value: String) -> String
    /// One check, ticked when done.
    var check: (_ done: Bool, _ label: String, _ detail: String) -> String
    /// One check that expects N/A, with no box to tick.
    var notApplicable: (_ label: String, _ detail: String) -> String
    /// A scenario's name and its steps as plain lines.
    var scenario: (_ name: String, _ steps: [String]) -> [String]
    /// The "Full information" line: a link when the reference is a web address.
    var reference: (_ link: String?, _ text: String) -> [String]
    /// The hidden identity marker.
    var marker: (String) -> String
  }

  /// The body of `ticket` in `markup`: the one layout every markup shares.
  static func render(_ ticket: Ticket, _ markup: Markup) -> String {
    var lines = markup.summary(ticket.summary)
    if let finding = ticket.finding {
      lines += markup.section(
        "Audit finding",
        finding.facts.map { markup.fact($0.name, markup.text($0.value)) })
      if !finding.steps.isEmpty {
        lines += markup.ordered(
          Finding.stepsTitle, finding.steps.map(markup.text))
      }
    }
    let checks = ticket.checklist.filter { !$0.notApplicable }
    if !checks.isEmpty {
      lines += markup.section(
        "Checks",
        checks.map {
          markup.check($0.done, markup.text($0.label), markup.text($0.detail))
        })
    }
    // A check that expects N/A is no task: a task list's count is what there is to check.
    let notApplicable = ticket.checklist.filter(\.notApplicable)
    if !notApplicable.isEmpty {
      lines += markup.section(
        ChecklistItem.notApplicableTitle,
        notApplicable.map {
          markup.notApplicable(markup.text($0.label), markup.text($0.detail))
        })
    }
    for scenario in ticket.scenarios where !scenario.steps.isEmpty {
      lines += markup.scenario(scenario.name, steps(scenario))
    }
    if let reference = ticket.reference {
      lines += markup.reference(LinkTarget.web(reference), reference)
    }
    lines.append(markup.marker(ticket.markerLine))
    return lines.joined(separator: "\n")
  }

  /// GitHub-flavoured Markdown with a task list and a hidden identity marker.
  public static func markdown(_ ticket: Ticket) -> String {
    render(
      ticket,
      Markup(
        text: markdownText, summary: { [markdownText($0), ""] },
        section: { ["## \($0)", ""] + $1 + [""] },
        ordered: { title, items in
          ["## \(title)", ""]
            + items.enumerated().map { "\($0.offset + 1). \($0.element)" }
            + [""]
        },
        fact: { "- **\($0):** \($1)" },
        check: { "- [\($0 ? "x" : " ")] **\($1)** — \($2)" },
        notApplicable: { "- **\($0)** — \($1)" },
        scenario: {
          ["### Scenario: \(markdownText($0))", "", "```gherkin"] + $1 + [
            "```", "",
          ]
        },
        reference: { link, text in
          [
            link.map { "[Full information](\($0))" }
              ?? "Full information: \(markdownText(text))", "",
          ]
        },
        marker: { "<!-- \($0) -->" }))
  }

  /// Jira Server / Data Center wiki markup.
  public static func wiki(_ ticket: Ticket) -> String {
    render(
      ticket,
      Markup(
        text: escapeWiki, summary: { [escapeWiki($0), ""] },
        section: { ["h2. \($0)"] + $1 + [""] },
        ordered: { ["h2. \($0)"] + $1.map { "# " + $0 } + [""] },
        fact: { "* *\($0):* \($1)" },
        check: { "* \($0 ? "(/)" : "(x)") *\($1)* — \($2)" },
        notApplicable: { "* *\($0)* — \($1)" },
        scenario: {
          ["h3. Scenario: \(escapeWiki($0))", "{noformat}"] + $1
            + ["{noformat}", ""]
        },
        reference: { link, text in
          [
            link.map { "[Full information|\($0)]" }
              ?? "Full information: \(escapeWiki(text))", "",
          ]
        },
        marker: wikiMarker))
  }

  /// HTML for Azure DevOps' System.Description.
  public static func html(_ ticket: Ticket) -> String {
    render(
      ticket,
      Markup(
        text: escapeHTML, summary: { ["<p>\(escapeHTML($0))</p>"] },
        section: { ["<h2>\($0)</h2><ul>" + $1.joined() + "</ul>"] },
        ordered: { title, items in
          [
            "<h2>\(title)</h2><ol>"
              + items.map { "<li>\($0)</li>" }.joined() + "</ol>"
          ]
        },
        fact: { "<li><b>\(escapeHTML($0)):</b> \($1)</li>" },
        check: {
          "<li>\($0 ? "&#9745;" : "&#9744;") <b>\($1)</b> — \($2)</li>"
        },
        notApplicable: { "<li><b>\($0)</b> — \($1)</li>" },
        scenario: {
          [
            "<h3>Scenario: \(escapeHTML($0))</h3><pre>\(escapeHTML($1.joined(separator: "\n")))</pre>"
          ]
        },
        reference: { link, text in
          [
            link.map {
              "<p><a href=\"\(escapeHTML($0))\">Full information</a></p>"
            } ?? "<p>Full information: \(escapeHTML(text))</p>"
          ]
        },
        marker: { "<!-- \(escapeHTML($0)) -->" }))
  }

  /// Redmine description text.
  public static func redmine(_ ticket: Ticket) -> String {
    render(
      ticket,
      Markup(
        text: { $0 }, summary: { [$0, ""] },
        section: { ["\($0):", ""] + $1 + [""] },
        // Numbered by hand: Textile and Markdown number lists differently, and both show this as written.
        ordered: { title, items in
          ["\(title):", ""]
            + items.enumerated().map { "\($0.offset + 1). \($0.element)" }
            + [""]
        },
        fact: { "* \($0): \($1)" },
        check: { "* [\($0 ? "x" : " ")] \($1) — \($2)" },
        notApplicable: { "* \($0) — \($1)" },
        scenario: { ["Scenario: \($0)", "", "<pre>"] + $1 + ["</pre>", ""] },
        reference: { _, text in ["Full information: \(text)", ""] },
        marker: { $0 }))
  }

  static func steps(_ scenario: Scenario) -> [String] {
    scenario.steps.flatMap(\.flattened).map {
      "\($0.keyword.rawValue) \($0.text)"
    }
  }

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

  /// A marker as wiki markup shows it: grey, so it reads as a note rather than content.
  static func wikiMarker(_ marker: String) -> String {
    "{color:#999999}\(marker){color}"
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

/// The words of a body cut into a tracker's issue and comments.
extension TextPieces {
  /// The words ending a piece that a tracker's next comment continues: `continued in the next comment, 2
  /// of 3` (the next piece's number, and how many there are).
  static func continuation(_ next: Int, of count: Int) -> String {
    "(continued in the next comment, \(next) of \(count))"
  }

  /// The paragraph ending a Markdown or wiki piece that the next comment continues: the words in
  /// italics (`_…_` in both), after a blank line.
  static func continuationParagraph(_ next: Int, of count: Int) -> String {
    "\n\n_" + continuation(next, of: count) + "_"
  }

  /// What a continuation comment says once an update's shorter body no longer needs it.
  static let retiredContinuation =
    "(this comment continued the ticket's text; since an update the text ends before it)"
}

extension String {
  /// The text without white space, for comparing what a tracker holds with what criteria sent: trackers
  /// store line ends and spacing their own way.
  var withoutWhiteSpace: String {
    String(
      unicodeScalars.filter {
        !CharacterSet.whitespacesAndNewlines.contains($0)
      })
  }
}
