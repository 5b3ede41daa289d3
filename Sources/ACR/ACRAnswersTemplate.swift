import Conformance
import CriteriaModel

extension ACRBuilder {
  /// The criteria's rows of evidence, by success criterion number and product type.
  static func byCriterion(_ evidence: [ACREvidence]) -> [String: [ACRComponent:
    [ACREvidence]]]
  {
    var grouped: [String: [ACRComponent: [ACREvidence]]] = [:]
    for row in evidence {
      for number in row.countedWCAG {
        grouped[number, default: [:]][row.component, default: []].append(row)
      }
    }
    return grouped
  }

  /// The answers file for the edition (`acr --answers-template`): every item the audit cannot decide.
  ///
  /// Each Level A and AA success criterion and product type without a level from the evidence, and
  /// each provision of the edition's standards the audit's rows do not decide, comes with what the
  /// evidence says as a comment and an empty `level:`. An answer the answers file already holds is
  /// written back filled in, so the template can be made again as the audit grows. An EN 301 549
  /// provision harmonised with a Revised Section 508 one (`ProvisionCarry`) takes that answer, so it is
  /// written as a comment, once. Heading clauses ask for nothing. The ids are spelled the one way the
  /// answers file reads them, and every chapter names the key that answers it whole.
  public func answersTemplate(_ evidence: [ACREvidence]) -> String {
    let components = ACRComponent.allCases.filter { kind in
      evidence.contains { $0.component == kind }
    }
    let grouped = Self.byCriterion(evidence)
    let quote = { (text: String) in YAMLEscape.doubleQuoted(text) }
    var lines = [
      "# The answers file for \(settings.productName.isEmpty ? "the product" : settings.productName)'s ACR "
        + "(\(settings.editionLabel)), written by criteria acr --answers-template.",
      "# Each item below is one the audit's checks cannot decide. Give it a level: supports,",
      "# partially-supports, does-not-support or not-applicable (VPAT's terms; not-applicable needs the",
      "# reason under notes). notes are added to the remark the evidence gives; remarks replace it.",
      "# Supports over a recorded failure needs equivalent_facilitation. An item left with an empty",
      "# level is not answered yet: a draft marks it, a final ACR lists it.",
      "# Level AAA criteria are Not Evaluated unless answered here.",
    ]
    func entry(
      _ answer: ACRAnswer?, indent: String, evidence comment: String
    ) -> [String] {
      var out = comment.isEmpty ? [] : ["\(indent)# \(comment)"]
      out.append(
        "\(indent)level:" + (answer?.term.map { " \($0.rawValue)" } ?? ""))
      out.append("\(indent)notes: \(quote(answer?.notes ?? ""))")
      if let remarks = answer?.remarks, !remarks.isEmpty {
        out.append("\(indent)remarks: \(quote(remarks))")
      }
      if let facilitation = answer?.equivalentFacilitation,
        !facilitation.isEmpty
      {
        out.append("\(indent)equivalent_facilitation: \(quote(facilitation))")
      }
      return out
    }
    lines += [
      "", "# WCAG 2.2 success criteria, by product type (web, software)",
    ]
    for criterion in WCAG22.all
    where criterion.level != .aaa || answers.answers[criterion.number] != nil {
      guard !criterion.obsolete else { continue }
      var body: [String] = []
      for kind in components {
        let rows = grouped[criterion.number]?[kind] ?? []
        let answer = answers.answers[criterion.number]?[kind]
        let found = Self.conformance(rows)
        guard found == nil || answer != nil else { continue }
        body.append("  \(kind.rawValue):")
        body += entry(
          answer, indent: "    ", evidence: Remarks.evidence(rows, term: found))
      }
      guard !body.isEmpty else { continue }
      lines.append(
        "\(quote(criterion.number)): # \(criterion.handle) (Level \(criterion.level.rawValue))"
      )
      lines += body
    }
    let standards = settings.provisionStandards
    // The Revised Section 508 provisions this file asks for or holds: an EN 301 549 provision takes
    // their answers (a 508 provision the audit decides has no answer to pass on).
    var asked: Set<String> = []
    for standard in standards {
      lines += ["", "# \(standard.reportHeading)"]
      for chapter in standard.chapters where !chapter.provisions.isEmpty {
        lines += ["", "# \(chapter.label)"]
        if let whole = answers.provisions[chapter.id] {
          lines.append("\(chapter.id):")
          lines += entry(
            whole, indent: "  ",
            evidence:
              "Answers every provision of this chapter the audit and a provision's own answer leave open."
          )
          continue
        }
        lines.append(
          "# The whole chapter at once: \(chapter.id): {level: not-applicable, notes: \"…\"}"
        )
        for provision in chapter.provisions {
          guard !standard.isHeading(provision, in: chapter) else { continue }
          let own = answers.provisions[provision.id]
          var comment = ""
          if let (rule, rows) = Self.provisionEvidence(
            provision.id, in: evidence)
          {
            let judged = Self.provisionTerm(rows, rule: rule)
            guard judged.term == nil || own != nil else { continue }
            comment =
              "From the audit's \(rule.what): "
              + Remarks.evidence(rows, term: judged.term)
              + (judged.partial.map { " " + $0 } ?? "")
          }
          let sources = ProvisionCarry.sources(of: provision.id)
          if standard == .en301549, own == nil,
            sources.contains(where: asked.contains)
          {
            lines.append(
              "# \(provision.id) \(provision.handle): takes the answer of Revised Section 508 "
                + "\(sources.joined(separator: " and ")); give it its own here only to differ."
            )
            continue
          }
          asked.insert(provision.id)
          lines.append("\(quote(provision.id)): # \(provision.handle)")
          lines += entry(own, indent: "  ", evidence: comment)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
