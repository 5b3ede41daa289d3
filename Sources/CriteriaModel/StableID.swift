import Foundation

/// Builds the stable identifiers the rest of the system keys on (rows, tickets, ledgers).
///
/// IDs come from meaning, not position: component id + test kind + check key. Reordering a
/// document or rewording an expectation keeps every ID.
public enum StableID {
  /// Lowercases and joins runs of letters and digits with `-`: "Tab, arrow keys or ctl+tab" → "tab-arrow-keys-or-ctl-tab".
  public static func slug(_ text: String) -> String {
    // The same words make the same id whichever way they are encoded: "é" typed as one character
    // or as "e" and a combining accent (as macOS file names and some editors write it).
    let text =
      text.utf8.allSatisfy { $0 < 0x80 }
      ? text : text.precomposedStringWithCanonicalMapping
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var pendingDash = false
    for scalar in text.unicodeScalars {
      let v = scalar.value
      let isWordASCII =
        (0x61...0x7A).contains(v) || (0x30...0x39).contains(v)
        || (0x41...0x5A).contains(v)
      if isWordASCII || (v > 0x7F && scalar.properties.isAlphabetic) {
        if pendingDash && !out.isEmpty { out.append("-") }
        pendingDash = false
        if (0x41...0x5A).contains(v) {
          out.unicodeScalars.append(Unicode.Scalar(UInt8(v + 0x20)))
        } else if v > 0x7F {
          out += String(scalar).lowercased()
        } else {
          out.unicodeScalars.append(scalar)
        }
      } else if scalar != "'" && scalar != "\u{2019}" {
        pendingDash = true
      }
    }
    return out.isEmpty ? "untitled" : out
  }

  /// The id earlier versions of criteria, which did not compose accents (NFC) first, made of the same
  /// text with its accents decomposed: `menú/tabulación@ios` → `menu/tabulacio-n@ios`; nil when the two
  /// are the same.
  ///
  /// Such text (macOS file names, text pasted from some editors) made a combining accent a word break.
  /// The ledger, `refresh` and `diff` look an id up under this form too, so a ticket or a result
  /// recorded under it is found again, not filed or tested anew; `acr` and `report` count a row under it
  /// as today's check.
  public static func decomposedForm(of id: String) -> String? {
    guard !id.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var out = ""
    var pendingDash = false
    for scalar in id.decomposedStringWithCanonicalMapping.unicodeScalars {
      let isWord =
        scalar.value < 0x80
        ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        : scalar.properties.isAlphabetic
      if scalar.value > 0x7F && !isWord {
        pendingDash = true
        continue
      }
      if pendingDash && isWord { out.append("-") }
      pendingDash = false
      out.unicodeScalars.append(scalar)
    }
    return out == id ? nil : out
  }

  /// The id of a criterion; `occurrence` > 1 disambiguates a key a document repeats in one group.
  public static func criterion(
    component: String, test: TestKind, check: String, occurrence: Int = 1
  ) -> String {
    let base = "\(component)/\(slug(test.rawValue))/\(slug(check))"
    return occurrence > 1 ? "\(base)-\(occurrence)" : base
  }

  /// The component id of a criterion id (`component/test/check`): what comes before its last two
  /// parts; nil for an id of fewer than three parts (a component's own, or one made by hand).
  public static func component(ofCriterion id: String) -> String? {
    let parts = id.split(separator: "/")
    return parts.count > 2 ? parts.dropLast(2).joined(separator: "/") : nil
  }

  /// A row id taken apart at its component: the component id, and the rest (`/test/check@platform`),
  /// which a row keeps when its component's document is renamed or moved; nil for a row id of no
  /// component (one made by hand with fewer parts).
  public static func component(ofRow id: String) -> (
    component: String, check: Substring
  )? {
    guard let component = component(ofCriterion: split(row: id).id) else {
      return nil
    }
    return (component, id.dropFirst(component.count))
  }

  /// The standard test kind a row or criterion id names (`…/screenreader/name@ios` → screen reader), or
  /// nil when its test part is none of the four (a group a document named itself, an id made by hand).
  ///
  /// What a row checks is its id's, whatever its Test cell says: a cell left blank or spelt
  /// "Screenreader" is still a screen-reader check.
  public static func testKind(ofRow id: String) -> TestKind? {
    let parts = split(row: id).id.split(separator: "/")
    guard parts.count > 2 else { return nil }
    let test = parts[parts.count - 2]
    return TestKind.standard.first { slug($0.rawValue) == test }
  }

  /// The id of a scenario, from its name.
  public static func scenario(
    component: String, name: String, occurrence: Int = 1
  ) -> String {
    let base = "\(component)/scenario/\(slug(name))"
    return occurrence > 1 ? "\(base)-\(occurrence)" : base
  }

  /// What joins an id and a platform in a row id (`…/keyboard/tab@ios`); writers that build row ids
  /// byte by byte for speed use it too.
  public static let platformSeparator: Character = "@"

  /// The id of one audit row: a criterion on one platform (also a component's ticket on one platform).
  public static func row(criterion: String, platform: Platform) -> String {
    criterion + String(platformSeparator) + platform.idSuffix
  }

  /// A spreadsheet wildcard pattern (COUNTIFS) matching every row id of one component on one platform:
  /// `native/controls/rating/*@ios`.
  public static func rowPattern(component: String, platform: Platform)
    -> String
  {
    row(criterion: component + "/*", platform: platform)
  }

  /// A row id taken apart: the criterion (or component) id, and the platform when the suffix names one.
  public static func split(row id: String) -> (id: String, platform: Platform?)
  {
    guard let at = id.lastIndex(of: platformSeparator) else { return (id, nil) }
    let suffix = id[id.index(after: at)...]
    return (
      String(id[..<at]), Platform.allCases.first { $0.idSuffix == suffix }
    )
  }
}
