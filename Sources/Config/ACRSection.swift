import ACR
import CriteriaModel
import Foundation
import StrictYAML
import Yams

extension ACRSettings {
  /// Reads the config's `acr:` section, with the answers path relative to the config's folder `base`.
  init(section node: Node, base: String) throws(StrictYAMLError) {
    self.init()
    let map = try YAMLMap(node, "acr", allowed: Self.keys)
    title = try map.text("title") ?? ""
    if let product = try map.map(
      "product", allowed: ["name", "version", "description"])
    {
      productName = try product.text("name") ?? ""
      productVersion = try product.text("version") ?? ""
      productDescription = try product.text("description") ?? ""
    }
    for key in ["author", "vendor"] {
      guard let fields = try map.map(key, allowed: ACRContact.keys) else {
        continue
      }
      var contact = ACRContact()
      contact.name = try fields.text("name") ?? ""
      contact.companyName = try fields.text("company_name") ?? ""
      contact.address = try fields.text("address") ?? ""
      contact.email = try fields.text("email") ?? ""
      contact.phone = try fields.text("phone") ?? ""
      contact.website = try fields.text("website") ?? ""
      if key == "author" { author = contact } else { vendor = contact }
    }
    reportDate = try map.text("report_date") ?? ""
    if !reportDate.isEmpty, !Self.isDate(reportDate) {
      throw map.problem(
        "report_date", "'\(reportDate)' is not a date; write YYYY-MM-DD")
    }
    evaluationMethods = try map.text("evaluation_methods_used") ?? ""
    notes = try map.text("notes") ?? ""
    legalDisclaimer = try map.text("legal_disclaimer") ?? ""
    if let path = try map.text("answers"), !path.isEmpty {
      answers =
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base + "/"))
        .standardizedFileURL.path
    }
    if let edition = try map.text("edition"), !edition.isEmpty {
      guard Self.editions.contains(edition) else {
        throw map.problem(
          "edition",
          Suggestion.unknown(
            "OpenACR catalogue", edition, among: Self.editions,
            listed: "criteria writes"))
      }
      self.edition = edition
    }
    if let remarks = try map.map("remarks", allowed: ["detail"]),
      let detail = try remarks.text("detail")
    {
      guard let known = RemarksDetail(rawValue: detail) else {
        throw remarks.problem(
          "detail",
          Suggestion.unknown(
            "remarks detail", detail,
            among: RemarksDetail.allCases.map(\.rawValue), listed: "Choose"))
      }
      remarksDetail = known
    }
  }
}
