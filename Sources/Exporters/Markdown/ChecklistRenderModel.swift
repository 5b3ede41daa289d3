import CriteriaModel
import Foundation

/// The values a checklist template sees: plain dictionaries and arrays, so any Mustache template can use them.
enum ChecklistRenderModel {
  static func make(
    _ components: [Component], title: String, date: String, table: Bool
  ) -> [String: Any] {
    [
      "title": title,
      "date": date,
      "table": table,
      "components": components.map(component),
    ]
  }

  static func component(_ component: Component) -> [String: Any] {
    let platforms: [[String: Any]] = component.platforms.compactMap {
      platform in
      let criteria = component.criteria.filter {
        $0.platforms.contains(platform)
      }
      guard !criteria.isEmpty else { return nil }
      let tests = Dictionary(grouping: criteria, by: \.test).sorted {
        $0.key < $1.key
      }
      return [
        "name": platform.rawValue,
        "count": criteria.count,
        // The N/A ones have no box: "8 checks, 1 not applicable" where 7 boxes stand.
        "checks": Counted.phrase(criteria.count, "check")
          + notApplicable(criteria.filter(\.expectsNotApplicable).count),
        "tests": tests.map { kind, items -> [String: Any] in
          [
            "label": kind.label, "kind": kind.rawValue,
            "items": items.map { item(criterion: $0, platform: platform) },
          ]
        },
      ]
    }
    return [
      "id": component.id, "title": component.title,
      "family": component.family.rawValue,
      "category": component.category, "summary": component.summary,
      // Only a web address becomes the checklist's link; the JSON export keeps any reference as it is.
      "reference": component.reference.flatMap(LinkTarget.web) ?? "",
      "hasReference": component.reference.flatMap(LinkTarget.web) != nil,
      "platforms": platforms,
    ]
  }

  /// ", 1 not applicable", or nothing when none is.
  static func notApplicable(_ count: Int) -> String {
    count == 0 ? "" : ", \(count) not applicable"
  }

  static func item(criterion: Criterion, platform: Platform) -> [String: Any] {
    [
      "id": criterion.id,
      "rowID": StableID.row(criterion: criterion.id, platform: platform),
      "check": criterion.check,
      "expectation": criterion.expectation,
      "checkCell": tableCell(criterion.check),
      "expectationCell": tableCell(criterion.expectation),
      "wcag": criterion.wcag.joined(separator: ", "),
      "hasWCAG": !criterion.wcag.isEmpty,
      "notApplicable": criterion.expectsNotApplicable,
    ]
  }

  /// Text safe inside a GFM table cell: pipes escaped, line breaks folded.
  static func tableCell(_ text: String) -> String {
    let pipe = UInt8(ascii: "|")
    let newline = UInt8(ascii: "\n")
    guard text.utf8.contains(where: { $0 == pipe || $0 == newline }) else {
      return text
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      switch byte {
      case pipe: bytes += [UInt8(ascii: "\\"), pipe]
      case newline: bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
