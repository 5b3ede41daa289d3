import Conformance
import CriteriaModel
import Foundation
import StrictYAML
import Yams

/// An OpenACR conformance term: the level `Conformance` rolls up.
public typealias ACRTerm = ConformanceTerm

/// The kinds of product the report has a column for: `Conformance`'s product type.
public typealias ACRComponent = ProductType

/// A hand-written answer for one success criterion and component.
public struct ACRAnswer: Sendable, Hashable {
  /// The conformance term, when the answer sets one.
  public var term: ACRTerm?
  /// Remarks to add.
  public var notes: String
  /// Remarks that replace the ones the evidence gives (the notes still follow).
  public var remarks: String = ""
  /// `file:line`.
  public var origin: String
  /// How the product meets the criterion another way despite recorded failures.
  ///
  /// VPAT's "equivalent facilitation" is the only ground for Supports over a failure; it becomes the remark.
  public var equivalentFacilitation: String = ""

  public init(
    term: ACRTerm? = nil, notes: String, origin: String,
    equivalentFacilitation: String = "", remarks: String = ""
  ) {
    self.term = term
    self.notes = notes
    self.remarks = remarks
    self.origin = origin
    self.equivalentFacilitation = equivalentFacilitation
  }
}

/// The answers file: YAML keyed by success criterion number, then `web` / `software`, each with `level`
/// (an OpenACR term id) and `notes`.
public struct ACRAnswers: Sendable {
  /// Answers by criterion number and component.
  public var answers: [String: [ACRComponent: ACRAnswer]] = [:]
  /// Answers for Section 508 and EN 301 549 provisions (`302.1`, `11.7`) and whole chapters
  /// (`hardware`, `en_301_549_hardware`), one per key.
  public var provisions: [String: ACRAnswer] = [:]

  /// The answer for a provision of a standard: its own, else its chapter's.
  ///
  /// An EN 301 549 provision without an answer of its own takes the answer of the Revised Section 508
  /// provision it was harmonised with (`ProvisionCarry`), saying so in its notes, before its chapter's:
  /// one answer for both standards. Where two 508 provisions carry to one (502.3.5 and 502.3.9 to
  /// 11.5.2.17), it takes theirs only when they agree on the level.
  public func provision(_ id: String, of standard: ProvisionStandard)
    -> ACRAnswer?
  {
    specific(id, of: standard)
      ?? standard.chapter(of: id).flatMap { provisions[$0.id] }
  }

  /// A provision's own answer, or the one its Revised Section 508 counterpart carries to it; never its
  /// chapter's.
  public func specific(_ id: String, of standard: ProvisionStandard)
    -> ACRAnswer?
  {
    if let own = provisions[id] { return own }
    return standard == .en301549 ? carried(to: id) : nil
  }

  /// The answer the Revised Section 508 provisions harmonised with an EN 301 549 one give it, or nil.
  func carried(to en: String) -> ACRAnswer? {
    let given = ProvisionCarry.sources(of: en).compactMap { source in
      provisions[source].map { (source, $0) }
    }
    guard let first = given.first,
      given.allSatisfy({ $0.1.term == first.1.term })
    else { return nil }
    let numbers = given.map(\.0).joined(separator: " and ")
    let notes = given.map(\.1.notes).filter { !$0.isEmpty }
    var answer = first.1
    answer.notes =
      "As answered for Revised Section 508 \(numbers)"
      + (notes.isEmpty ? "." : ": " + notes.joined(separator: " "))
    answer.equivalentFacilitation = given.map(\.1.equivalentFacilitation)
      .filter { !$0.isEmpty }.joined(separator: " ")
    return answer
  }

  /// No answers.
  public init() {}

  /// Reads the file's text; `origin` names it in errors, which carry the line and "did you mean".
  public init(yaml: String, origin: String) throws(ACRError) {
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw ACRError(
        "\(origin):\(problem.line): \(problem.message)", status: .config)
    }
    guard let root else { return }
    guard let map = root.mapping else {
      throw ACRError(
        "\(origin):\(StrictMapping.line(of: root)): expected success criterion numbers as keys, such as '1.4.3:'",
        status: .config)
    }
    let numbers = WCAG22.all.map(\.number)
    let standards = [ProvisionStandard.section508, .en301549]
    let allChapters = standards.flatMap(\.chapters)
    let provisions = allChapters.flatMap(\.provisions).map(\.id)
    // A chapter without provisions (EN 301 549's Clause 9) is the WCAG tables: nothing to answer there.
    let chapters = allChapters.filter { !$0.provisions.isEmpty }.map(\.id)
    do throws(StrictYAMLError) {
      for (key, value) in map {
        let written = key.string ?? ""
        // A chapter id as people write it: `functional-performance-criteria`, `Functional_Performance_Criteria`.
        let asChapter = Self.chapterSpelling(written)
        let number = chapters.contains(asChapter) ? asChapter : written
        if provisions.contains(number) || chapters.contains(number) {
          // A Section 508 or EN 301 549 provision, or a whole chapter (hardware: not-applicable), has
          // one answer.
          if let answer = try Self.answer(value, path: number, origin: origin) {
            self.provisions[number] = answer
          }
          continue
        }
        if let chapter = allChapters.first(where: {
          $0.id == number && $0.provisions.isEmpty
        }) {
          throw StrictYAMLError(
            line: StrictMapping.line(of: key), keyPath: number,
            message:
              "'\(number)' is \(chapter.label), which the WCAG tables report: answer its success criteria (such as 1.4.3) instead"
          )
        }
        guard WCAG22.criterion(number) != nil else {
          let wordy = number.contains { $0.isLetter }
          let hint =
            wordy
            ? Suggestion.nearest(to: asChapter, in: chapters).map { id in
              " Did you mean \(id) (\(Self.chapterLabel(id, in: standards)))?"
            }
              ?? " The chapters are "
              + chapters.map {
                "\($0) (\(Self.chapterLabel($0, in: standards)))"
              }
              .joined(separator: ", ") + "."
            : Suggestion.nearest(
              to: number, in: numbers + provisions + chapters
            )
            .map {
              " Did you mean \($0)\(WCAG22.criterion($0).map { " (\($0.handle))" } ?? "")?"
            } ?? ""
          throw StrictYAMLError(
            line: StrictMapping.line(of: key), keyPath: number,
            message:
              "'\(number)' is not a WCAG 2.2 success criterion or a Section 508 or EN 301 549 provision or chapter.\(hint)"
          )
        }
        let kinds = try YAMLMap(
          value, number, allowed: ACRComponent.allCases.map(\.rawValue))
        for (kindName, node) in kinds.values {
          guard let kind = ACRComponent(rawValue: kindName) else { continue }
          if let answer = try Self.answer(
            node, path: "\(number).\(kindName)", origin: origin)
          {
            answers[number, default: [:]][kind] = answer
          }
        }
      }
    } catch {
      throw ACRError(
        "\(origin):\(error.line): \(error.keyPath): \(error.message)",
        status: .config)
    }
  }

  /// A key written as a chapter id may be: lower case, with `-` or spaces for `_`.
  static func chapterSpelling(_ key: String) -> String {
    key.trimmingCharacters(in: .whitespaces).lowercased()
      .replacingOccurrences(of: "-", with: "_")
      .replacingOccurrences(of: " ", with: "_")
  }

  /// A chapter's standard and label, for messages: `Section 508, Chapter 3: Functional Performance
  /// Criteria (FPC)`.
  static func chapterLabel(_ id: String, in standards: [ProvisionStandard])
    -> String
  {
    for standard in standards {
      if let chapter = standard.chapters.first(where: { $0.id == id }) {
        let name = standard.reportHeading.replacingOccurrences(
          of: " Report", with: "")
        return "\(name), \(chapter.label)"
      }
    }
    return id
  }

  /// One answer: `level` (an OpenACR term id), `notes`, `remarks`, `equivalent_facilitation`.
  ///
  /// An entry still as `--answers-template` wrote it (`level:` empty, nothing else given) is no answer
  /// yet: nil, so a half-filled template makes a draft.
  static func answer(_ node: Node, path: String, origin: String)
    throws(StrictYAMLError)
    -> ACRAnswer?
  {
    let fields = try YAMLMap(
      node, path,
      allowed: ["level", "notes", "remarks", "equivalent_facilitation"])
    var term: ACRTerm?
    let level = try fields.text("level")
    if let id = level, !id.isEmpty {
      guard let known = ACRTerm(rawValue: id) else {
        throw fields.problem(
          "level",
          Suggestion.unknown(
            "conformance term", id, among: ACRTerm.allCases.map(\.rawValue),
            listed: "Terms are"))
      }
      term = known
    }
    let notes = try fields.text("notes") ?? ""
    let remarks = try fields.text("remarks") ?? ""
    if level?.isEmpty == true, term == nil, notes.isEmpty, remarks.isEmpty,
      (try fields.text("equivalent_facilitation") ?? "").isEmpty
    {
      return nil
    }
    if term == nil, notes.isEmpty, remarks.isEmpty {
      throw StrictYAMLError(
        line: StrictMapping.line(of: node), keyPath: path,
        message:
          "give a level, notes (added to the remarks), remarks (in place of them), or a mix"
      )
    }
    return ACRAnswer(
      term: term,
      notes: notes.trimmingCharacters(in: .whitespacesAndNewlines),
      origin: "\(origin):\(StrictMapping.line(of: node))",
      equivalentFacilitation: (try fields.text("equivalent_facilitation") ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines),
      remarks: remarks.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// Why an ACR cannot be made, in words a PM can act on.
public struct ACRError: StatusError, Sendable {
  public var description: String
  /// The exit status it means: an audit that cannot be read as evidence, unless told otherwise (a
  /// config key, an answers file, or a report that cannot be final).
  public var status: ExitStatus
  public init(_ description: String, status: ExitStatus = .dataError) {
    self.description = description
    self.status = status
  }
}
