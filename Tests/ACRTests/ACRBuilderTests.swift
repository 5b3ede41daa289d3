import Audit
import Conformance
import CriteriaModel
import Foundation
import TestSupport
import Testing

@testable import ACR

func row(
  _ wcag: [String], _ outcome: ACREvidence.Outcome, platform: String = "iOS",
  component: String = "Modal",
  check: String = "Tab", severity: String = "", ticket: String = "",
  place: String = "", notes: String = ""
) -> ACREvidence {
  ACREvidence(
    id:
      "native/x/\(component.lowercased())/\(check.lowercased())@\(platform.lowercased())",
    wcag: wcag,
    component: platform == "Web" ? .web : .software, platform: platform,
    componentName: component,
    test: "Keyboard", check: check, outcome: outcome, severity: severity,
    ticket: ticket, place: place, notes: notes)
}

func settings() -> ACRSettings {
  var s = ACRSettings()
  s.productName = "App"
  s.author.email = "a@example.com"
  // These tests read the reviewer's remarks; `buyerRemarks` reads the summary a buyer gets.
  s.remarksDetail = .full
  return s
}

/// Every Level A and AA criterion answered as supports for software, so a report can be built from a few rows.
func answeredAll(except: Set<String> = []) throws -> ACRAnswers {
  let yaml = WCAG22.all.filter {
    $0.level != .aaa && !except.contains($0.number)
  }
  .map {
    "\"\($0.number)\":\n  software: {level: supports, notes: \"Reviewed by hand.\"}\n  web: {level: not-applicable}"
  }
  .joined(separator: "\n")
  return try ACRAnswers(yaml: yaml, origin: "answers.yml")
}

@Suite("ACR conformance from evidence")
struct ACRBuilderTests {
  @Test(
    "the rules, case by case",
    arguments: [
      ([ACREvidence.Outcome.pass, .fail], ACRTerm?.some(.partiallySupports)),
      ([.fail, .fail, .notApplicable], .doesNotSupport),
      ([.fail, .notTested], .doesNotSupport),
      // VPAT 2.5: Does Not Support when the majority fails; exactly half is not a majority.
      ([.fail, .fail, .pass], .doesNotSupport),
      ([.fail, .pass, .pass], .partiallySupports),
      ([.fail, .pass], .partiallySupports),
      ([.pass, .notApplicable, .pass], .supports),
      ([.notApplicable, .notApplicable], .notApplicable),
      ([.pass, .notTested], nil),
      ([.pass, .cannotTell], nil),
      ([.notApplicable, .notTested], nil),
      ([], nil),
    ])
  func rules(outcomes: [ACREvidence.Outcome], term: ACRTerm?) {
    #expect(ACRBuilder.conformance(outcomes.map { row(["2.1.1"], $0) }) == term)
  }

  @Test(
    "Does Not Support is a majority of failing functionality, each component and platform weighted equally"
  )
  func majorityByUnit() {
    // 91 of 92 rows fail in one component: the old rule said Partially Supports for any single Pass.
    let nearTotal =
      (1...91).map { row(["2.1.1"], .fail, check: "Check \($0)") } + [
        row(["2.1.1"], .pass)
      ]
    #expect(ACRBuilder.conformance(nearTotal) == .doesNotSupport)
    // One large component failing everywhere does not outweigh three that pass: (1 + 0 + 0 + 0) / 4.
    let big = (1...20).map {
      row(["2.1.1"], .fail, component: "Table", check: "Row \($0)")
    }
    let small = ["Modal", "Tabs", "Menu"].map {
      row(["2.1.1"], .pass, component: $0)
    }
    #expect(ACRBuilder.conformance(big + small) == .partiallySupports)
    // The same component on two platforms is two units: iOS all failing, Android all passing is one half.
    let split = [
      row(["2.1.1"], .fail, platform: "iOS"),
      row(["2.1.1"], .fail, platform: "iOS", check: "Esc"),
      row(["2.1.1"], .pass, platform: "Android"),
    ]
    #expect(ACRBuilder.conformance(split) == .partiallySupports)
    // Not applicable and untested rows are not functionality evaluated.
    let mostlyUntested =
      [row(["2.1.1"], .fail), row(["2.1.1"], .pass, check: "Enter")]
      + (1...5).map { row(["2.1.1"], .notTested, check: "More \($0)") }
    #expect(ACRBuilder.conformance(mostlyUntested) == .partiallySupports)
  }

  @Test(
    "Level A and AA without enough evidence stop the report, listing each; AAA becomes Not Evaluated"
  )
  func missingEvidence() throws {
    let builder = ACRBuilder(
      settings: settings(),
      answers: try answeredAll(except: ["2.1.1", "1.4.3"]),
      today: "2026-11-23", toolVersion: "test")
    do {
      _ = try builder.build([
        row(["2.1.1"], .pass), row(["2.1.1"], .notTested, check: "Escape"),
      ])
      Issue.record("built without evidence for 2.1.1 and 1.4.3")
    } catch {
      #expect(
        error.description.hasPrefix(
          "2 Level A and AA success criteria have no or not enough evidence"))
      #expect(error.description.contains("2.1.1 Keyboard (Level A; software)"))
      #expect(
        error.description.contains(
          "1.4.3 Contrast (Minimum) (Level AA; software)"))
      #expect(error.description.contains("--draft"))
    }
    var draft = builder
    draft.draft = true
    let report = try draft.build([
      row(["2.1.1"], .pass), row(["2.1.1"], .notTested, check: "Escape"),
    ])
    // VPAT's title page: the company (here no vendor, so the product), the report, the edition.
    #expect(
      report.title
        == "Draft: App Accessibility Conformance Report, WCAG Edition")
    let keyboard = try #require(
      report.chapters[0].rows.first { $0.criterion.number == "2.1.1" }?
        .adherence[.software])
    #expect(keyboard.term == .notEvaluated)
    #expect(
      keyboard.remarks.hasPrefix(
        "Draft: not evaluated yet. 1 of 2 checks pass, 1 not tested or unsure.")
    )
    #expect(keyboard.remarks.contains("untested Modal (iOS) Keyboard: Escape"))
    let aaa = try #require(report.chapters[2].rows.first?.adherence[.software])
    #expect(aaa.term == .notEvaluated && !aaa.remarks.hasPrefix("Draft"))
    #expect(report.components == [.software], "no web rows, no web column")
  }

  @Test(
    "remarks name the failures with severity and ticket, count passes, and keep hand-written notes"
  )
  func remarks() throws {
    let answers = try ACRAnswers(
      yaml: "\"2.4.7\":\n  software:\n    notes: \"Fix planned for 5.3.\"\n",
      origin: "a.yml")
    var all = try answeredAll(except: ["2.4.7"])
    all.answers["2.4.7"] = answers.answers["2.4.7"]
    let report = try ACRBuilder(
      settings: settings(), answers: all, today: "2026-11-23",
      toolVersion: "test"
    ).build([
      row(
        ["2.4.7"], .fail, component: "Sheet", check: "Tab", severity: "High",
        ticket: "A11Y-12"),
      row(["2.4.7"], .pass, component: "Modal"),
      row(["2.4.7"], .pass, platform: "Android"),
      row(["2.4.7"], .notApplicable, component: "Tabs"),
    ])
    let focus = try #require(
      report.chapters[1].rows.first { $0.criterion.number == "2.4.7" }?
        .adherence[.software])
    #expect(focus.term == .partiallySupports)
    #expect(
      focus.remarks
        == "Fails: Sheet (iOS) Keyboard: Tab (High, ticket A11Y-12). 2 of 4 checks pass, 1 not applicable. Fix planned for 5.3."
    )
  }

  @Test(
    "a buyer's remarks (the default) name what fails on which platform, and what meets the criterion, without severities, tickets, counts or notes; `remarks` replaces them"
  )
  func buyerRemarks() throws {
    var buyer = settings()
    buyer.remarksDetail = .summary
    #expect(ACRSettings().remarksDetail == .summary)
    var all = try answeredAll(except: ["2.4.7", "4.1.2", "1.4.4"])
    let own = try ACRAnswers(
      yaml: """
        "1.4.4":
          software:
            remarks: "Text scales to 200% in every screen."
            notes: "Checked in 5.2."
        """, origin: "a.yml")
    all.answers["1.4.4"] = own.answers["1.4.4"]
    let report = try ACRBuilder(
      settings: buyer, answers: all, today: "2026-11-23", toolVersion: "t"
    ).build([
      row(
        ["2.4.7"], .fail, platform: "Android", component: "Expandable region",
        check: "Role", severity: "Critical", ticket: "A11Y-12",
        notes: "TalkBack says image.\nSecond line."),
      row(
        ["2.4.7"], .fail, platform: "Android", component: "Expandable region",
        check: "State"),
      row(
        ["2.4.7"], .fail, platform: "Android", component: "Button",
        check: "Spacebar"),
      row(["2.4.7"], .pass, platform: "Android", component: "Switch"),
      row(["2.4.7"], .pass, platform: "iOS", component: "Switch"),
      row(
        ["2.4.7"], .pass, platform: "iOS", component: "Button",
        check: "Spacebar"),
      row(["4.1.2"], .pass, component: "Switch"),
      row(["4.1.2"], .pass, platform: "Android", component: "Toggle"),
      row(["4.1.2"], .notApplicable, component: "Tabs"),
      row(["1.4.4"], .fail, component: "Tabs", check: "Text resize"),
    ])
    func adherence(_ number: String) throws -> ACRAdherence {
      try #require(
        report.chapters.flatMap(\.rows).first { $0.criterion.number == number }?
          .adherence[.software])
    }
    let focus = try adherence("2.4.7")
    #expect(focus.term == .partiallySupports)
    #expect(
      focus.remarks
        == "Fails on Android: Expandable region (role, state) and Button (spacebar). "
        + "Other tested components meet the criterion. No defects were found on iOS."
    )
    for word in ["Critical", "A11Y-12", "TalkBack", " of ", "check"] {
      #expect(!focus.remarks.contains(word), "\(word)")
    }
    #expect(
      try adherence("4.1.2").remarks
        == "Switch and Toggle meet the criterion on iOS and Android.")
    // The answers file's remarks stand in place of the evidence's, and its notes follow them.
    let resize = try adherence("1.4.4")
    #expect(resize.term == .doesNotSupport)
    #expect(
      resize.remarks == "Text scales to 200% in every screen. Checked in 5.2.")
    // More failing components than a sentence holds are counted, without pointing at another document.
    let many = (1...8).map {
      row(["2.4.7"], .fail, platform: "Web", component: "Part \($0)")
    }
    let long = Remarks.summary(many, term: .doesNotSupport, untested: true)
    #expect(long.hasSuffix("; and 2 more components."), "\(long)")
    #expect(!long.contains("report"))
    #expect(Remarks.lowerFirst("VoiceOver rotor") == "VoiceOver rotor")
    #expect(Remarks.lowerFirst("Double tap") == "double tap")
  }

  @Test(
    "an answer's level overrides the evidence and says so; 4.1.1 is obsolete and supported"
  )
  func overrides() throws {
    var answers = try answeredAll()
    answers.answers["2.1.1"]?[.software] = ACRAnswer(
      term: .partiallySupports, notes: "Escape is fixed in 5.3.",
      origin: "a.yml:1")
    let report = try ACRBuilder(
      settings: settings(), answers: answers, today: "2026-11-23",
      toolVersion: "test"
    )
    .build([row(["2.1.1"], .pass), row(["2.1.1"], .pass, check: "Enter")])
    let keyboard = try #require(
      report.chapters[0].rows.first { $0.criterion.number == "2.1.1" }?
        .adherence[.software])
    #expect(keyboard.term == .partiallySupports)
    #expect(
      keyboard.remarks.hasPrefix(
        "Set by hand to Partially Supports; the audit alone says Supports."))
    #expect(keyboard.remarks.hasSuffix("Escape is fixed in 5.3."))
    // A level set by hand over checks that are not tested yet, or where no check tests it: never beside
    // "Not enough evidence" or "No check of this audit tests it".
    answers.answers["2.4.7"]?[.software] = ACRAnswer(
      term: .supports, notes: "Reviewed in the design system.",
      origin: "a.yml:2")
    answers.answers["1.4.3"]?[.software] = ACRAnswer(
      term: .supports, notes: "", origin: "a.yml:3")
    let handSet = try ACRBuilder(
      settings: settings(), answers: answers, today: "2026-11-23",
      toolVersion: "test"
    )
    .build([
      row(["2.1.1"], .pass), row(["2.4.7"], .notTested, check: "Tab"),
    ])
    let focus = try #require(
      handSet.chapters[1].rows.first { $0.criterion.number == "2.4.7" }?
        .adherence[.software])
    #expect(focus.term == .supports)
    #expect(
      focus.remarks
        == "Set by hand to Supports; this audit's checks alone do not decide it. 0 of 1 check passes, 1 not tested or unsure. Reviewed in the design system."
    )
    let contrast = try #require(
      handSet.chapters[1].rows.first { $0.criterion.number == "1.4.3" }?
        .adherence[.software])
    #expect(contrast.remarks == "Evaluated outside this audit's checks.")
    var noAnswerFor411 = answers
    noAnswerFor411.answers["4.1.1"] = nil
    let parsing = try ACRBuilder(
      settings: settings(), answers: noAnswerFor411, today: "2026-11-23",
      toolVersion: "test"
    )
    .build([row(["2.1.1"], .pass)]).chapters[0].rows.first {
      $0.criterion.number == "4.1.1"
    }
    #expect(parsing?.adherence[.software]?.term == .supports)
  }

  /// A final report from these rows and answers: its error's text, or nil when it was made.
  func refusal(_ rows: [ACREvidence], _ answers: ACRAnswers) -> String? {
    do {
      _ = try ACRBuilder(
        settings: settings(), answers: answers, today: "2026-11-23",
        toolVersion: "test"
      ).build(rows)
      return nil
    } catch {
      #expect(
        error.status == .failure, "an ACR that cannot be final is status 1")
      return error.description
    }
  }

  @Test(
    "answers may not contradict the evidence: Supports over a failure needs equivalent facilitation, Not Applicable over failures and Not Evaluated below AAA are refused"
  )
  func contradictions() throws {
    let failing = [
      row(["2.1.1"], .fail, check: "Escape", place: "audit.csv:7"),
      row(["2.1.1"], .pass, check: "Tab"),
    ]
    var answers = try answeredAll()
    answers.answers["2.1.1"]?[.software] = ACRAnswer(
      term: .supports, notes: "", origin: "answers.yml:4")
    let supports = try #require(refusal(failing, answers))
    #expect(
      supports.contains(
        "2.1.1 Keyboard (Software): answered Supports (answers.yml:4) over 1 recorded failure (audit.csv:7)"
      ),
      "\(supports)")
    #expect(supports.contains("equivalent_facilitation"))

    answers.answers["2.1.1"]?[.software]?.equivalentFacilitation =
      "Every Escape action is also on a visible Close button."
    let facilitated = try ACRBuilder(
      settings: settings(), answers: answers, today: "2026-11-23",
      toolVersion: "test"
    ).build(failing)
    let keyboard = try #require(
      facilitated.chapters[0].rows.first { $0.criterion.number == "2.1.1" }?
        .adherence[.software])
    #expect(keyboard.term == .supports)
    #expect(
      keyboard.remarks.hasPrefix(
        "Supports through equivalent facilitation: Every Escape action is also on a visible Close button."
      ))

    answers.answers["2.1.1"]?[.software] = ACRAnswer(
      term: .notApplicable, notes: "", origin: "answers.yml:4")
    #expect(
      refusal(failing, answers)?.contains(
        "answered Not Applicable (answers.yml:4) over 1 recorded failure (audit.csv:7); the failures show the criterion applies"
      ) == true)

    answers.answers["2.1.1"]?[.software] = ACRAnswer(
      term: .notEvaluated, notes: "", origin: "answers.yml:4")
    #expect(
      refusal([row(["2.1.1"], .pass)], answers)?.contains(
        "2.1.1 Keyboard (Software): answered Not Evaluated (answers.yml:4); VPAT allows Not Evaluated for Level AAA only"
      ) == true)

    // A Fail a refresh cleared and no tester retested is a known defect too; an earlier Cannot tell is
    // not a failure.
    var cleared = row(["2.1.1"], .notTested, check: "Escape", place: "a.csv:3")
    cleared.earlierFinding = .fail
    var unsure = cleared
    unsure.earlierFinding = .cannotTell
    for term in [ACRTerm.supports, .notApplicable] {
      answers.answers["2.1.1"]?[.software] = ACRAnswer(
        term: term, notes: "n", origin: "answers.yml:4")
      #expect(
        refusal([cleared, row(["2.1.1"], .pass)], answers)?.contains(
          "over 1 recorded failure (a.csv:3 (a Fail not retested since))")
          == true, "\(term)")
      #expect(refusal([unsure, row(["2.1.1"], .pass)], answers) == nil)
    }
    var aaa = try answeredAll()
    aaa.answers["2.1.3"] = [
      .software: ACRAnswer(term: .notEvaluated, notes: "", origin: "a.yml:9")
    ]
    #expect(refusal([row(["2.1.1"], .pass)], aaa) == nil)
  }

  @Test(
    "a criterion whose rows are all Not applicable needs a reason: a final report refuses, a draft says so"
  )
  func notApplicableNeedsReason() throws {
    var answers = try answeredAll(except: ["1.2.1"])
    let rows = [row(["1.2.1"], .notApplicable), row(["2.1.1"], .pass)]
    let refused = try #require(refusal(rows, answers))
    #expect(
      refused.contains(
        "1.2.1 Audio-only and Video-only (Prerecorded) (Software): every check is Not applicable; give the reason"
      ), "\(refused)")
    var draft = ACRBuilder(
      settings: settings(), answers: answers, today: "2026-11-23",
      toolVersion: "test")
    draft.draft = true
    let media = try #require(
      try draft.build(rows).chapters[0].rows.first {
        $0.criterion.number == "1.2.1"
      }?.adherence[.software])
    #expect(
      media.term == .notApplicable
        && media.remarks.hasPrefix("Draft: reason needed."))
    answers.answers["1.2.1"] = [
      .software: ACRAnswer(
        term: nil, notes: "The app has no audio or video.", origin: "a.yml:3")
    ]
    #expect(refusal(rows, answers) == nil)
  }

  @Test(
    "remarks a reviewer can use: a failure's first note line, what a Supports rests on, where nothing applies, long lists cut with a pointer"
  )
  func reviewerRemarks() throws {
    let fails = (1...8).map {
      row(
        ["2.1.1"], .fail, check: "Key \($0)", severity: "High",
        notes: "Focus is lost.\nSecond line.")
    }
    let failing = Remarks.evidence(fails, term: .doesNotSupport)
    #expect(
      failing.hasPrefix(
        "Fails: Modal (iOS) Keyboard: Key 1 (High): Focus is lost; Modal (iOS) Keyboard: Key 2"
      ))
    #expect(!failing.contains("Second line"))
    #expect(
      failing.contains("; and 2 more (the audit report lists every failure)."),
      "\(failing)")
    let supports = Remarks.evidence(
      [
        row(["2.1.1"], .pass, component: "Rating"),
        row(["2.1.1"], .pass, platform: "Android", component: "Rating"),
        row(["2.1.1"], .pass, component: "Toggle switch"),
        row(["2.1.1"], .notApplicable, component: "Tabs"),
      ], term: .supports)
    #expect(
      supports
        == "3 checks pass in Rating and Toggle switch on iOS and Android; 1 not applicable.",
      "\(supports)")
    let none = Remarks.evidence(
      [row(["1.2.1"], .notApplicable, component: "Rating")],
      term: .notApplicable)
    #expect(
      none
        == "No applicable content in Rating on iOS (1 check not applicable).",
      "\(none)")
  }

  @Test(
    "a Fail or Cannot tell row with no WCAG number never vanishes: a final report refuses and lists it, a draft prints it with its notes"
  )
  func unmappedFindings() throws {
    // A Fail a refresh cleared (its check changed) and no one retested, with no WCAG number.
    var cleared = row([], .notTested, check: "Drag", place: "audit.csv:14")
    cleared.earlierFinding = .fail
    let rows = [
      row(
        [], .fail, check: "Swipe", severity: "Critical", place: "audit.csv:12",
        notes: "Focus is lost."),
      row([], .cannotTell, check: "Pinch", place: "audit.csv:13"),
      row([], .pass, check: "Tap"),
      row(["2.1.1"], .pass),
      cleared,
    ]
    let refused = try #require(refusal(rows, try answeredAll()))
    #expect(
      refused.hasPrefix(
        "3 failed or uncertain rows name no WCAG success criterion"),
      "\(refused)")
    #expect(refused.contains("audit.csv:14: Modal (iOS) Keyboard: Drag"))
    #expect(refused.contains("audit.csv:12: Modal (iOS) Keyboard: Swipe"))
    #expect(refused.contains("audit.csv:13: Modal (iOS) Keyboard: Pinch"))
    #expect(!refused.contains("Tap"))
    var draft = ACRBuilder(
      settings: settings(), answers: try answeredAll(), today: "2026-11-23",
      toolVersion: "test")
    draft.draft = true
    let report = try draft.build(rows)
    #expect(
      report.unmappedFindings.map(\.check) == ["Swipe", "Pinch", "Drag"])
    let markdown = ACRMarkdownWriter.markdown(report)
    #expect(markdown.contains("## Findings not mapped to a criterion"))
    #expect(
      markdown.contains(
        "| audit.csv:12 | Modal (iOS) Keyboard: Swipe | Fail | Focus is lost. |"
      ), "\(markdown)")
    #expect(
      markdown.contains(
        "| audit.csv:14 | Modal (iOS) Keyboard: Drag | Fail (not retested since) |"
      ), "\(markdown)")
    let html = ACRHTMLWriter.html(report)
    #expect(html.contains("<h2>Findings not mapped to a criterion</h2>"))
    #expect(html.contains("<td>Fail (not retested since)</td>"))
    #expect(html.contains("<td>Focus is lost.</td>"))
  }

  @Test("missing author e-mail or product name: errors naming the config key")
  func requiredFacts() {
    var s = settings()
    s.author.email = ""
    #expect(
      throws: ACRError(
        "acr.author.email: missing; OpenACR requires the author's e-mail address"
      )
    ) {
      try ACRBuilder(settings: s, today: "2026-11-23", toolVersion: "t").build([
        row(["2.1.1"], .pass)
      ])
    }
    s = settings()
    s.vendor.companyName = "Co"
    #expect(
      throws: ACRError(
        "acr.vendor.email: missing; OpenACR requires an e-mail address for the vendor too"
      )
    ) {
      try ACRBuilder(settings: s, today: "2026-11-23", toolVersion: "t").build([
        row(["2.1.1"], .pass)
      ])
    }
  }

  @Test(
    "answers files: unknown criteria and terms are errors with file:line and did-you-mean",
    arguments: [
      (
        "\"1.4.33\":\n  web: {level: supports}\n",
        "answers.yml:1: 1.4.33: '1.4.33' is not a WCAG 2.2 success criterion or a Section 508 or EN 301 549 provision or chapter. Did you mean 1.4.3 (Contrast (Minimum))?"
      ),
      (
        "\"1.4.3\":\n  web: {level: suports}\n",
        "answers.yml:2: 1.4.3.web.level: unknown conformance term 'suports'. Did you mean 'supports'?"
      ),
      (
        "\"1.4.3\":\n  desktop: {level: supports}\n",
        "answers.yml:2: 1.4.3.desktop: unknown key 'desktop'."
      ),
      (
        "\"1.4.3\":\n  web: {}\n",
        "answers.yml:2: 1.4.3.web: give a level, notes (added to the remarks), remarks (in place of them), or a mix"
      ),
    ])
  func badAnswers(yaml: String, message: String) {
    do {
      _ = try ACRAnswers(yaml: yaml, origin: "answers.yml")
      Issue.record("accepted \(yaml)")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }
}

extension ACRError: Equatable {
  public static func == (lhs: ACRError, rhs: ACRError) -> Bool {
    lhs.description == rhs.description
  }
}

@Suite("ACR writers")
struct ACRWriterTests {
  func report(web: Bool = true, edition: String = ACRSettings.defaultEdition)
    throws -> ACRReport
  {
    var s = settings()
    s.edition = edition
    s.productName = "App <b>&"
    s.legalDisclaimer = "As is."
    return try ACRBuilder(
      settings: s, answers: try answeredAll(except: ["2.1.1"]),
      // The 508 and International editions' provisions are unanswered here: a draft.
      draft: edition != ACRSettings.defaultEdition,
      today: "2026-11-23", toolVersion: "test"
    ).build([
      row(["2.1.1"], .pass),
      row(
        ["2.1.1"], .fail, platform: "Web",
        component: "Link <script>alert(1)</script>", check: "Enter"),
    ])
  }

  @Test(
    "a draft says so on every printed page and says what it leaves open; a final report carries neither"
  )
  func draftMarks() throws {
    let final = try report()
    #expect(!final.draft)
    let finalHTML = ACRHTMLWriter.html(final)
    #expect(!finalHTML.contains("class=\"draft-mark\""))
    #expect(!finalHTML.contains("class=\"draft-watermark\""))
    #expect(!final.warnings.contains { $0.hasPrefix("draft:") })
    // Nothing answered and one criterion tested: every other Level A and AA criterion is open.
    let draft = try ACRBuilder(
      settings: settings(), answers: ACRAnswers(), draft: true,
      today: "2026-11-23", toolVersion: "test"
    ).build([row(["2.1.1"], .pass)])
    let html = ACRHTMLWriter.html(draft)
    #expect(html.contains("<p class=\"draft-mark\">Draft, not for release"))
    // The watermark is fixed in print (every page) and hidden from screen readers, who read the banner.
    #expect(
      html.contains(
        "<div class=\"draft-watermark\" aria-hidden=\"true\">DRAFT</div>"))
    #expect(
      html.contains("@media print {")
        && html.contains(".draft-watermark { display: block; }"))
    let open = WCAG22.all.filter {
      $0.level != .aaa && $0.number != "2.1.1" && $0.number != "4.1.1"
    }
    let warning = try #require(draft.warnings.first { $0.hasPrefix("draft:") })
    #expect(
      warning.hasPrefix(
        "draft: \(open.count) Level A and AA success criteria marked Not Evaluated (1.1.1, 1.2.1, 1.2.2,"
      ),
      "\(warning)")
    #expect(
      warning.hasSuffix(
        "a final ACR needs each tested or answered (run without --draft to list them)"
      ))
  }

  @Test(
    "Markdown: VPAT's tables and columns, each criterion linking to Understanding, roll-up counts"
  )
  func markdown() throws {
    let text = ACRMarkdownWriter.markdown(try report())
    for heading in [
      "### Table 1: Success Criteria, Level A",
      "### Table 2: Success Criteria, Level AA",
      "### Table 3: Success Criteria, Level AAA",
    ] {
      #expect(text.contains("\n\(heading)\n"))
    }
    // Nothing at AAA was evaluated (Applicable Standards says Level AAA (No)): Table 3 is one line, not
    // 31 rows of Not Evaluated.
    #expect(
      text.components(
        separatedBy:
          "| Criteria | Conformance Level | Remarks and Explanations |"
      ).count == 3)
    #expect(
      text.contains(
        "### Table 3: Success Criteria, Level AAA\n\nLevel AAA was not evaluated (see Applicable Standards/Guidelines); its success criteria are not reported.\n"
      ))
    #expect(
      text.contains(
        "| [2.1.1 Keyboard](https://www.w3.org/WAI/WCAG22/Understanding/keyboard.html) (Level A) | Web: Does Not Support<br>Software: Supports |"
      ))
    #expect(
      text.contains(
        "Summary: Web: 1 Does Not Support, 31 Not Applicable; Software: 32 Supports"
      ))
    #expect(
      text.contains("App &lt;b>&amp;")
        && text.contains("Link &lt;script>alert(1)&lt;/script>"))
  }

  @Test(
    "HTML: headings, captions, scope on header cells, escaped text, nothing external"
  )
  func html() throws {
    let page = ACRHTMLWriter.html(try report())
    #expect(page.contains("<html lang=\"en\">"))
    // The table is named by its heading, once: no caption repeating "Table 2: …".
    #expect(
      page.contains(
        "<h3 id=\"success_criteria_level_aa\">Table 2: Success Criteria, Level AA</h3>"
      ))
    #expect(
      page.contains(
        "<table class=\"criteria\" aria-labelledby=\"success_criteria_level_aa\">"
      ))
    #expect(
      page.components(separatedBy: "Table 2: Success Criteria, Level AA").count
        == 2)
    #expect(
      page.contains(
        "<h3 id=\"success_criteria_level_aaa\">Table 3: Success Criteria, Level AAA</h3>\n<p>Level AAA was not evaluated"
      ))
    let yaml = OpenACRWriter.yaml(try report())
    #expect(
      yaml.contains(
        "  success_criteria_level_aaa:\n    disabled: true\n    notes: "),
      "\(yaml.prefix(600))")
    #expect(page.contains("<th scope=\"col\">Remarks and Explanations</th>"))
    #expect(
      page.contains(
        "<th scope=\"row\"><a href=\"https://www.w3.org/WAI/WCAG22/Understanding/keyboard.html\">2.1.1 Keyboard</a> (Level A)</th>"
      ))
    #expect(!page.contains("<script>") && page.contains("&lt;script&gt;"))
    #expect(page.contains("default-src 'none'"))
    #expect(!page.contains("src=\"http") && !page.contains("<link "))
  }

  @Test(
    "OpenACR validates against the schema and the VPAT 2.5 WCAG 2.2 catalogue",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func openACR() throws {
    let folder = try Scratch.folder("criteria-acr")
    let file = folder.appendingPathComponent("acr.yaml")
    try Data(OpenACRWriter.yaml(try report()).utf8).write(to: file)
    let schemas = SharedData.root.appendingPathComponent("schemas/openacr")
    let script = SharedData.packageRoot.appendingPathComponent(
      "Tests/ACRTests/Scripts/check_openacr.py")
    let run = try ProcessRunner.run(
      "python3",
      [
        script.path, file.path,
        schemas.appendingPathComponent("openacr-0.1.0.json").path,
        schemas.appendingPathComponent("2.5-edition-wcag-2.2-en.yaml").path,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "ok\n", "\(run.stdout)")
    let text = OpenACRWriter.yaml(try report())
    #expect(text.contains("      - num: \"2.1.1\"\n"))
    #expect(text.contains("\nversion: 1\n"))
  }

  @Test(
    "the HTML ACR of each edition in real headless Chromium: no axe-core violation (WCAG 2.0-2.2 A and AA), every link reachable by Tab, a screenshot",
    .tags(.slow), .enabled(if: SlowTests.enabled, SlowTests.skipped),
    arguments: ACRSettings.editions)
  func inBrowser(edition: String) throws {
    let folder = BrowserCheck.folder
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    let page = folder.appendingPathComponent("acr-\(edition).html")
    var report = try report(edition: edition)
    // The documents' words marked in their language, as a Spanish audit's would be.
    report.languages.documents = ContentLanguage("es")
    report.quoted.names = ["Enter", "Link <script>alert(1)</script>"]
    let html = ACRHTMLWriter.html(report)
    #expect(
      html.contains(
        "<span lang=\"es\">Link &lt;script&gt;alert(1)&lt;/script&gt;</span> (Web)"
      ), "\(html)")
    try Data(html.utf8).write(to: page)
    let check = try BrowserCheck.run(page, screenshot: "acr-\(edition)")
    let result = try #require(check.result, "\(check.stderr)")
    #expect(
      (result["axe"] as? String)?.hasPrefix("4.") == true,
      "axe-core 4.x ran: \(result)")
    #expect(result["error"] is NSNull)
    #expect(
      (result["violations"] as? [Any])?.isEmpty == true,
      "\(result["violations"] ?? "")")
    let links = result["links"] as? Int ?? 0
    // Nothing at AAA was evaluated, so Table 3 is one line: no AAA criterion is linked.
    #expect(
      links == WCAG22.all.filter { $0.level != .aaa }.count + 1,
      "one Understanding link per Level A and AA entry, and the scoping note's link"
    )
    #expect(result["tabStops"] as? Int == links, "Tab reaches every link once")
    let screenshot = folder.appendingPathComponent("acr-\(edition).png")
    #expect(
      FileManager.default.fileExists(atPath: screenshot.path),
      "screenshot at \(screenshot.path)")
    #expect(
      result["horizontalScroll"] as? Bool == false,
      "nothing scrolls sideways at 1280 pixels")
  }

  @Test(
    "ticket keys in the remarks link to the pages the ledgers recorded: whole keys only, web addresses only, in every format"
  )
  func ticketLinks() throws {
    let report = try ACRBuilder(
      settings: settings(), answers: try answeredAll(except: ["2.1.1"]),
      today: "2026-11-24", toolVersion: "test",
      ticketLinks: [
        "A11Y-7": "https://jira.example/browse/A11Y-7",
        "A11Y-70": "https://jira.example/browse/A11Y-70?q=(a)|b c",
        "B-1": "javascript:alert(1)", "C-9": "https://jira.example/browse/C-9",
      ]
    ).build([
      row(["2.1.1"], .pass),
      row(["2.1.1"], .fail, check: "Escape", ticket: "A11Y-7"),
      row(["2.1.1"], .fail, check: "Arrow", ticket: "A11Y-70"),
      row(["2.1.1"], .fail, check: "Space", ticket: "B-1"),
    ])
    // C-9 is in no row; B-1's page is not a web address.
    #expect(Set(report.ticketLinks.keys) == ["A11Y-7", "A11Y-70"])
    let html = ACRHTMLWriter.html(report)
    #expect(
      html.contains("<a href=\"https://jira.example/browse/A11Y-7\">A11Y-7</a>")
    )
    #expect(
      html.contains(
        "<a href=\"https://jira.example/browse/A11Y-70?q=(a)|b c\">A11Y-70</a>")
    )
    #expect(!html.contains("javascript:") && html.contains("B-1"))
    let markdown = ACRMarkdownWriter.markdown(report)
    #expect(markdown.contains("[A11Y-7](https://jira.example/browse/A11Y-7)"))
    #expect(
      markdown.contains(
        "[A11Y-70](https://jira.example/browse/A11Y-70?q=%28a%29%7Cb%20c)"))
    let yaml = OpenACRWriter.yaml(report)
    #expect(yaml.contains("ticket A11Y-7 (https://jira.example/browse/A11Y-7)"))
    #expect(!yaml.contains("A11Y-7 (https://jira.example/browse/A11Y-70"))
    // A numeric key (Redmine's) links where the remarks name the ticket, never a count: 6 of 7 checks.
    let numeric = try ACRBuilder(
      settings: settings(), answers: try answeredAll(except: ["2.1.1"]),
      today: "2026-11-24", toolVersion: "test",
      ticketLinks: ["7": "https://redmine.example/issues/7"]
    ).build(
      [row(["2.1.1"], .fail, check: "Escape", ticket: "7")]
        + (1...6).map { row(["2.1.1"], .pass, check: "Check \($0)") })
    let numericHTML = ACRHTMLWriter.html(numeric)
    #expect(
      numericHTML.components(
        separatedBy: "<a href=\"https://redmine.example/issues/7\">7</a>"
      )
      .count == 2)
    #expect(numericHTML.contains("6 of 7 checks pass"))
    // Without links the remarks are as before.
    let plain = try ACRBuilder(
      settings: settings(), answers: try answeredAll(except: ["2.1.1"]),
      today: "2026-11-24", toolVersion: "test"
    ).build([row(["2.1.1"], .fail, check: "Escape", ticket: "A11Y-7")])
    #expect(!ACRHTMLWriter.html(plain).contains("<a href=\"https://jira"))
  }

  @Test(
    "VPAT's front matter: the vendor in the title, the standards and levels covered, the audit's scope, and each fact a reviewer expects named by its config key when missing"
  )
  func frontMatter() throws {
    var s = settings()
    s.vendor.companyName = "Acme"
    s.vendor.email = "acr@acme.example"
    var evidence = [
      row(["2.1.1"], .pass), row(["2.1.1"], .fail, check: "Escape"),
      row(["2.1.1"], .notTested, check: "Arrow"),
      row(["2.1.1"], .pass, platform: "Android", component: "Toggle"),
    ]
    evidence[0].tester = "Ana"
    evidence[0].date = "2026-11-03"
    // Dates as a spreadsheet may write them back count as the days they name.
    evidence[1].tester = "Ben"
    evidence[1].date = "2026/11/02"
    evidence[3].tester = "Ana"
    evidence[3].date = "5.11.2026"
    let report = try ACRBuilder(
      settings: s, answers: ACRAnswers(), draft: true, today: "2026-11-23",
      toolVersion: "test"
    ).build(evidence)
    #expect(
      report.title
        == "Draft: Acme Accessibility Conformance Report, WCAG Edition")
    #expect(
      report.scope.summary
        == "App for iOS and Android, tested from 2026-11-02 to 2026-11-05 by Ana and Ben against "
        + "MagentaA11y acceptance criteria: 2 components, 3 of 4 checks evaluated (the appendix lists each)."
    )
    // Nothing at Level AAA was evaluated: the draft marks it Not Evaluated, so AAA is not covered.
    #expect(
      report.applicableStandards.map(\.included) == [
        "Level A (Yes), Level AA (Yes), Level AAA (No)"
      ])
    #expect(
      report.missingFacts.map { String($0.prefix { $0 != ":" }) } == [
        "acr.product.version", "acr.evaluation_methods_used",
        "acr.legal_disclaimer",
      ])
    let markdown = ACRMarkdownWriter.markdown(report)
    for line in [
      "Based on VPAT® Version 2.5Rev", "## Applicable Standards/Guidelines",
      "## Terms",
      "- **Does Not Support:** The majority of product functionality does not meet the criterion.",
      "## Scope of the evaluation",
    ] {
      #expect(markdown.contains(line), "\(line)")
    }
    let yaml = OpenACRWriter.yaml(report)
    #expect(yaml.contains("last_modified_date: \"2026-11-23\""))
    // OpenACR's evaluation methods hold the one-paragraph scope, never the per-component list.
    #expect(
      yaml.contains(
        "evaluation_methods_used: \"App for iOS and Android, tested from 2026-11-02 to 2026-11-05 by Ana and Ben"
      ), "\(yaml)")
    #expect(!yaml.contains("checks evaluated)"))
    // The coverage per component is the appendix, a table.
    #expect(
      markdown.contains(
        "## Appendix: Coverage by component\n\n| Component | Platform | Checks evaluated |\n| --- | --- | --- |\n"
          + "| Modal | iOS | 2 of 3 |\n| Toggle | Android | 1 of 1 |\n"),
      "\(markdown)")
  }

  @Test(
    "the scope is one paragraph: product, platforms, days, testers, how much was evaluated; components with nothing evaluated are named out of scope"
  )
  func scopeParagraph() {
    var scope = ACRScope([
      row(["2.1.1"], .pass), row(["2.1.1"], .notTested, component: "Timer"),
      row(["2.1.1"], .fail, platform: "Web", component: "Link"),
    ])
    scope.product = "Magenta Demo App 5.2"
    #expect(
      scope.summary
        == "Magenta Demo App 5.2 for iOS and the web, tested against MagentaA11y acceptance criteria: "
        + "2 components, 2 of 2 checks evaluated (the appendix lists each). "
        + "Not evaluated, so not in scope: Timer on iOS.")
    #expect(scope.paragraphs.count == 1)
  }

  @Test(
    "a Fail row naming the criteria its defect breaks (Failed WCAG) counts against those alone; one outside the row's WCAG column is a warning"
  )
  func failedWCAG() throws {
    var failing = row(
      ["2.1.1", "2.4.7"], .fail, check: "Escape", place: "a.csv:3")
    let passing = row(["2.1.1", "2.4.7"], .pass, place: "a.csv:2")
    let builder = ACRBuilder(
      settings: settings(),
      answers: try answeredAll(except: ["2.1.1", "2.4.7", "1.4.11"]),
      draft: true, today: "2026-11-23", toolVersion: "test")
    func term(_ report: ACRReport, _ number: String) -> ACRTerm? {
      report.chapters.flatMap(\.rows).first { $0.criterion.number == number }?
        .adherence[.software]?.term
    }
    // Without Failed WCAG, the failure counts against both criteria the row tests.
    let plain = try builder.build([passing, failing])
    #expect(term(plain, "2.1.1") == .partiallySupports)
    #expect(term(plain, "2.4.7") == .partiallySupports)
    failing.failedWCAG = ["2.4.7"]
    let named = try builder.build([passing, failing])
    #expect(
      term(named, "2.1.1") == .supports, "the defect does not break 2.1.1")
    #expect(term(named, "2.4.7") == .partiallySupports)
    // The only warning is the draft's own: 1.4.11 is left unanswered on purpose.
    #expect(named.warnings.filter { !$0.hasPrefix("draft:") }.isEmpty)
    failing.failedWCAG = ["2.4.7", "1.4.11"]
    let outside = try builder.build([passing, failing])
    #expect(
      outside.warnings == [
        "a.csv:3: Failed WCAG 1.4.11 is not in the row's WCAG column (2.1.1, 2.4.7); "
          + "the failure counts against 2.4.7, 1.4.11 alone"
      ])
  }

  @Test(
    "a Failed WCAG cell that is not a WCAG 2.2 success criterion is an error naming the file and row"
  )
  func failedWCAGRefused() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "failed-wcag-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      ("Component,Platform,Check,WCAG,Result,Failed WCAG,ID\n"
        + "Modal,iOS,Tab,2.1.1,Fail,2.1.1,a/b/c@ios\nModal,iOS,Esc,2.1.1,Fail,9.9.9,a/b/d@ios\n")
        .utf8
    ).write(to: file)
    let sheet = try AuditSheet.read(path: file.path)
    do {
      _ = try ACREvidence.rows(of: sheet)
      Issue.record("read 9.9.9 as a success criterion")
    } catch {
      #expect(error.status == .dataError)
      #expect(
        error.description
          == "\(file.path):3: Failed WCAG '9.9.9' is not a WCAG 2.2 success criterion; "
          + "name the criteria the failure breaks, such as 2.4.7")
    }
  }
}

@Suite("Section 508 and EN 301 549 provisions from evidence")
struct ProvisionEvidenceTests {
  func evidence(
    _ test: String, _ wcag: [String], _ outcome: ACREvidence.Outcome,
    platform: String, component: String = "Rating", place: String = ""
  ) -> ACREvidence {
    ACREvidence(
      id: "x/\(component)/\(test)/\(wcag.joined())@\(platform)", wcag: wcag,
      component: platform == "Web" ? .web : .software, platform: platform,
      componentName: component, test: test, check: "Name", outcome: outcome,
      place: place)
  }

  var rows: [ACREvidence] {
    [
      evidence(
        "Screen reader", ["4.1.2"], .fail, platform: "iOS", place: "audit.csv:3"
      ),
      evidence("Screen reader", ["4.1.2"], .pass, platform: "Android"),
      evidence("Settings", ["1.4.4"], .pass, platform: "iOS"),
      evidence("Settings", ["1.4.4"], .pass, platform: "Android"),
      evidence(
        "Screen reader", ["4.1.2"], .fail, platform: "Web",
        component: "Disclosure"),
      evidence(
        "Keyboard", ["2.1.1"], .pass, platform: "Web", component: "Disclosure"),
    ]
  }

  func international(_ answers: ACRAnswers = ACRAnswers(), draft: Bool)
    throws(ACRError) -> ACRReport
  {
    try report(
      ACRSettings.internationalEdition, rows, answers: answers, draft: draft)
  }

  /// The report of `rows` in one edition.
  func report(
    _ edition: String, _ rows: [ACREvidence], answers: ACRAnswers, draft: Bool
  ) throws(ACRError) -> ACRReport {
    var s = settings()
    s.edition = edition
    return try ACRBuilder(
      settings: s, answers: answers, draft: draft, today: "2026-11-24",
      toolVersion: "test"
    ).build(rows)
  }

  @Test(
    "VPAT's chapter layout: EN 301 549's heading and informative clauses are heading rows with no level asked, and a chapter answered whole prints one line"
  )
  func chapterLayout() throws {
    let answers = try ACRAnswers(
      yaml: """
        hardware: {level: not-applicable, notes: "The product is an app."}
        en_301_549_hardware: {level: not-applicable, notes: "The product is an app."}
        en_301_549_software: {level: supports}
        "11.7": {level: partially-supports, notes: "Dark mode is ignored."}
        """, origin: "answers.yml")
    let report = try international(answers, draft: true)
    let rows = report.provisionChapters.flatMap(\.rows)
    func isHeading(_ id: String) -> Bool? {
      rows.first { $0.provision.id == id }?.heading
    }
    // The clauses the issue names, read off the EN 301 549 catalogue: each has sub-clauses, or says
    // it is informative.
    for id in [
      "5.1", "5.1.3", "11.0", "11.5", "11.5.2", "11.8", "12.1", "12.2", "10.0",
    ] {
      #expect(isHeading(id) == true, "\(id)")
    }
    for id in ["5.2", "11.5.1", "11.5.2.5", "11.7", "12.1.1", "302.1", "504.2"]
    {
      #expect(isHeading(id) == false, "\(id)")
    }
    // Nothing asks a heading for a level: a draft's unanswered provisions leave them out.
    #expect(!report.warnings.joined().contains("11.5 Interoperability"))
    let markdown = ACRMarkdownWriter.markdown(report)
    #expect(
      markdown.contains(
        "| **11.5 Interoperability with assistive technology** | Heading cell – no response required | |"
      ))
    // Chapter 4 answered whole: one line, not 55 rows; Clause 11 has an answer of its own (11.7), so it
    // stays a table, and the chapter's answer fills the rest.
    let hardware = try #require(
      report.provisionChapters.first { $0.id == "hardware" })
    #expect(hardware.whole?.term == .notApplicable)
    #expect(
      markdown.contains(
        "### Chapter 4: Hardware\n\nNot Applicable for every provision of this chapter: The product is an app.\n"
      ), "\(markdown)")
    #expect(!markdown.contains("| 402.2.1 "))
    let software = try #require(
      report.provisionChapters.first { $0.id == "en_301_549_software" })
    #expect(software.whole == nil)
    #expect(markdown.contains("| 11.7 User preferences | Partially Supports |"))
    // OpenACR still lists every provision; a heading row has no level.
    let yaml = OpenACRWriter.yaml(report)
    #expect(
      yaml.contains("      - num: \"11.5\"\n      - num: \"11.5.1\"\n"),
      "\(yaml)")
    #expect(yaml.contains("      - num: \"402.2.1\"\n        components:"))
    let html = ACRHTMLWriter.html(report)
    #expect(
      html.contains(
        "<strong>11.5 Interoperability with assistive technology</strong>"))
  }

  func adherence(_ report: ACRReport, _ id: String) -> ACRAdherence? {
    report.provisionChapters.flatMap(\.rows).first { $0.provision.id == id }?
      .adherence
  }

  @Test(
    "screen-reader checks speak to 302.1 and 4.2.1, native name/role/state checks to 502.3.1 and 11.5.2.5, native text size to part of 503.2 and 11.7"
  )
  func rules() throws {
    let report = try international(draft: true)
    // Three units: Rating on iOS fails its one row, on Android passes, Disclosure on the web fails
    // its one screen-reader row: two thirds failing is a majority.
    for id in ["302.1", "4.2.1"] {
      let found = try #require(adherence(report, id))
      #expect(found.term == .doesNotSupport, "\(id)")
      #expect(
        found.remarks.hasPrefix(
          "From the audit's screen-reader checks: Fails:"), "\(id)")
    }
    // The web row is not evidence for the platform-services provisions: Rating iOS fails, Android passes.
    for id in ["502.3.1", "11.5.2.5"] {
      let found = try #require(adherence(report, id))
      #expect(found.term == .partiallySupports, "\(id)")
      #expect(
        found.remarks.contains("native name, role and state checks"), "\(id)")
      #expect(!found.remarks.contains("Disclosure"), "\(id)")
    }
    // Text size passing supports font size only: the provision still needs an answer.
    for id in ["503.2", "11.7"] {
      let found = try #require(adherence(report, id))
      #expect(found.term == .notEvaluated, "\(id)")
      #expect(
        found.remarks.contains("These checks test font size only"), "\(id)")
      #expect(found.remarks.hasPrefix("Not answered yet"), "\(id)")
    }
    // Every rule cites its provision's text.
    for rule in ProvisionEvidence.rules {
      #expect(
        rule.reason.contains(rule.provision)
          && rule.reason.contains("EN 301 549")
            != rule.reason.contains("Revised 508"),
        "\(rule.provision)")
    }
  }

  @Test(
    "a chapter answered whole fills only the provisions the audit has no evidence for; a provision's own answer still overrides"
  )
  func chapterAnswerFillsGaps() throws {
    let whole = try ACRAnswers(
      yaml:
        "software: {level: supports, notes: \"Reviewed against the platforms' APIs.\"}\n",
      origin: "answers.yml")
    let report = try international(whole, draft: true)
    // 502.3.1 has the audit's rows (Rating fails on iOS): the chapter's Supports does not override them,
    // so nothing contradicts the evidence.
    let services = try #require(adherence(report, "502.3.1"))
    #expect(services.term == .partiallySupports)
    #expect(!services.remarks.contains("Draft:"), "\(services.remarks)")
    #expect(
      !services.remarks.contains("Reviewed against"), "\(services.remarks)")
    // A provision of the chapter without evidence takes the chapter's answer.
    let control = try #require(adherence(report, "502.2.1"))
    #expect(control.term == .supports)
    #expect(control.remarks.contains("Reviewed against the platforms' APIs."))
    // Its own answer still overrides the evidence, under VPAT's rules.
    let own = try ACRAnswers(
      yaml:
        "software: {level: supports}\n\"502.3.1\": {level: does-not-support}\n",
      origin: "answers.yml")
    let set = try #require(
      adherence(try international(own, draft: true), "502.3.1"))
    #expect(set.term == .doesNotSupport)
  }

  @Test(
    "a Revised Section 508 answer carries to the EN 301 549 provision harmonised with it, saying so; the EN provision's own answer wins"
  )
  func section508CarriesToEN() throws {
    let answers = try ACRAnswers(
      yaml: """
        "302.6": {level: not-applicable, notes: "The app takes no speech input."}
        "502.3.5": {level: supports}
        "502.3.9": {level: partially-supports}
        "602.2": {level: supports, notes: "Settings are documented."}
        "12.1.1": {level: partially-supports, notes: "Help lacks a page."}
        """, origin: "answers.yml")
    let report = try international(answers, draft: true)
    let speech = try #require(adherence(report, "4.2.6"))
    #expect(speech.term == .notApplicable)
    #expect(
      speech.remarks.contains(
        "As answered for Revised Section 508 302.6: The app takes no speech input."
      ),
      "\(speech.remarks)")
    // The 508 row keeps its own answer.
    #expect(adherence(report, "302.6")?.term == .notApplicable)
    // Two 508 answers that disagree carry nothing.
    #expect(adherence(report, "11.5.2.17")?.term == .notEvaluated)
    // The EN provision's own answer wins over the carried one.
    let documentation = try #require(adherence(report, "12.1.1"))
    #expect(documentation.term == .partiallySupports)
    #expect(!documentation.remarks.contains("As answered for"))
    // Every pair names real provisions of both standards.
    let en = Set(
      ProvisionStandard.en301549.chapters.flatMap(\.provisions).map(\.id))
    let us = Set(
      ProvisionStandard.section508.chapters.flatMap(\.provisions).map(\.id))
    for (from, to) in ProvisionCarry.toEN301549 {
      #expect(us.contains(from), "\(from)")
      #expect(en.contains(to), "\(to)")
    }
  }

  @Test(
    "a provision whose rows are all Not applicable needs a reason; an answer's notes without a level give it"
  )
  func notApplicableReason() throws {
    let rows = [
      evidence("Settings", ["1.4.4"], .notApplicable, platform: "iOS"),
      evidence("Settings", ["1.4.4"], .notApplicable, platform: "Android"),
      evidence("Keyboard", ["2.1.1"], .pass, platform: "iOS"),
    ]
    func report(_ answers: ACRAnswers) throws -> ACRReport {
      try self.report(
        ACRSettings.section508Edition, rows, answers: answers, draft: true)
    }
    let bare = try #require(adherence(try report(ACRAnswers()), "503.2"))
    #expect(bare.term == .notApplicable)
    #expect(bare.remarks.hasPrefix("Draft: reason needed."))
    let answered = try ACRAnswers(
      yaml: "\"503.2\": {notes: \"The app shows no text of its own.\"}\n",
      origin: "answers.yml")
    let given = try #require(adherence(try report(answered), "503.2"))
    #expect(given.term == .notApplicable)
    #expect(!given.remarks.contains("reason needed"))
    #expect(given.remarks.hasSuffix("The app shows no text of its own."))
  }

  @Test(
    "VPAT's WCAG report notes: the scoping note in the template's words; in the 508 and International editions what Tables 1 and 2 also document, for the product types audited only; Clause 9 points to them"
  )
  func wcagReportNotes() throws {
    // VPAT 2.5's note under "WCAG 2.x Report", as published VPAT 2.5 reports carry it.
    let scoping =
      "Note: When reporting on conformance with the WCAG 2.x Success Criteria, they are scoped for full pages, "
      + "complete processes, and accessibility-supported ways of using technology as documented in the "
      + "[WCAG 2.0 Conformance Requirements](https://www.w3.org/TR/WCAG20/#conformance-reqs)."
    let software = rows.filter { $0.platform != "Web" }
    for (edition, evidence, listed) in [
      (ACRSettings.defaultEdition, rows, [String]()),
      (
        ACRSettings.section508Edition, rows,
        ["- Revised Section 508: Chapter 5 – 501.1 Scope (Web and Software)"]
      ),
      (
        ACRSettings.internationalEdition, rows,
        [
          "- Revised Section 508: Chapter 5 – 501.1 Scope (Web and Software)",
          "- EN 301 549: Clause 9 – Web; Clauses 11.1–11.4 of Clause 11 – Software",
        ]
      ),
      (
        ACRSettings.internationalEdition, software,
        [
          "- Revised Section 508: Chapter 5 – 501.1 Scope (Software)",
          "- EN 301 549: Clauses 11.1–11.4 of Clause 11 – Software",
        ]
      ),
    ] {
      let markdown = ACRMarkdownWriter.markdown(
        try report(edition, evidence, answers: ACRAnswers(), draft: true))
      let section = try #require(
        markdown.split(separator: "\n## ").first {
          $0.hasPrefix("WCAG 2.2 Report")
        })
      #expect(section.contains(scoping), "\(edition)")
      let lines = section.split(separator: "\n").filter { $0.hasPrefix("- ") }
        .map(String.init)
      #expect(lines == listed, "\(edition)")
      #expect(
        section.contains("Tables 1 and 2 also document conformance with:")
          == !listed.isEmpty, "\(edition)")
      // Never VPAT's whole list: the audit does not test documents, authoring tools or support documentation.
      #expect(!section.contains("602.3") && !section.contains("Clause 12"))
    }
    let web = try international(draft: true)
    let clause9 = try #require(
      web.provisionChapters.first { $0.id == "en_301_549_web" })
    #expect(
      clause9.rows.isEmpty && clause9.notes.hasPrefix("See the WCAG 2.2 Report")
    )
    let noWeb = try report(
      ACRSettings.internationalEdition, software, answers: ACRAnswers(),
      draft: true)
    #expect(
      noWeb.provisionChapters.first { $0.id == "en_301_549_web" }?.notes
        .hasPrefix("The audit has no web rows") == true)
    let html = ACRHTMLWriter.html(web)
    #expect(
      html.contains(
        "<a href=\"https://www.w3.org/TR/WCAG20/#conformance-reqs\">WCAG 2.0 Conformance Requirements</a>.</p>"
      ))
    #expect(
      html.contains(
        "<h3 id=\"en_301_549_web\">Chapter 9: Web</h3>\n<p>Notes: See the WCAG 2.2 Report"
      ))
    #expect(
      OpenACRWriter.yaml(web).contains(
        "  en_301_549_web:\n    notes: \"See the WCAG 2.2 Report"))
    // The catalogue's handle "11.5.2.4 11.5.2.4 Assistive technology" is printed once.
    #expect(adherence(web, "11.5.2.4") != nil)
    #expect(
      web.provisionChapters.flatMap(\.rows).first {
        $0.provision.id == "11.5.2.4"
      }?.provision
        .handle == "Assistive technology")
    // Chapter 9 cannot be answered: its table is the WCAG tables.
    do {
      _ = try ACRAnswers(
        yaml: "en_301_549_web: {level: supports}\n", origin: "answers.yml")
      Issue.record("Chapter 9 was answered")
    } catch {
      #expect(
        error.description.contains(
          "'en_301_549_web' is Chapter 9: Web, which the WCAG tables report"),
        "\(error.description)")
    }

  }

  @Test(
    "a chapter id written with dashes or capitals is that chapter; a wrong one is told the nearest, or every chapter with its number"
  )
  func chapterSpellings() throws {
    let dashed = try ACRAnswers(
      yaml:
        "Functional-Performance-Criteria: {level: supports}\nsupport-documentation-and-services: {level: supports}\n",
      origin: "answers.yml")
    #expect(
      dashed.provisions["functional_performance_criteria"]?.term == .supports)
    #expect(dashed.provisions["support_documentation_and_services"] != nil)
    func message(_ yaml: String) -> String {
      do {
        _ = try ACRAnswers(yaml: yaml, origin: "answers.yml")
        return ""
      } catch { return error.description }
    }
    let typo = message("functional_perfromance_criteria: {level: supports}\n")
    #expect(
      typo.contains(
        "Did you mean functional_performance_criteria (Revised Section 508, Chapter 3: Functional Performance Criteria (FPC))?"
      ), "\(typo)")
    // "chapter-3" is near no id: the message lists them, each with the number VPAT prints.
    let numbered = message("chapter-3: {level: supports}\n")
    #expect(
      numbered.contains(
        "The chapters are functional_performance_criteria (Revised Section 508, Chapter 3:"
      ), "\(numbered)")
    #expect(
      numbered.contains(
        "en_301_549_functional_performance (EN 301 549, Chapter 4:"),
      "\(numbered)")
    // A number still gets the nearest criterion.
    #expect(
      message("\"1.2.99\": {web: {level: supports}}\n").contains(
        "Did you mean 1.2.9"))
  }

  @Test(
    "an answer for a provision the edition does not report is a warning naming its line, and changes nothing"
  )
  func unusedAnswers() throws {
    let answers = try ACRAnswers(
      yaml:
        "\"602.3\": {level: supports}\nhardware: {level: not-applicable, notes: \"An app.\"}\n"
        + "\"11.7\": {level: supports}\n",
      origin: "answers.yml")
    let wcag = try report(
      ACRSettings.defaultEdition, rows, answers: answers, draft: true)
    #expect(
      wcag.warnings.filter { $0.contains("does not report") } == [
        "answers.yml: '602.3' (line 1), 'hardware' (line 2), '11.7' (line 3) answer provisions or chapters "
          + "the WCAG Edition does not report; they are left out (acr.edition chooses the edition)"
      ])
    let section508 = try report(
      ACRSettings.section508Edition, rows, answers: answers, draft: true)
    #expect(
      section508.warnings.filter { $0.contains("does not report") } == [
        "answers.yml: '11.7' (line 3) answers a provision or chapter the Revised Section 508 Edition does not "
          + "report; it is left out (acr.edition chooses the edition)"
      ], "\(section508.warnings)")
    // One answers file shared by every edition: one warning on a WCAG-edition run, however many it holds.
    let shared = try ACRAnswers(
      yaml: (1...9).map { "\"302.\($0)\": {level: supports}\n" }.joined(),
      origin: "shared.yml")
    let many = try report(
      ACRSettings.defaultEdition, rows, answers: shared, draft: true)
    #expect(
      many.warnings.filter { $0.contains("does not report") } == [
        "shared.yml: '302.1' (line 1), '302.2' (line 2), '302.3' (line 3), '302.4' (line 4), '302.5' (line 5) "
          + "and 4 more answer provisions or chapters the WCAG Edition does not report; they are left out "
          + "(acr.edition chooses the edition)"
      ], "\(many.warnings)")
    let international = try international(answers, draft: true)
    #expect(!international.warnings.contains { $0.contains("does not report") })
  }

  @Test(
    "an answer may not contradict a provision's evidence: Not Applicable over failures is refused"
  )
  func contradictions() throws {
    let answers = try ACRAnswers(
      yaml:
        "\"502.3.1\": {level: not-applicable, notes: \"No platform services.\"}\n",
      origin: "answers.yml")
    do {
      _ = try international(answers, draft: false)
      Issue.record("a final report was made")
    } catch {
      #expect(
        error.description.contains(
          "502.3.1 Object Information (Chapter 5: Software): answered Not Applicable (answers.yml:1) over 1 recorded failure (audit.csv:3)"
        ), "\(error.description)")
    }
    let draft = try international(answers, draft: true)
    #expect(
      adherence(draft, "502.3.1")?.remarks.hasPrefix("Draft: 502.3.1") == true)
  }
}
