import Conformance

extension ACRBuilder {
  /// The Section 508 and EN 301 549 chapters of the edition.
  ///
  /// A provision an evidence rule names (`ProvisionEvidence`) takes its level from the audit's rows by
  /// VPAT's roll-up, as a success criterion does; where the rows cover only part of it (503.2's font
  /// size), passing rows support that part only and the rest needs an answer, and failures make it
  /// Partially Supports at most. A provision's own answer overrides the evidence under the same rules as
  /// for WCAG (no Supports over failures without equivalent facilitation, no Not Applicable over
  /// failures); a chapter's answer fills only the provisions without evidence. Every other provision
  /// comes from the answers file; Not Evaluated is VPAT's for WCAG Level AAA only.
  func provisionChapters(_ evidence: [ACREvidence]) -> (
    chapters: [ACRProvisionChapter], unanswered: [String],
    contradictions: [String]
  ) {
    var chapters: [ACRProvisionChapter] = []
    var unanswered: [String] = []
    var contradictions: [String] = []
    for standard in settings.provisionStandards {
      for chapter in standard.chapters {
        var rows: [ACRProvisionRow] = []
        // Whether every provision took the chapter's answer, none its own or the audit's.
        var wholeChapter = answers.provisions[chapter.id]?.term != nil
        for provision in chapter.provisions {
          if standard.isHeading(provision, in: chapter) {
            rows.append(
              ACRProvisionRow(
                provision: provision,
                adherence: ACRAdherence(term: .notApplicable, remarks: ""),
                heading: true))
            continue
          }
          var answer = answers.provision(provision.id, of: standard)
          if answers.specific(provision.id, of: standard) != nil {
            wholeChapter = false
          }
          let place = "\(provision.id) \(provision.handle) (\(chapter.label))"
          var term = answer?.term
          var remarks: [String] = []
          if let (rule, rowsHere) = Self.provisionEvidence(
            provision.id, in: evidence)
          {
            wholeChapter = false
            let judged = Self.provisionTerm(rowsHere, rule: rule)
            // A chapter answered whole fills only what the audit cannot decide: a provision the
            // audit's rows decide keeps their level unless it has an answer of its own (one the rows
            // cover in part, such as 503.2's font size, still takes the chapter's).
            if answers.specific(provision.id, of: standard) == nil,
              judged.term != nil
            {
              answer = nil
              term = nil
            }
            remarks.append(
              "From the audit's \(rule.what): "
                + Remarks.evidence(
                  rowsHere, term: judged.term,
                  detail: settings.remarksDetail))
            if let part = judged.partial { remarks.append(part) }
            let failures = rowsHere.filter(\.isKnownFailure)
            if let set = answer?.term, set != .notEvaluated {
              if let problem = Self.contradiction(
                set, answer: answer, failures: failures, level: .aa,
                place: place)
              {
                if draft {
                  remarks.insert("Draft: \(problem).", at: 0)
                } else {
                  contradictions.append(problem)
                }
              } else if set == .supports, !failures.isEmpty {
                remarks.insert(
                  "Supports through equivalent facilitation: \(answer?.equivalentFacilitation ?? "")",
                  at: 0)
              } else if let found = judged.term, found != set,
                settings.remarksDetail == .full
              {
                remarks.insert(
                  "Set by hand to \(set.label); the audit alone says \(found.label).",
                  at: 0)
              }
            } else if let found = judged.term {
              term = found
              // Every row Not applicable: buyers expect the reason, which an answer's notes give.
              if found == .notApplicable, (answer?.notes ?? "").isEmpty {
                let reason =
                  "\(place): every check is Not applicable; give the reason under notes in the answers file"
                if draft {
                  remarks.insert("Draft: reason needed.", at: 0)
                } else {
                  contradictions.append(reason)
                }
              }
            }
          }
          if let own = answer?.remarks, !own.isEmpty {
            // The answers file's `remarks` replace what the evidence says; a draft's problems stay.
            remarks = remarks.filter { $0.hasPrefix("Draft:") } + [own]
          }
          if let notes = answer?.notes, !notes.isEmpty { remarks.append(notes) }
          if let answer, answer.term == .notEvaluated {
            contradictions.append(
              "\(answer.origin): \(provision.id) \(provision.handle) answered Not Evaluated; VPAT allows "
                + "Not Evaluated for WCAG Level AAA only, so a provision of \(standard.name) needs a level"
            )
          } else if term == nil {
            unanswered.append(place)
            if draft {
              remarks.insert(
                "Not answered yet: give it a level in the answers file (by provision, or for the whole chapter).",
                at: 0)
            }
          }
          rows.append(
            ACRProvisionRow(
              provision: provision,
              adherence: ACRAdherence(
                term: term ?? .notEvaluated,
                remarks: remarks.joined(separator: " "))))
        }
        var made = ACRProvisionChapter(
          reportHeading: standard.reportHeading, id: chapter.id,
          label: chapter.label, rows: rows,
          // A chapter without provisions of its own (EN 301 549's Clause 9) is the WCAG tables.
          notes: chapter.provisions.isEmpty
            ? ACRReport.webClauseNote(
              web: evidence.contains { $0.component == .web }) : "")
        if wholeChapter, let first = made.answerable.first?.adherence,
          made.answerable.allSatisfy({ $0.adherence == first })
        {
          made.whole = first
        }
        chapters.append(made)
      }
    }
    return (chapters, unanswered, contradictions)
  }

  /// The evidence rule of a provision (`ProvisionEvidence`) and the audit's rows it names, or nil when
  /// the provision has no rule or no row.
  static func provisionEvidence(_ id: String, in evidence: [ACREvidence]) -> (
    rule: ProvisionEvidenceRule, rows: [ACREvidence]
  )? {
    guard let rule = ProvisionEvidence.rule(for: id) else { return nil }
    let rows = evidence.filter {
      rule.matches(
        test: $0.test, platform: $0.platform, counted: $0.countedWCAG)
    }
    return rows.isEmpty ? nil : (rule, rows)
  }

  /// What a provision's rows say: the roll-up's term, capped where they cover part of the provision,
  /// and a sentence saying which part.
  static func provisionTerm(_ rows: [ACREvidence], rule: ProvisionEvidenceRule)
    -> (term: ACRTerm?, partial: String?)
  {
    let found = conformance(rows)
    guard let part = rule.covers else { return (found, nil) }
    switch found {
    case .supports:
      return (
        nil,
        "These checks test \(part) only; the rest of the provision needs an answer in the answers file."
      )
    case .doesNotSupport:
      return (
        .partiallySupports,
        "These checks test \(part) only, so their failures make the provision Partially Supports at most."
      )
    default:
      return (found, nil)
    }
  }
}
