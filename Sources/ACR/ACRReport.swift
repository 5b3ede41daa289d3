import Audit
import Conformance
import CriteriaModel

/// One component's answer for one success criterion: the conformance term and the remarks.
public struct ACRAdherence: Sendable, Hashable {
  public var term: ACRTerm
  public var remarks: String
}

/// One success criterion's row of a VPAT table.
public struct ACRRow: Sendable, Hashable {
  public var criterion: SuccessCriterion
  public var adherence: [ACRComponent: ACRAdherence]
}

/// One VPAT table: the success criteria of one level.
public struct ACRChapter: Sendable, Hashable {
  /// The OpenACR chapter id, such as `success_criteria_level_a`.
  public var id: String
  /// "Table 1: Success Criteria, Level A".
  public var label: String
  public var level: WCAGLevel
  public var rows: [ACRRow]

  /// How many rows of each component have each term.
  public func counts(_ component: ACRComponent) -> [ACRTerm: Int] {
    var counts: [ACRTerm: Int] = [:]
    for row in rows {
      if let term = row.adherence[component]?.term {
        counts[term, default: 0] += 1
      }
    }
    return counts
  }
}

/// One Section 508 provision's row: one conformance level for the product, and the remarks.
public struct ACRProvisionRow: Sendable, Hashable {
  public var provision: ProvisionStandard.Provision
  public var adherence: ACRAdherence
  /// A heading or informative clause (EN 301 549's 11.5): printed as VPAT prints it, with no level.
  public var heading = false
}

/// One chapter of the Revised Section 508 or EN 301 549 report (Chapter 3: Functional Performance
/// Criteria, …).
public struct ACRProvisionChapter: Sendable, Hashable {
  /// The report it is in: "Revised Section 508 Report", "EN 301 549 Report".
  public var reportHeading: String
  public var id: String
  public var label: String
  public var rows: [ACRProvisionRow]
  /// What VPAT says in place of the table (EN 301 549's Clause 9, Web, is the WCAG tables), or empty.
  public var notes = ""
  /// The chapter's own answer when it alone answers every provision (hardware Not Applicable).
  ///
  /// The chapter prints as one line, not a table of identical rows. OpenACR still lists each provision.
  public var whole: ACRAdherence?

  /// The provisions that take a level: every row but the heading rows.
  public var answerable: [ACRProvisionRow] { rows.filter { !$0.heading } }
}

/// The Accessibility Conformance Report, ready to be written as OpenACR, Markdown or HTML.
public struct ACRReport: Sendable {
  public var settings: ACRSettings
  /// The title as printed ("Draft: " first when a draft).
  public var title: String
  /// `YYYY-MM-DD`.
  public var reportDate: String
  /// The product types the audit has rows for.
  public var components: [ACRComponent]
  public var chapters: [ACRChapter]
  /// Whether Level A or AA criteria without evidence were marked Not Evaluated (`--draft`).
  public var draft: Bool
  /// How many checklist rows the report rests on.
  public var rowCount: Int
  /// How many checks of today's criteria the audit lacks, counted not tested (`ACREvidence.inAudit`).
  public var lackingCount = 0
  /// How many findings among the rows a refresh retired are counted (`ACREvidence.retired`).
  public var retiredCount = 0
  /// The tool version, for the generator note.
  public var toolVersion: String
  /// Failed or uncertain rows that name no success criterion (a draft lists them; a final report
  /// refuses to be made while there are any).
  public var unmappedFindings: [ACREvidence] = []

  /// What the report rests on, for its opening words: "a manual audit of 57 checklist rows (and 1 check
  /// of today's criteria it lacks, counted not tested)".
  public var auditPhrase: String {
    let also = [
      lackingCount == 0
        ? ""
        : "\(Counted.phrase(lackingCount, "check")) of today's criteria it lacks, counted not tested",
      retiredCount == 0
        ? ""
        : "\(Counted.phrase(retiredCount, "finding")) among the rows a refresh retired, "
          + "counted until retested",
    ].filter { !$0.isEmpty }
    return "a manual audit of \(rowCount) checklist rows"
      + (also.isEmpty ? "" : " (and " + also.joined(separator: "; and ") + ")")
  }

  /// The platforms the evaluated rows are on, in the audit's order (one when `--platform` chose it).
  public var platforms: [String] = []

  /// What the audit covered: each component on each platform with its evaluated checks, the testers,
  /// and the days they recorded results.
  public var scope = ACRScope()

  /// The Revised Section 508 and EN 301 549 chapters the edition has (none in the WCAG edition).
  public var provisionChapters: [ACRProvisionChapter] = []

  /// What a reviewer should know about the evidence (a Failed WCAG outside a row's WCAG column).
  public var warnings: [String] = []

  /// The pages of the ticket keys the audit names, as the config's ledgers recorded them (web addresses
  /// only): the writers link each key where the remarks name it.
  public var ticketLinks: [String: String] = [:]

  /// The languages the documents and the testers' notes are written in (the config's `language` and
  /// `notes_language`): the HTML page marks the words it quotes from them (`quoted`) when they are not
  /// English.
  public var languages = TextLanguages()
  /// The phrases of the documents and of the notes the remarks and scope quote (`ACRQuoted.phrases`).
  public var quoted: (names: Set<String>, notes: Set<String>) = ([], [])

  /// Each quoted phrase with the language a page marks it with; none in English.
  public var quotedLanguages: [String: ContentLanguage] {
    var marked: [String: ContentLanguage] = [:]
    if let notes = languages.notes, notes.differsFromPage {
      for phrase in quoted.notes { marked[phrase] = notes }
    }
    // A note that is also a name is the documents' words.
    if let documents = languages.documents, documents.differsFromPage {
      for phrase in quoted.names { marked[phrase] = documents }
    }
    return marked
  }

  /// Remarks as a writer shows them: the text through `escape`, each ticket key `ticketLinks` knows
  /// through `link` (key, address).
  ///
  /// A key counts where the remarks name a ticket ("ticket A11Y-7"), as a whole token (`A11Y-7` never
  /// inside `A11Y-70`), so a numeric key (Redmine's `7`) never links a count; longer keys are tried first.
  public func linked(
    _ remarks: String, escape: (String) -> String,
    link: (_ key: String, _ url: String) -> String
  ) -> String {
    guard !ticketLinks.isEmpty else { return escape(remarks) }
    let keys = ticketLinks.keys.sorted {
      $0.count > $1.count || ($0.count == $1.count && $0 < $1)
    }
    func edge(_ character: Character?) -> Bool {
      guard let character else { return true }
      return
        !(character.isLetter || character.isNumber || character == "-"
        || character == "_")
    }
    var out = ""
    var plain = ""
    var index = remarks.startIndex
    scan: while index < remarks.endIndex {
      if remarks[..<index].hasSuffix("ticket ") {
        for key in keys where remarks[index...].hasPrefix(key) {
          let end = remarks.index(index, offsetBy: key.count)
          guard edge(end < remarks.endIndex ? remarks[end] : nil),
            let url = ticketLinks[key]
          else { continue }
          out += escape(plain) + link(key, url)
          plain = ""
          index = end
          continue scan
        }
      }
      plain.append(remarks[index])
      index = remarks.index(after: index)
    }
    return out + escape(plain)
  }

  /// The line above a WCAG table: "Summary: Web: 30 Supports, 2 Partially Supports; Software: …".
  public func summaryLine(_ chapter: ACRChapter) -> String {
    "Summary: "
      + components.map { kind in
        "\(kind.label): "
          + ACRTerm.allCases.compactMap { term in
            chapter.counts(kind)[term].map { "\($0) \(term.label)" }
          }.joined(separator: ", ")
      }.joined(separator: "; ")
  }

  /// What the WCAG tables rest on, under the scoping note.
  public var conformanceSentence: String {
    "Conformance per success criterion for \(components.map(\.label).joined(separator: " and ")), "
      + "from \(auditPhrase)."
  }

  /// The one line a chapter answered whole prints in place of its table.
  ///
  /// For example: "Not Applicable for every provision of this chapter: The product has no hardware."
  public static func wholeLine(_ answer: ACRAdherence) -> String {
    "\(answer.term.label) for every provision of this chapter"
      + (answer.remarks.isEmpty ? "." : ": \(answer.remarks)")
  }

  /// The VPAT revision the report follows, printed under the title.
  public static let basedOn = "Based on VPAT® Version 2.5Rev"

  /// Whether any Level AAA criterion was evaluated rather than marked Not Evaluated.
  ///
  /// When none was, the report says Level AAA (No) and prints Table 3 as one line, not a table of Not Evaluated rows
  /// (OpenACR: the chapter is `disabled`).
  public var aaaEvaluated: Bool {
    chapters.contains { chapter in
      chapter.level == .aaa
        && chapter.rows.contains { row in
          row.adherence.values.contains { $0.term != .notEvaluated }
        }
    }
  }

  /// Whether `chapter`'s table is left out: Level AAA, none of it evaluated.
  public func isUnreported(_ chapter: ACRChapter) -> Bool {
    chapter.level == .aaa && !aaaEvaluated
  }

  /// The line that stands for a table left out.
  public static let aaaNotReported =
    "Level AAA was not evaluated (see Applicable Standards/Guidelines); its success criteria are not reported."

  /// VPAT's "Applicable Standards/Guidelines": each standard and whether each level is in the report
  /// (Level AAA only when some AAA criterion was evaluated rather than marked Not Evaluated).
  public var applicableStandards: [(standard: String, included: String)] {
    let aaa = aaaEvaluated
    let levels =
      "Level A (Yes), Level AA (Yes), Level AAA (\(aaa ? "Yes" : "No"))"
    var standards: [(standard: String, included: String)] = [
      (standard: "Web Content Accessibility Guidelines 2.2", included: levels)
    ]
    for standard in settings.provisionStandards {
      standards.append((standard: standard.name, included: "Yes"))
    }
    return standards
  }

  /// The facts VPAT expects that the config leaves out, each with the key that gives it.
  public var missingFacts: [String] {
    var missing: [String] = []
    if settings.productVersion.isEmpty {
      missing.append(
        "acr.product.version: no product version; VPAT reports on one version")
    }
    if settings.vendor.name.isEmpty && settings.vendor.companyName.isEmpty {
      missing.append(
        "acr.vendor: no vendor; VPAT names the company that answers for the report"
      )
    }
    if settings.evaluationMethods.isEmpty {
      missing.append(
        "acr.evaluation_methods_used: no evaluation methods; buyers read how the product was tested"
      )
    }
    if settings.legalDisclaimer.isEmpty {
      missing.append("acr.legal_disclaimer: no legal disclaimer")
    }
    return missing
  }

  /// VPAT 2.5's note under the WCAG report's heading, in the template's words: the text before the link,
  /// the link's text and address, and the text after it. (The template says "WCAG 2.x" and links WCAG
  /// 2.0's conformance requirements; published VPAT 2.5 reports carry it so.)
  public static let wcagScopingNote = (
    before:
      "Note: When reporting on conformance with the WCAG 2.x Success Criteria, they are scoped for full pages, "
      + "complete processes, and accessibility-supported ways of using technology as documented in the ",
    link: "WCAG 2.0 Conformance Requirements",
    url: "https://www.w3.org/TR/WCAG20/#conformance-reqs",
    after: "."
  )

  /// VPAT's "Tables 1 and 2 also document conformance with:", limited to what this audit tested.
  ///
  /// In the 508 and International editions, VPAT's list names Section 508's 501.1 Scope (whose "Web" and
  /// "Software" the WCAG rows stand for) and EN 301 549's Clause 9 (Web) and Clauses 11.1–11.4
  /// (Software), each here only when the audit has rows of that product type; it also names non-web
  /// documents, authoring tools and support documentation (504.2, 602.3, Clause 10, 11.8.2, Clause 12),
  /// which a checklist of user-interface checks does not test: those stay in their chapters, answered in
  /// the answers file.
  public var wcagTablesAlsoDocument: [String] {
    let types = components.map(\.label).joined(separator: " and ")
    var lines: [String] = []
    for standard in settings.provisionStandards where !types.isEmpty {
      if standard == .section508 {
        lines.append("Revised Section 508: Chapter 5 – 501.1 Scope (\(types))")
        continue
      }
      var clauses: [String] = []
      if components.contains(.web) { clauses.append("Clause 9 – Web") }
      if components.contains(.software) {
        clauses.append("Clauses 11.1–11.4 of Clause 11 – Software")
      }
      lines.append("EN 301 549: " + clauses.joined(separator: "; "))
    }
    return lines
  }

  /// What the report says where EN 301 549's Clause 9 (Web) would have its table: VPAT points to the
  /// WCAG tables, which document it only when the audit has web rows.
  public static func webClauseNote(web: Bool) -> String {
    web
      ? "See the WCAG 2.2 Report: its Web conformance levels in Tables 1 and 2 document Clause 9."
      : "The audit has no web rows: the WCAG 2.2 Report documents software only and does not speak for Clause 9."
  }

  /// The draft's section listing `unmappedFindings`.
  public static let unmappedHeading = "Findings not mapped to a criterion"

  /// The facts VPAT lists above the tables (product, date, contact, notes, methods), in its order.
  public var facts: [(String, String)] {
    var facts = [("Name of product", settings.productName)]
    if !settings.productVersion.isEmpty {
      facts.append(("Version", settings.productVersion))
    }
    if !settings.productDescription.isEmpty {
      facts.append(("Product description", settings.productDescription))
    }
    facts.append(("Report date", reportDate))
    // Contact information: the vendor who answers for the report and its author, as separate blocks.
    for (label, contact) in [
      ("Contact information (vendor)", settings.vendor),
      ("Contact information (report author)", settings.author),
    ] where !contact.fields.isEmpty {
      facts.append((label, contact.fields.map(\.1).joined(separator: ", ")))
    }
    if !settings.notes.isEmpty { facts.append(("Notes", settings.notes)) }
    if !settings.evaluationMethods.isEmpty {
      facts.append(("Evaluation methods used", settings.evaluationMethods))
    }
    if !platforms.isEmpty {
      facts.append(("Platforms evaluated", platforms.joined(separator: ", ")))
    }
    return facts
  }
}

/// What an audit covered, for the report's scope.
public struct ACRScope: Sendable, Hashable {
  /// One component on one platform and how many of its checks have a result.
  public struct Unit: Sendable, Hashable {
    public var component: String
    public var platform: String
    public var evaluated: Int
    public var rows: Int
  }

  public var units: [Unit] = []
  public var testers: [String] = []
  /// The first and last day a result was recorded on, when the audit has dates.
  public var firstDay = ""
  public var lastDay = ""
  /// How each check was tied to success criteria (whose rules, and whether the audit's WCAG column was
  /// checked against them), so a reader can weigh what a Supports rests on; empty when not said.
  public var mapping = ""

  /// Creates an empty scope.
  public init() {}

  /// The scope of these rows, in the audit's order.
  public init(_ evidence: [ACREvidence]) {
    var index: [String: Int] = [:]
    for row in evidence {
      let key = row.componentName + "\u{1F}" + row.platform
      if index[key] == nil {
        index[key] = units.count
        units.append(
          Unit(
            component: row.componentName, platform: row.platform, evaluated: 0,
            rows: 0))
      }
      let at = index[key] ?? 0
      units[at].rows += 1
      if row.outcome != .notTested { units[at].evaluated += 1 }
      if !row.tester.isEmpty, !testers.contains(row.tester) {
        testers.append(row.tester)
      }
    }
    // Days however a spreadsheet spelled them (11/20/2026 is 2026-11-20); a Date naming no one day is
    // left out of the range.
    let days = evidence.compactMap { AuditDate.unambiguousDay($0.date) }
      .sorted()
    firstDay = days.first ?? ""
    lastDay = days.last ?? ""
  }

  /// The scope, then how checks were tied to criteria, as paragraphs (the coverage of each component is
  /// the report's appendix, `coverageHeading`).
  public var paragraphs: [String] {
    [summary, mapping].filter { !$0.isEmpty }
  }

  /// The appendix that lists each component on each platform with its evaluated checks.
  public static let coverageHeading = "Appendix: Coverage by component"

  /// The components on a platform none of whose checks has a result: out of the evaluation's scope.
  public var outOfScope: [Unit] { units.filter { $0.evaluated == 0 } }

  /// What, for whom and since when, in one paragraph.
  ///
  /// For example: "Sample App 1.0 for iOS, Android and the web, tested from 2026-11-02 to 2026-11-05 by
  /// Ana and Ben against MagentaA11y acceptance criteria: 4 components, 51 of 52 checks evaluated (the
  /// appendix lists each). Not evaluated, so not in scope: Timer on iOS."
  public var summary: String {
    guard !units.isEmpty else { return "" }
    var platforms: [String] = []
    for unit in units
    where unit.evaluated > 0 && !platforms.contains(unit.platform) {
      platforms.append(unit.platform)
    }
    let named = platforms.map { $0 == "Web" ? "the web" : $0 }
    let inScope = units.filter { $0.evaluated > 0 }
    let components = Set(inScope.map(\.component)).count
    var text = product.isEmpty ? "The product" : product
    if !named.isEmpty {
      text += " for " + Remarks.list(named, more: "platforms")
    }
    if !firstDay.isEmpty {
      text +=
        firstDay == lastDay
        ? ", tested on \(firstDay)" : ", tested from \(firstDay) to \(lastDay)"
    } else {
      text += ", tested"
    }
    if !testers.isEmpty {
      text += " by " + Remarks.list(testers, more: "testers")
    }
    let evaluated = inScope.map(\.evaluated).reduce(0, +)
    let rows = inScope.map(\.rows).reduce(0, +)
    text +=
      " against MagentaA11y acceptance criteria: \(Counted.phrase(components, "component")), "
      + "\(evaluated) of \(rows) checks evaluated (the appendix lists each)."
    let left = outOfScope.map { "\($0.component) on \($0.platform)" }
    if !left.isEmpty {
      text +=
        " Not evaluated, so not in scope: "
        + (left.count > 8
          ? left.prefix(8).joined(separator: ", ")
            + " and \(left.count - 8) more"
          : Remarks.list(left, more: "components"))
        + "."
    }
    return text
  }

  /// The product and version the scope names ("Sample App 1.0").
  public var product = ""

  /// Says how the audit's checks were tied to success criteria.
  ///
  /// `ruleFiles` are a team's mapping rules added to criteria's own; `hasWCAGColumn` whether the audit
  /// names each row's criteria itself; `checked` whether its WCAG cells were compared with today's
  /// mapping of the criteria (the config's sources read).
  public static func mappingSentence(
    ruleFiles: [String], hasWCAGColumn: Bool, checked: Bool, toolVersion: String
  ) -> String {
    let files = ruleFiles.map {
      $0.split(separator: "/").last.map(String.init) ?? $0
    }
    let rules =
      "criteria \(toolVersion)'s mapping rules"
      + (files.isEmpty
        ? ""
        : " (and the team's rules in \(files.joined(separator: ", ")))")
    let never = ". A criterion a check only relates to is not counted."
    if !hasWCAGColumn {
      return
        "Each check counts only for the WCAG success criteria \(rules) say it tests"
        + never
    }
    if checked {
      return
        "Each check counts only for the WCAG success criteria it tests: those the audit records for it, "
        + "checked against \(rules)" + never
    }
    return
      "Each check counts for the WCAG success criteria the audit records for it; these were not checked "
      + "against today's mapping, because the criteria documents could not be read."
  }
}
