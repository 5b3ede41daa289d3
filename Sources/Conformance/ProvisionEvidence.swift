/// What an audit's rows can say about a Section 508 or EN 301 549 provision: which rows are evidence,
/// how much of the provision they cover, and why, citing the provision's own text.
///
/// The WCAG success criteria themselves carry into Section 508 (E205.4 for electronic content, E207.2
/// for software user interfaces) and EN 301 549 (clause 9, web; clause 11.1 to 11.4, software) through
/// VPAT's WCAG tables, which both editions report first; these rules are for the provisions that have
/// rows of their own. A provision no rule names is answered in the answers file.
public struct ProvisionEvidenceRule: Sendable, Hashable {
  /// The provision's number in its catalogue (`302.1`, `11.5.2.5`).
  public var provision: String
  /// Test kinds (the checklist's Test column, such as `Screen reader`) whose rows are evidence; any
  /// when empty.
  public var tests: [String]
  /// Success criteria one of which a row must be counted for; any row of the tests when empty.
  public var wcag: [String]
  /// Platforms (`iOS`, `Android`, `Web`) whose rows are evidence.
  public var platforms: [String]
  /// What part of the provision the rows test when it is not the whole (`font size`), or nil: rows
  /// that all pass then support that part only, and the rest needs an answer.
  public var covers: String?
  /// What the rows test, said in a remark: "screen-reader checks".
  public var what: String
  /// Why, citing the provision's text and where it applies.
  public var reason: String

  /// Whether a row of the audit is evidence under this rule.
  public func matches(test: String, platform: String, counted: [String])
    -> Bool
  {
    let kind = test.lowercased()
    guard platforms.contains(platform) else { return false }
    if !tests.isEmpty, !tests.contains(where: { kind == $0.lowercased() }) {
      return false
    }
    return wcag.isEmpty || counted.contains(where: wcag.contains)
  }
}

/// The evidence rules for provisions, data with a reason each (as the WCAG rules are).
public enum ProvisionEvidence {
  /// The rules, by provision: each kind of evidence once, with the provision of each standard it speaks
  /// to (Revised 508's and EN 301 549's say the same of the same rows).
  public static let rules: [ProvisionEvidenceRule] =
    kind(
      tests: ["Screen reader", "Gestures"], wcag: [],
      platforms: ["iOS", "Android", "Web"], covers: nil,
      what: "screen-reader checks",
      why:
        "a screen reader is the mode of operation that does not require vision, so every screen-reader and "
        + "gesture check of the audit tests it, whatever WCAG number it carries",
      provisions: [
        (
          "302.1",
          "Revised 508 302.1 Without Vision: where a visual mode of operation is provided, ICT shall provide at "
            + "least one mode of operation that does not require user vision"
        ),
        (
          "4.2.1",
          "EN 301 549 V3.2.1 4.2.1 Usage without vision: where ICT provides visual modes of operation, it provides "
            + "at least one mode of operation that does not require vision"
        ),
      ])
    + kind(
      tests: ["Screen reader", "Gestures"], wcag: ["4.1.2"],
      platforms: ["iOS", "Android"], covers: nil,
      what: "native name, role and state checks",
      why:
        "the native name, role and state checks (4.1.2) test what the platform's accessibility services expose; "
        + "502 and EN 11.5 apply to software with access to those services, so web rows are not counted "
        + "(a web application without platform services meets them through WCAG, 501.1 Exception)",
      provisions: [
        (
          "502.3.1",
          "Revised 508 502.3.1 Object Information: the object role, state(s), properties, boundary, name, and "
            + "description shall be programmatically determinable"
        ),
        (
          "11.5.2.5",
          "EN 301 549 V3.2.1 11.5.2.5 Object information: where software provides a user interface, it makes the "
            + "role, state(s), boundary, name and description of its user interface elements programmatically "
            + "determinable by assistive technologies"
        ),
      ])
    + kind(
      tests: ["Settings"], wcag: ["1.4.4"], platforms: ["iOS", "Android"],
      covers: "font size", what: "native text-size checks",
      why:
        "the native text-size checks (1.4.4) test that the platform's font size setting is followed; web "
        + "applications, isolated from the platform, are excepted (503.2 Exception); colour, contrast, font type "
        + "and focus cursor are not tested by these checks",
      provisions: [
        (
          "503.2",
          "Revised 508 503.2 User Preferences: applications shall permit user preferences from platform settings "
            + "for color, contrast, font type, font size, and focus cursor"
        ),
        (
          "11.7",
          "EN 301 549 V3.2.1 11.7 User preferences: where software provides a user interface, it provides modes "
            + "of operation that use the platform's user preferences for colour, contrast, font type, font size "
            + "and focus cursor, except software isolated from its platform"
        ),
      ])

  /// One kind of evidence as a rule for each of `provisions` (number, and its text as the standard says
  /// it), the reason being the provision's text and then `why`.
  static func kind(
    tests: [String], wcag: [String], platforms: [String], covers: String?,
    what: String, why: String, provisions: [(id: String, text: String)]
  ) -> [ProvisionEvidenceRule] {
    provisions.map { provision in
      ProvisionEvidenceRule(
        provision: provision.id, tests: tests, wcag: wcag,
        platforms: platforms, covers: covers, what: what,
        reason: provision.text + "; " + why + ".")
    }
  }

  /// The rule for a provision, if the audit can speak to it.
  public static func rule(for provision: String) -> ProvisionEvidenceRule? {
    rules.first { $0.provision == provision }
  }
}
