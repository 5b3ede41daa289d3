import Conformance
import CriteriaModel
import CriteriaReaders
import Foundation
import TestSupport
import Testing
import Yams

/// The judged set: every distinct check of the corpus and the samples, read by hand against WCAG 2.2
/// and Understanding (Judged/judged-checks.yml), and how well the rules agree with it.
@Suite("the WCAG mapping against the judged set")
struct JudgedSetTests {
  struct Judgement: Decodable {
    var test: String
    var check: String
    var expectation: String
    var components: [String]?
    var tests: [String]
    var related: [String]
    var reason: String
    var split: String?
    var secondPass: Bool?

    enum CodingKeys: String, CodingKey {
      case test, check, expectation, components, tests, related, reason, split
      case secondPass = "second_pass"
    }

    var heldOut: Bool { split == "held-out" }
  }

  struct JudgedFile: Decodable { var judgements: [Judgement] }

  static let file = SharedData.packageRoot.appendingPathComponent(
    "Tests/ConformanceTests/Judged/judged-checks.yml")

  static func judgements() throws -> [Judgement] {
    let text = try String(contentsOf: file, encoding: .utf8)
    return try YAMLDecoder().decode(JudgedFile.self, from: text).judgements
  }

  /// Agreement over (check, criterion) pairs.
  ///
  /// A pair both hold tested is right; one the rules hold and the judgement neither tests nor relates
  /// is wrong (precision); one the judgement holds tested and the rules do not is missed (recall).
  /// Related pairs count neither way.
  struct Score {
    var right = 0
    var wrong = 0
    var missed = 0
    var checks = 0
    var precision: Double {
      right + wrong == 0 ? 1 : Double(right) / Double(right + wrong)
    }
    var recall: Double {
      right + missed == 0 ? 1 : Double(right) / Double(right + missed)
    }
    /// Counts one check: what the rules assigned against what its judgement holds tested and related;
    /// returns the error line when they disagree.
    mutating func add(
      _ check: Criterion, kind: String, tests: [String], related: [String]
    ) -> String? {
      let assigned = Set(check.wcag)
      let required = Set(tests)
      let wrong = assigned.subtracting(required).subtracting(related)
      let missed = required.subtracting(assigned)
      checks += 1
      right += assigned.intersection(required).count
      self.wrong += wrong.count
      self.missed += missed.count
      guard !wrong.isEmpty || !missed.isEmpty else { return nil }
      return
        "\(check.source) [\(kind)] \(check.test.label): \(check.check) | \(check.expectation)"
        + (wrong.isEmpty ? "" : " wrongly \(wrong.sorted())")
        + (missed.isEmpty ? "" : " missing \(missed.sorted())")
    }

    var line: String {
      String(
        format:
          "%d checks: precision %.3f (%d of %d assigned), recall %.3f (%d of %d required)",
        checks, precision, right, right + wrong, recall, right, right + missed)
    }
  }

  func read(_ urls: [URL]) throws -> Catalog {
    let (catalog, diagnostics) = CatalogReader().read(
      try SourceCollector().collect(urls.map(\.path)))
    #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
    return catalog
  }

  func score(_ catalog: Catalog, rules: WCAGRules = .builtIn()) throws -> (
    tuning: Score, heldOut: Score, errors: [String], unjudged: [String]
  ) {
    let judged = try Self.judgements()
    let mapped = WCAGMapping(rules: rules).apply(to: catalog).catalog
    var tuning = Score()
    var heldOut = Score()
    var errors: [String] = []
    var unjudged: [String] = []
    for component in mapped.components {
      for check in component.criteria {
        let candidates = judged.filter {
          $0.test == check.test.rawValue && $0.check == check.check
            && $0.expectation == check.expectation
        }
        guard
          let judgement = candidates.first(where: {
            $0.components?.contains(component.id) ?? false
          }) ?? candidates.first(where: { $0.components == nil })
        else {
          unjudged.append("\(check.source) \(check.test.label): \(check.check)")
          continue
        }
        if judgement.heldOut {
          _ = heldOut.add(
            check, kind: component.kind, tests: judgement.tests,
            related: judgement.related)
        } else if let error = tuning.add(
          check, kind: component.kind, tests: judgement.tests,
          related: judgement.related)
        {
          errors.append(error)
        }
      }
    }
    return (tuning, heldOut, errors, unjudged)
  }

  @Test(
    "the judged file names only WCAG 2.2 criteria, never one as both tested and related"
  )
  func wellFormed() throws {
    let judged = try Self.judgements()
    #expect(judged.count > 300)
    for entry in judged {
      for number in entry.tests + entry.related {
        #expect(WCAG22.criterion(number) != nil, "\(entry.check): \(number)")
      }
      #expect(
        Set(entry.tests).isDisjoint(with: entry.related), "\(entry.check)")
      #expect(!entry.reason.isEmpty)
    }
    let heldOut = judged.filter(\.heldOut).count
    #expect(heldOut * 3 >= judged.count - 3 && heldOut * 3 <= judged.count + 3)
  }

  /// Scores the documents under `urls`, prints both splits under `label`, and holds the tuning split to
  /// 0.95 (every check judged).
  func expectScore(_ label: String, _ urls: [URL]) throws {
    let result = try score(read(urls))
    print("judged set, \(label), tuning: \(result.tuning.line)")
    print("judged set, \(label), held-out: \(result.heldOut.line)")
    #expect(result.unjudged.isEmpty, "judge these checks: \(result.unjudged)")
    let errors = result.errors.joined(separator: "\n")
    #expect(result.tuning.precision >= 0.95, "\(errors)")
    #expect(result.tuning.recall >= 0.95, "\(errors)")
  }

  @Test(
    "the samples' checks: precision and recall at least 0.95 on the tuning split"
  )
  func samples() throws {
    try expectScore(
      "samples",
      [SharedData.packageRoot.appendingPathComponent("Samples/criteria")])
  }

  @Test(
    "the sample team rules (Samples/wcag-rules.yml) give no sample check a criterion its judgement does not say it tests"
  )
  func sampleTeamRules() throws {
    // A team rule's tested criteria become the ACR's evidence: the bundled example must not show a Pass
    // of a check counting for a criterion the check does not test.
    var rules = WCAGRules.builtIn()
    let file = SharedData.packageRoot.appendingPathComponent(
      "Samples/wcag-rules.yml")
    try rules.add(
      yaml: String(contentsOf: file, encoding: .utf8), origin: file.path)
    let result = try score(
      read([SharedData.packageRoot.appendingPathComponent("Samples/criteria")]),
      rules: rules)
    #expect(result.unjudged.isEmpty, "judge these checks: \(result.unjudged)")
    #expect(result.tuning.wrong + result.heldOut.wrong == 0, "\(result.errors)")
  }

  @Test(
    "the corpus and the samples: precision and recall at least 0.95 on the tuning split; the held-out split is printed",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func corpus() throws {
    try expectScore(
      "corpus and samples",
      [
        SharedData.root.appendingPathComponent("corpus/magentaa11y/native"),
        SharedData.root.appendingPathComponent("corpus/magentaa11y/web"),
        SharedData.packageRoot.appendingPathComponent("Samples/criteria"),
      ])
  }

  /// One judgement of the web judged file: a component's check, what it tests and why.
  struct WebJudgement: Decodable {
    var component: String
    var test: String
    var check: String
    var tests: [String]
    var related: [String]
    var why: String
  }

  struct WebFile: Decodable {
    var criteria: [String: String]
    var judgements: [WebJudgement]
  }

  static func webJudgements() throws -> WebFile {
    let url = SharedData.packageRoot.appendingPathComponent(
      "Tests/ConformanceTests/Judged/web-judgements.yml")
    return try YAMLDecoder().decode(
      WebFile.self, from: String(contentsOf: url, encoding: .utf8))
  }

  @Test(
    "the web judgements quote the success criterion each rests on, and name only WCAG 2.2 criteria"
  )
  func webJudgementsCite() throws {
    let file = try Self.webJudgements()
    #expect(file.judgements.count >= 80)
    for (number, text) in file.criteria {
      #expect(WCAG22.criterion(number) != nil, "\(number)")
      #expect(text.count > 40, "\(number) quotes the criterion's text")
    }
    for entry in file.judgements {
      let place = "\(entry.component) \(entry.test) \(entry.check)"
      #expect(Set(entry.tests).isDisjoint(with: entry.related), "\(place)")
      for number in entry.tests {
        #expect(
          file.criteria[number] != nil,
          "\(place): quote \(number) under criteria")
        #expect(entry.why.contains(number), "\(place): the why cites \(number)")
      }
      for number in entry.related {
        #expect(WCAG22.criterion(number) != nil, "\(place): \(number)")
      }
    }
  }

  @Test(
    "the web documents of the corpus against judgements written from W3C's text: precision and recall at least 0.95, printed",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func webCorpus() throws {
    let file = try Self.webJudgements()
    let catalog = try read([
      SharedData.root.appendingPathComponent("corpus/magentaa11y/web")
    ])
    let mapped = WCAGMapping(rules: .builtIn()).apply(to: catalog).catalog
    var score = Score()
    var errors: [String] = []
    var unjudged: [String] = []
    var used = Set<Int>()
    for component in mapped.components {
      for check in component.criteria {
        guard
          let index = file.judgements.firstIndex(where: {
            $0.component == component.id && $0.test == check.test.rawValue
              && $0.check == check.check
          })
        else {
          unjudged.append(
            "\(component.id) \(check.test.rawValue) \(check.check)")
          continue
        }
        used.insert(index)
        let judgement = file.judgements[index]
        if let error = score.add(
          check, kind: component.kind, tests: judgement.tests,
          related: judgement.related)
        {
          errors.append(error)
        }
      }
    }
    print("judged web documents (Judged/web-judgements.yml): \(score.line)")
    if !errors.isEmpty { print(errors.joined(separator: "\n")) }
    #expect(unjudged.isEmpty, "judge these checks: \(unjudged)")
    #expect(
      used.count == file.judgements.count,
      "judgements no check matches: \(Set(file.judgements.indices).subtracting(used).map { file.judgements[$0].component + " " + file.judgements[$0].check })"
    )
    #expect(score.precision >= 0.95, "\(errors)")
    #expect(score.recall >= 0.95, "\(errors)")
  }
}
