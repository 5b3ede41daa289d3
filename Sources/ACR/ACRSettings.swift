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

  /// The OpenACR keys, in the order they are written.
  static let keys = [
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

  static let keys = [
    "title", "product", "author", "vendor", "report_date",
    "evaluation_methods_used", "notes", "legal_disclaimer", "answers",
    "edition",
  ]

  /// An empty section.
  public init() {}

  /// Reads the section, with the answers path relative to the config's folder `base`.
  public init(node: Node, base: String) throws(StrictYAMLError) {
    let map = try StrictMapping.read(node, "acr", allowed: Self.keys)
    func text(_ key: String, _ value: Node?) throws(StrictYAMLError) -> String {
      guard let value else { return "" }
      guard let string = value.scalar?.string else {
        throw StrictYAMLError(
          line: StrictMapping.line(of: value), keyPath: key,
          message: "expected text")
      }
      return string
    }
    title = try text("acr.title", map["title"])
    if let product = map["product"] {
      let fields = try StrictMapping.read(
        product, "acr.product", allowed: ["name", "version", "description"])
      productName = try text("acr.product.name", fields["name"])
      productVersion = try text("acr.product.version", fields["version"])
      productDescription = try text(
        "acr.product.description", fields["description"])
    }
    for key in ["author", "vendor"] {
      guard let node = map[key] else { continue }
      let fields = try StrictMapping.read(
        node, "acr.\(key)", allowed: ACRContact.keys)
      var contact = ACRContact()
      contact.name = try text("acr.\(key).name", fields["name"])
      contact.companyName = try text(
        "acr.\(key).company_name", fields["company_name"])
      contact.address = try text("acr.\(key).address", fields["address"])
      contact.email = try text("acr.\(key).email", fields["email"])
      contact.phone = try text("acr.\(key).phone", fields["phone"])
      contact.website = try text("acr.\(key).website", fields["website"])
      if key == "author" { author = contact } else { vendor = contact }
    }
    reportDate = try text("acr.report_date", map["report_date"])
    if !reportDate.isEmpty, !Self.isDate(reportDate) {
      throw StrictYAMLError(
        line: StrictMapping.line(of: map["report_date"]),
        keyPath: "acr.report_date",
        message: "'\(reportDate)' is not a date; write YYYY-MM-DD")
    }
    evaluationMethods = try text(
      "acr.evaluation_methods_used", map["evaluation_methods_used"])
    notes = try text("acr.notes", map["notes"])
    legalDisclaimer = try text("acr.legal_disclaimer", map["legal_disclaimer"])
    let answersPath = try text("acr.answers", map["answers"])
    if !answersPath.isEmpty {
      answers =
        URL(
          fileURLWithPath: answersPath,
          relativeTo: URL(fileURLWithPath: base + "/")
        )
        .standardizedFileURL.path
    }
    let edition = try text("acr.edition", map["edition"])
    if !edition.isEmpty {
      guard Self.editions.contains(edition) else {
        let hint =
          Suggestion.nearest(to: edition, in: Self.editions).map {
            " Did you mean '\($0)'?"
          }
          ?? ""
        throw StrictYAMLError(
          line: StrictMapping.line(of: map["edition"]), keyPath: "acr.edition",
          message:
            "unknown OpenACR catalogue '\(edition)'.\(hint) criteria writes \(Self.editions.joined(separator: ", "))."
        )
      }
      self.edition = edition
    }
  }

  static func isDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2
      && parts[2].count == 2 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
  }
}
