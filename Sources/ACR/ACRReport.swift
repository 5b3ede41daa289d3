import Conformance

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
  /// The tool version, for the generator note.
  public var toolVersion: String
  /// Failed or uncertain rows that name no success criterion (a draft lists them; a final report
  /// refuses to be made while there are any).
  public var unmappedFindings: [ACREvidence] = []

  /// The platforms the evaluated rows are on, in the audit's order (one when `--platform` chose it).
  public var platforms: [String] = []

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
    let contact = [
      settings.vendor.name, settings.vendor.companyName, settings.vendor.email,
      settings.author.name,
      settings.author.email,
    ]
    .filter { !$0.isEmpty }
    facts.append(("Contact information", contact.joined(separator: ", ")))
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
