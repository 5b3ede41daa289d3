import Conformance
import CriteriaModel

/// Turns evidence into conformance, criterion by criterion, under the rules the README states.
///
/// Per success criterion and product type (web rows; iOS and Android rows as software), by VPAT 2.5's
/// roll-up (`VPATRollup`): Does Not Support when the failing share of the evaluated rows, averaged over
/// the components on each platform, is more than one half; Partially Supports for any other failure;
/// every row Pass or Not applicable, at least one Pass, is Supports; every row Not applicable is Not
/// Applicable (with a reason). Anything else (rows not tested or unsure, or no rows at all) is not enough
/// evidence: an answers file gives those a level by hand, Level AAA becomes Not Evaluated, and Level A
/// and AA stop the report unless it is a draft.
public struct ACRBuilder: Sendable {
  public var settings: ACRSettings
  public var answers: ACRAnswers = ACRAnswers()
  public var draft: Bool = false
  /// `YYYY-MM-DD`, used when the settings give no report date.
  public var today: String
  public var toolVersion: String
  /// Ticket key to its tracker page, from the config's ledgers: the remarks link the keys they name.
  public var ticketLinks: [String: String] = [:]
  /// Today's mapping of each row id's check (from the config's sources and rules), against which the
  /// audit's WCAG cells are checked (`ACREvidence.mappingDisagreement`); nil when it is not known.
  public var mapping: [String: [String]]?

  public init(
    settings: ACRSettings, answers: ACRAnswers = ACRAnswers(),
    draft: Bool = false, today: String, toolVersion: String,
    ticketLinks: [String: String] = [:], mapping: [String: [String]]? = nil
  ) {
    self.settings = settings
    self.answers = answers
    self.draft = draft
    self.today = today
    self.toolVersion = toolVersion
    self.ticketLinks = ticketLinks
    self.mapping = mapping
  }

  /// What the evidence alone says for one criterion and product type: a term, or nil when it is not
  /// enough; the rule is `VPATRollup`'s, which the report shares.
  public static func conformance(_ rows: [ACREvidence]) -> ACRTerm? {
    VPATRollup.term(
      rows.map {
        (
          VPATRollup.unit(component: $0.componentName, platform: $0.platform),
          $0.outcome
        )
      })
  }

  /// The report, or an error listing every Level A and AA criterion that still needs an answer.
  public func build(_ evidence: [ACREvidence]) throws(ACRError) -> ACRReport {
    guard !evidence.isEmpty else {
      throw ACRError("the audit has no rows; an ACR needs test results")
    }
    guard !settings.author.email.isEmpty else {
      throw ACRError(
        "acr.author.email: missing; OpenACR requires the author's e-mail address",
        status: .config)
    }
    guard settings.vendor.fields.isEmpty || !settings.vendor.email.isEmpty
    else {
      throw ACRError(
        "acr.vendor.email: missing; OpenACR requires an e-mail address for the vendor too",
        status: .config)
    }
    guard !settings.productName.isEmpty else {
      throw ACRError(
        "acr.product.name: missing; name the product the report is about",
        status: .config)
    }
    let components = ACRComponent.allCases.filter { kind in
      evidence.contains { $0.component == kind }
    }
    let byCriterion = Self.byCriterion(evidence)
    var missing: [String] = []
    // The Level A and AA criteria a draft marks Not Evaluated, by number.
    var draftOpen: [String] = []
    var contradictions: [String] = []
    var chapters: [ACRChapter] = []
    for (index, level) in WCAGLevel.allCases.enumerated() {
      var rows: [ACRRow] = []
      for criterion in WCAG22.all where criterion.level == level {
        var adherence: [ACRComponent: ACRAdherence] = [:]
        var lacking: [ACRComponent] = []
        for kind in components {
          let rowsHere = byCriterion[criterion.number]?[kind] ?? []
          let answer = answers.answers[criterion.number]?[kind]
          let found = Self.conformance(rowsHere)
          let detail = settings.remarksDetail
          // The answers file's `remarks` stand in place of what the evidence says.
          let own = answer?.remarks ?? ""
          var remarks =
            own.isEmpty
            ? Remarks.evidence(rowsHere, term: found, detail: detail) : own
          if let set = answer?.term, found == nil, own.isEmpty {
            // A level set by hand never stands beside a sentence that contradicts it ("No check of
            // this audit tests it", "Not enough evidence"): the answer's notes say why, and the checks
            // there are are counted.
            remarks =
              rowsHere.isEmpty
              ? ((answer?.notes ?? "").isEmpty
                ? "Evaluated outside this audit's checks." : "")
              : (detail == .full
                ? "Set by hand to \(set.label); this audit's checks alone do not decide it. "
                : "")
                + Remarks.evidence(
                  rowsHere, term: nil, untested: false, detail: detail)
          }
          var term: ACRTerm
          let failures = rowsHere.filter(\.isKnownFailure)
          let place = "\(criterion.number) \(criterion.handle) (\(kind.label))"
          if let set = answer?.term {
            // An answer may not say what the evidence disproves (VPAT's definitions rule).
            if let problem = Self.contradiction(
              set, answer: answer, failures: failures, level: level,
              place: place)
            {
              if !draft {
                contradictions.append(problem)
              } else {
                remarks = "Draft: \(problem). " + remarks
              }
            }
            if set == .supports, !failures.isEmpty,
              let facilitation = answer?.equivalentFacilitation,
              !facilitation.isEmpty
            {
              remarks =
                "Supports through equivalent facilitation: \(facilitation) "
                + remarks
            } else if let found, found != set, detail == .full {
              remarks =
                "Set by hand to \(set.label); the audit alone says \(found.label). "
                + remarks
            }
            term = set
          } else if let found {
            term = found
            // Every row Not applicable: buyers expect the reason ("no video in the product").
            if found == .notApplicable, (answer?.notes ?? "").isEmpty {
              let reason =
                "\(place): every check is Not applicable; give the reason under notes in the answers file"
              if draft {
                remarks = "Draft: reason needed. " + remarks
              } else {
                contradictions.append(reason)
              }
            }
          } else if criterion.obsolete {
            term = .supports
            remarks =
              "WCAG 2.2 removed 4.1.1 Parsing; for WCAG 2.2 it is always satisfied (Understanding 4.1.1)."
          } else if level == .aaa || draft {
            term = .notEvaluated
            if level != .aaa {
              remarks = "Draft: not evaluated yet. " + remarks
              if !draftOpen.contains(criterion.number) {
                draftOpen.append(criterion.number)
              }
            }
          } else {
            lacking.append(kind)
            continue
          }
          if let notes = answer?.notes, !notes.isEmpty {
            remarks = remarks.isEmpty ? notes : remarks + " " + notes
          }
          adherence[kind] = ACRAdherence(
            term: term, remarks: remarks.trimmingCharacters(in: .whitespaces))
        }
        if !lacking.isEmpty {
          missing.append(
            "\(criterion.number) \(criterion.handle) (Level \(level.rawValue); \(lacking.map(\.rawValue).joined(separator: ", ")))"
          )
        }
        rows.append(ACRRow(criterion: criterion, adherence: adherence))
      }
      chapters.append(
        ACRChapter(
          id: "success_criteria_level_\(level.rawValue.lowercased())",
          label:
            "Table \(index + 1): Success Criteria, Level \(level.rawValue)",
          level: level,
          rows: rows))
    }
    // A finding tied to no criterion never vanishes: a final report refuses, a draft lists it.
    let unmapped = evidence.filter(\.isUnmappedFinding)
    var refusals: [String] = []
    if !unmapped.isEmpty, !draft {
      refusals.append(
        "\(unmapped.count) failed or uncertain \(unmapped.count == 1 ? "row names" : "rows name") no WCAG success criterion, "
          + "so no conformance level can account for \(unmapped.count == 1 ? "it" : "them"):\n  "
          + unmapped.map { "\($0.place): \($0.what)" }.joined(separator: "\n  ")
          + "\nGive each its WCAG number (the WCAG column), or pass --draft to list them in the report."
      )
    }
    // A WCAG cell that disagrees with its check's mapping where it would make a claim untrue: a final
    // report refuses, a draft warns.
    let disagreements =
      mapping.map { mapping in
        evidence.compactMap { $0.mappingDisagreement(mapping) }
      } ?? []
    if !disagreements.isEmpty, !draft {
      refusals.append(
        "\(disagreements.count) \(disagreements.count == 1 ? "row's WCAG cell disagrees" : "rows' WCAG cells disagree") "
          + "with today's mapping of \(disagreements.count == 1 ? "its check" : "their checks"), so the report "
          + "would claim what the audit does not show:\n  "
          + disagreements.joined(separator: "\n  ")
          + "\nRefresh the audit (criteria refresh writes today's WCAG column), correct the cells, or map the "
          + "checks in a rules file (wcag.rules); or pass --draft.")
    }
    // The Section 508 and EN 301 549 chapters: the audit's rows where a provision evidence rule says
    // they speak to it, the answers file for the rest.
    let provisions = provisionChapters(evidence)
    let unanswered = provisions.unanswered
    contradictions += provisions.contradictions
    if !unanswered.isEmpty, !draft {
      refusals.append(
        "\(unanswered.count) \(unanswered.count == 1 ? "provision has" : "provisions have") no answer; "
          + "the audit's checks do not speak to them, and VPAT allows Not Evaluated for WCAG Level AAA only:\n  "
          + unanswered.joined(separator: "\n  ")
          + "\nAnswer each in the answers file by its number (302.1:) or a whole chapter by its id "
          + "(hardware: {level: not-applicable, notes: …}), or pass --draft.")
    }
    if !contradictions.isEmpty {
      refusals.append(
        "\(contradictions.count) \(contradictions.count == 1 ? "answer contradicts" : "answers contradict") the audit or VPAT's definitions:\n  "
          + contradictions.joined(separator: "\n  "))
    }
    if !refusals.isEmpty, missing.isEmpty {
      throw ACRError(refusals.joined(separator: "\n"), status: .failure)
    }
    if !missing.isEmpty {
      let answersHint =
        settings.answers.isEmpty
        ? "name an answers file under acr.answers in the config and give each a level and notes there"
        : "give each a level and notes in \(settings.answers)"
      throw ACRError(
        "\(missing.count) Level A and AA success criteria have no or not enough evidence, and VPAT allows "
          + "Not Evaluated for Level AAA only:\n  "
          + missing.joined(separator: "\n  ")
          + "\nTest them, \(answersHint), or pass --draft for a draft that marks them Not Evaluated."
          + (refusals.isEmpty ? "" : "\n" + refusals.joined(separator: "\n")),
        status: .failure)
    }
    // VPAT's title page: "[Company] Accessibility Conformance Report", then the edition.
    let company =
      [settings.vendor.companyName, settings.vendor.name, settings.productName]
      .first { !$0.isEmpty } ?? ""
    let baseTitle =
      settings.title.isEmpty
      ? "\(company) Accessibility Conformance Report, \(settings.editionLabel)"
      : settings.title
    var scope = ACRScope(evidence.filter { !$0.retired })
    scope.product = [settings.productName, settings.productVersion].filter {
      !$0.isEmpty
    }.joined(separator: " ")
    return ACRReport(
      settings: settings, title: draft ? "Draft: " + baseTitle : baseTitle,
      reportDate: settings.reportDate.isEmpty ? today : settings.reportDate,
      components: components, chapters: chapters, draft: draft,
      rowCount: evidence.filter { $0.inAudit && !$0.retired }.count,
      lackingCount: evidence.filter { !$0.inAudit }.count,
      retiredCount: evidence.filter(\.retired).count,
      toolVersion: toolVersion,
      unmappedFindings: draft ? unmapped : [],
      platforms: evidence.reduce(into: [String]()) { seen, row in
        if !seen.contains(row.platform) { seen.append(row.platform) }
      }, scope: scope,
      provisionChapters: provisions.chapters,
      warnings: evidence.compactMap(\.failedWCAGWarning)
        + (draft ? disagreements : []) + unusedAnswers
        + Self.draftWarning(criteria: draftOpen, provisions: unanswered),
      // Pages on the web only, as a browser reads the address: a ledger is a file anyone could edit.
      ticketLinks: ticketLinks.compactMapValues(LinkTarget.web).filter {
        key, url in
        url.lowercased().hasPrefix("http")
          && evidence.contains { $0.ticket == key }
      })
  }

  /// What a draft leaves for the final ACR, said once when it is written: the Level A and AA criteria it
  /// marks Not Evaluated and the provisions it leaves unanswered (a final ACR lists each in full).
  static func draftWarning(criteria: [String], provisions: [String]) -> [String]
  {
    var parts: [String] = []
    if !criteria.isEmpty {
      let shown = criteria.prefix(8).joined(separator: ", ")
      parts.append(
        "\(criteria.count) Level A and AA success \(criteria.count == 1 ? "criterion" : "criteria") "
          + "marked Not Evaluated (\(shown)\(criteria.count > 8 ? ", …" : ""))")
    }
    if !provisions.isEmpty {
      parts.append(
        "\(provisions.count) \(provisions.count == 1 ? "provision" : "provisions") without an answer"
      )
    }
    guard !parts.isEmpty else { return [] }
    return [
      "draft: \(parts.joined(separator: " and ")); a final ACR needs each tested or answered "
        + "(run without --draft to list them)"
    ]
  }

  /// Answers for provisions or chapters the edition does not report (a Section 508 answer in the WCAG
  /// edition, an EN 301 549 one in the 508 edition): said, since they change nothing.
  ///
  /// One warning per answers file, whatever the number (one file shared by every edition answers many
  /// provisions a WCAG edition leaves out): the first few ids with their lines, and how many more.
  var unusedAnswers: [String] {
    let standards = settings.provisionStandards
    let reported = Set(
      standards.flatMap(\.chapters).flatMap {
        [$0.id] + $0.provisions.map(\.id)
      })
    let unused = answers.provisions.filter { !reported.contains($0.key) }
      .sorted {
        $0.value.origin.localizedStandardCompare($1.value.origin)
          == .orderedAscending
      }
    var files: [String] = []
    var byFile: [String: [(id: String, line: String)]] = [:]
    for (id, answer) in unused {
      let origin = answer.origin
      let colon = origin.lastIndex(of: ":")
      let file = colon.map { String(origin[..<$0]) } ?? origin
      let line = colon.map { String(origin[origin.index(after: $0)...]) } ?? ""
      if byFile[file] == nil { files.append(file) }
      byFile[file, default: []].append((id, line))
    }
    return files.map { file in
      let entries = byFile[file] ?? []
      let shown = entries.prefix(5).map { entry in
        "'\(entry.id)'" + (entry.line.isEmpty ? "" : " (line \(entry.line))")
      }
      let more = entries.count > 5 ? " and \(entries.count - 5) more" : ""
      let subject =
        entries.count == 1
        ? "answers a provision or chapter the \(settings.editionLabel) does not report; it is left out"
        : "answer provisions or chapters the \(settings.editionLabel) does not report; they are left out"
      return "\(file): \(shown.joined(separator: ", "))\(more) \(subject) "
        + "(acr.edition chooses the edition)"
    }
  }

  /// What is wrong with answering `set` for a criterion with these failures, or nil.
  ///
  /// VPAT 2.5: Supports means "without known defects or with equivalent facilitation", so Supports over
  /// a recorded failure needs an `equivalent_facilitation` text; recorded failures prove the criterion
  /// applies, so Not Applicable over them is refused; Not Evaluated is allowed for Level AAA only.
  static func contradiction(
    _ set: ACRTerm, answer: ACRAnswer?, failures: [ACREvidence],
    level: WCAGLevel, place: String
  ) -> String? {
    let origin = answer.map { " (\($0.origin))" } ?? ""
    let rows = failures.prefix(3).map {
      $0.place + ($0.failedBefore ? " (a Fail not retested since)" : "")
    }
    .joined(separator: "; ")
    switch set {
    case .supports
    where !failures.isEmpty && (answer?.equivalentFacilitation ?? "").isEmpty:
      return
        "\(place): answered Supports\(origin) over \(failures.count) recorded failure\(failures.count == 1 ? "" : "s") (\(rows)); "
        + "VPAT's Supports means without known defects, or with equivalent facilitation: describe it under equivalent_facilitation"
    case .notApplicable where !failures.isEmpty:
      return
        "\(place): answered Not Applicable\(origin) over \(failures.count) recorded failure\(failures.count == 1 ? "" : "s") (\(rows)); "
        + "the failures show the criterion applies"
    case .notEvaluated where level != .aaa:
      return
        "\(place): answered Not Evaluated\(origin); VPAT allows Not Evaluated for Level AAA only"
    default:
      return nil
    }
  }
}

/// Remarks and Explanations written from the evidence.
enum Remarks {
  /// The most failures named one by one; the rest are counted, with a pointer to the report.
  static let namedFailures = 6

  /// The remark the evidence gives; `untested` adds the sentence naming the checks not yet tested where
  /// no level follows from the rows (never beside a level set by hand).
  static func evidence(
    _ rows: [ACREvidence], term: ACRTerm?, untested: Bool = true,
    detail: RemarksDetail = .full
  ) -> String {
    guard !rows.isEmpty else {
      return "No check of this audit tests it."
    }
    if detail == .summary {
      return summary(rows, term: term, untested: untested)
    }
    let fails = rows.filter { $0.outcome == .fail }
    let passed = rows.filter { $0.outcome == .pass }
    let notApplicable = rows.filter { $0.outcome == .notApplicable }.count
    let open = rows.filter {
      $0.outcome == .notTested || $0.outcome == .cannotTell
    }
    var sentences: [String] = []
    if !fails.isEmpty {
      // Each failure with what a reviewer needs: severity, ticket, and the tester's first line.
      let named = fails.prefix(namedFailures).map { row -> String in
        let note = ACRQuoted.firstLine(ofNotes: row.notes)
        // "ticket" before the key: a key such as Redmine's 7 must not read as a count, and the writers
        // link a key only where it follows that word.
        let extra = [
          row.retired ? "a row a refresh retired" : "", row.severity,
          row.ticket.isEmpty ? "" : "ticket " + row.ticket,
        ]
        .filter { !$0.isEmpty }
        return row.what
          + (extra.isEmpty ? "" : " (\(extra.joined(separator: ", ")))")
          + (note.isEmpty ? "" : ": \(note)")
      }
      let more =
        fails.count > namedFailures
        ? "; and \(fails.count - namedFailures) more (the audit report lists every failure)"
        : ""
      sentences.append("Fails: " + named.joined(separator: "; ") + more + ".")
    }
    // Failures a refresh cleared (the check changed, or a new cycle began) and no tester retested: known
    // defects, so they are named though they count as not tested.
    let earlier = rows.filter(\.failedBefore)
    if !earlier.isEmpty {
      let named = earlier.prefix(namedFailures).map {
        $0.what + ($0.ticket.isEmpty ? "" : " (ticket \($0.ticket))")
      }
      let more =
        earlier.count > namedFailures
        ? "; and \(earlier.count - namedFailures) more" : ""
      sentences.append(
        "Failed before and not retested since: "
          + named.joined(separator: "; ") + more + ".")
    }
    if term == .supports {
      // What a Supports rests on: how many checks, in which components, on which platforms.
      sentences.append(
        "\(passed.count) \(passed.count == 1 ? "check passes" : "checks pass") in \(Self.list(passed.map(\.componentName), more: "components")) "
          + "on \(Self.list(passed.map(\.platform), more: "platforms"))"
          + (notApplicable > 0 ? "; \(notApplicable) not applicable." : "."))
      return sentences.joined(separator: " ")
    }
    if term == .notApplicable {
      sentences.append(
        "No applicable content in \(Self.list(rows.map(\.componentName), more: "components")) "
          + "on \(Self.list(rows.map(\.platform), more: "platforms")) (\(rows.count) \(rows.count == 1 ? "check" : "checks") not applicable)."
      )
      return sentences.joined(separator: " ")
    }
    var tally =
      "\(passed.count) of \(rows.count) "
      + (rows.count == 1 ? "check passes" : "checks pass")
    if notApplicable > 0 { tally += ", \(notApplicable) not applicable" }
    if !open.isEmpty {
      tally += ", \(open.count) not tested or unsure"
    }
    sentences.append(tally + ".")
    if term == nil, untested, !open.isEmpty {
      let named = open.prefix(3).map(\.what).joined(separator: "; ")
      sentences.append(
        "Not enough evidence: untested \(named)\(open.count > 3 ? "; and \(open.count - 3) more" : "")."
      )
    }
    return sentences.joined(separator: " ")
  }

  /// The remark in a buyer's words.
  ///
  /// Per platform, the components that fail and the checks they fail ("Fails on Android: Expandable
  /// region (role)."), then what meets the criterion. It names no severity, ticket, count or row, and
  /// quotes no tester's note.
  static func summary(_ rows: [ACREvidence], term: ACRTerm?, untested: Bool)
    -> String
  {
    var sentences: [String] = []
    let fails = rows.filter { $0.outcome == .fail }
    for (platform, here) in byPlatform(fails) {
      sentences.append("Fails on \(platform): \(components(here)).")
    }
    for (platform, here) in byPlatform(rows.filter(\.failedBefore)) {
      sentences.append(
        "Failed on \(platform) before and not retested since: \(components(here))."
      )
    }
    let unit = { (row: ACREvidence) in
      "\(row.componentName)\u{1F}\(row.platform)"
    }
    // What stands against a component on a platform: a known failure, or a result no one could tell.
    let findings = rows.filter {
      $0.isKnownFailure || $0.outcome == .cannotTell
    }
    let troubled = Set(findings.map(unit))
    let open = rows.filter {
      $0.outcome == .notTested || $0.outcome == .cannotTell
    }
    switch term {
    case .notApplicable:
      sentences.append(
        "\(list(rows.map(\.componentName), more: "components")) on "
          + "\(list(rows.map(\.platform), more: "platforms")) "
          + "\(Set(rows.map(\.componentName)).count == 1 ? "has" : "have") no content the criterion applies to."
      )
      return sentences.joined(separator: " ")
    case .supports:
      let names = rows.filter { $0.outcome == .pass }.map(\.componentName)
      sentences.append(
        "\(list(names, more: "components")) "
          + "\(Set(names).count == 1 ? "meets" : "meet") the criterion on "
          + "\(list(rows.filter { $0.outcome == .pass }.map(\.platform), more: "platforms"))."
      )
      return sentences.joined(separator: " ")
    default:
      break
    }
    // Components with a pass and nothing against them meet it; a platform with passes and no finding
    // is said to be clear, so an Android defect does not read as the iOS app's.
    let meeting = rows.filter {
      $0.outcome == .pass && !troubled.contains(unit($0))
    }
    if !meeting.isEmpty {
      sentences.append(
        fails.isEmpty && !rows.contains(where: \.failedBefore)
          ? "\(list(meeting.map(\.componentName), more: "components")) "
            + "\(Set(meeting.map(\.componentName)).count == 1 ? "meets" : "meet") the criterion."
          : "Other tested components meet the criterion.")
      let found = Set(findings.map(\.platform))
      let clear = byPlatform(meeting).map(\.platform).filter {
        !found.contains($0)
      }
      if !fails.isEmpty, !clear.isEmpty {
        sentences.append(
          "No defects were found on \(list(clear, more: "platforms")).")
      }
    }
    if term == nil, untested, !open.isEmpty {
      for (platform, here) in byPlatform(open) {
        sentences.append("Not yet tested on \(platform): \(components(here)).")
      }
    }
    return sentences.joined(separator: " ")
  }

  /// Rows grouped by platform, in the order the platforms first appear.
  static func byPlatform(_ rows: [ACREvidence]) -> [(
    platform: String, rows: [ACREvidence]
  )] {
    var order: [String] = []
    var grouped: [String: [ACREvidence]] = [:]
    for row in rows {
      if grouped[row.platform] == nil { order.append(row.platform) }
      grouped[row.platform, default: []].append(row)
    }
    return order.map { ($0, grouped[$0] ?? []) }
  }

  /// Components with the checks they fail, as a buyer reads them: "Button (spacebar, enter) and
  /// Switch (role)"; the first `namedFailures` components, then "and N more components".
  static func components(_ rows: [ACREvidence]) -> String {
    var order: [String] = []
    var checks: [String: [String]] = [:]
    for row in rows {
      if checks[row.componentName] == nil { order.append(row.componentName) }
      let check = lowerFirst(row.check)
      if !check.isEmpty, checks[row.componentName]?.contains(check) != true {
        checks[row.componentName, default: []].append(check)
      }
    }
    let named = order.map { name in
      let these = checks[name] ?? []
      return these.isEmpty ? name : "\(name) (\(these.joined(separator: ", ")))"
    }
    if named.count > namedFailures {
      return named.prefix(namedFailures).joined(separator: "; ")
        + "; and \(named.count - namedFailures) more components"
    }
    if named.count <= 1 { return named.first ?? "" }
    return named.dropLast().joined(separator: "; ") + " and "
      + (named.last ?? "")
  }

  /// A check's name as it reads inside a sentence: "Spacebar" becomes "spacebar", "VoiceOver" stays.
  static func lowerFirst(_ text: String) -> String {
    let characters = Array(text)
    let word = characters.prefix { $0 != " " }
    guard let first = characters.first, first.isUppercase,
      !word.dropFirst().contains(where: \.isUppercase)
    else { return text }
    return first.lowercased() + String(characters.dropFirst())
  }

  /// Distinct names in first-seen order, joined as people write them ("Rating and Toggle switch"),
  /// the first four then "and N more".
  static func list(_ names: [String], more noun: String) -> String {
    var seen: [String] = []
    for name in names where !name.isEmpty && !seen.contains(name) {
      seen.append(name)
    }
    if seen.count > 4 {
      return seen.prefix(4).joined(separator: ", ")
        + " and \(seen.count - 4) more \(noun)"
    }
    if seen.count <= 1 { return seen.first ?? "" }
    return seen.dropLast().joined(separator: ", ") + " and " + (seen.last ?? "")
  }
}
