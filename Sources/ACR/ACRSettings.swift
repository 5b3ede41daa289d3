import Conformance
import CriteriaModel
import Foundation
import StrictYAML
import Yams

/// A person or company as OpenACR writes them (`author`, `vendor`).
public struct ACRContact: Sendable, Hashable {
  public var name = ""
  public var companyName = ""
  public var address = ""
  public var email = ""
  public var phone = ""
  public var website = ""

  public init() {}

  /// The OpenACR keys, in the order they are written.
  public static let keys = [
    "name", "company_name", "address", "email", "phone", "website",
  ]

  var fields: [(String, String)] {
    [
      ("name", name), ("company_name", companyName), ("address", address),
      ("email", email), ("phone", phone), ("website", website),
    ].filter { !$0.1.isEmpty }
  }
}

/// The `acr:` section of `criteria.yml`: product and report facts under OpenACR's own key names.
public struct ACRSettings: Sendable {
  public var title = ""
  public var productName = ""
  public var productVersion = ""
  public var productDescription = ""
  public var author = ACRContact()
  public var vendor = ACRContact()
  /// `YYYY-MM-DD`; empty for the run's date.
  public var reportDate = ""
  public var evaluationMethods = ""
  public var notes = ""
  public var legalDisclaimer = ""
  /// The answers file (absolute path), or empty.
  public var answers = ""
  /// The OpenACR catalogue id.
  public var edition = ACRSettings.defaultEdition
  /// How much of the evidence the remarks tell (`acr.remarks.detail`).
  public var remarksDetail = RemarksDetail.summary

  /// VPAT 2.5's WCAG 2.2 edition, the default.
  public static let defaultEdition = "2.5-edition-wcag-2.2-en"
  /// VPAT 2.5's WCAG 2.2 and Revised Section 508 edition.
  public static let section508Edition = "2.5-edition-wcag-2.2-508-en"
  /// VPAT 2.5's International edition: WCAG 2.2, Revised Section 508 and EN 301 549.
  public static let internationalEdition = "2.5-edition-wcag-2.2-508-eu-en"
  public static let editions = [
    defaultEdition, section508Edition, internationalEdition,
  ]

  /// The standards of provisions the edition adds after the WCAG tables.
  public var provisionStandards: [ProvisionStandard] {
    switch edition {
    case Self.section508Edition: [.section508]
    case Self.internationalEdition: [.section508, .en301549]
    default: []
    }
  }

  /// The edition's name, as VPAT's title page gives it.
  public var editionLabel: String {
    switch edition {
    case Self.section508Edition: "Revised Section 508 Edition"
    case Self.internationalEdition: "International Edition"
    default: "WCAG Edition"
    }
  }

  public static let keys = [
    "title", "product", "author", "vendor", "report_date",
    "evaluation_methods_used", "notes", "legal_disclaimer", "answers",
    "edition", "remarks",
  ]

  /// An empty section.
  public init() {}

  public static func isDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2
      && parts[2].count == 2 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
  }
}

/// How much of the evidence a remark tells.
public enum RemarksDetail: String, Sendable, CaseIterable {
  /// What a buyer reads: what fails, on which platform and in which components, and what meets the
  /// criterion; no severities, counts, tickets or testers' notes.
  case summary
  /// What a reviewer checks: every failure with its severity, ticket and the tester's first note line,
  /// and the counts of checks.
  case full
}
