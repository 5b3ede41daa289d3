import CriteriaModel
import StrictYAML
import Yams

/// One mapping rule: the checks it matches and the success criteria they test.
public struct WCAGRule: Hashable, Sendable {
  /// A name people use to refer to the rule (and to override it).
  public var id: String
  /// Test kinds the check must belong to (`keyboard`, `gestures`, `screenReader`, `settings`); any when empty.
  public var tests: [String]
  /// Words or phrases, one of which the check key must hold as whole words; any check when empty.
  public var check: [String]
  /// Words or phrases, one of which the expectation must hold; any expectation when empty.
  public var expectation: [String]
  /// Words or phrases the check or expectation must not hold.
  public var unless: [String]
  /// Component kinds the rule applies to; any kind when empty.
  public var kind: [String]
  /// Component kinds the rule never applies to.
  public var unlessKind: [String]
  /// The success criteria a matching check tests: evidence.
  public var wcag: [String]
  /// Success criteria practitioners also name for such a check (contested): shown, never evidence.
  public var related: [String]
  /// Why, in one line, pointing at W3C's "Understanding" text.
  public var reason: String
  /// Where the rule was read, `file:line`.
  public var origin: String
}

/// A problem in a rules file, with its place.
public struct WCAGRuleError: StatusError, Sendable {
  /// `file:line: message`.
  public var description: String
  /// A rules file is part of the config: 78.
  public var status: ExitStatus { .config }
}

/// What the rules say of one check.
public struct WCAGMatch: Sendable, Hashable {
  /// The success criteria the check tests, in WCAG order.
  public var wcag: [String]
  /// Related criteria that are not among `wcag`, in WCAG order.
  public var related: [String]
  /// The ids of the rules that matched, in the order they were read.
  public var rules: [String]
  /// Why the check is no evidence whatever the rules say (an expectation of N/A), or nil.
  public var notEvidence: String?
}

/// The rules that map checks to WCAG success criteria: the built-in set, then a team's own files.
public struct WCAGRules: Sendable {
  /// The rules in the order they were read; a later rule with an earlier one's id replaces it.
  public private(set) var rules: [WCAGRule]
  /// The rules that tell what a component is, a team's before the built-in ones.
  public private(set) var kinds: ComponentKinds
  /// Each rule's position, by id.
  private var positions: [String: Int] = [:]
  /// The rules' phrases as word numbers, and the words' numbering.
  private var matcher = PhraseMatcher()
  private var compiled = Compiled()
  /// Which rules can match a check holding a word: a rule with check phrases is filed under the
  /// first word of each, one with only expectation phrases under theirs; the rest always apply.
  private var byCheckWord: [Int: [Int]] = [:]
  private var byExpectationWord: [Int: [Int]] = [:]
  private var everywhere: [Int] = []

  /// A rule ready to match: its tests and kinds as bits, and its phrases as word numbers.
  private struct CompiledRule: Sendable {
    /// Bits of `Compiled.tests`; 0 for any test.
    var tests: UInt64
    var check: [[Int]]
    var expectation: [[Int]]
    var unless: [[Int]]
    /// Bits of `Compiled.kinds` (a category or refined kind expanded to its kinds); 0 for any kind.
    var kind: UInt64
    var unlessKind: UInt64
  }

  /// The compiled rules with the numbering of test kinds and component kinds their bits use: built once
  /// per rules file read, then only read.
  private final class Compiled: Sendable {
    let rules: [CompiledRule]
    /// Test kind (lower case) → bit, and component kind → bit.
    ///
    /// At most 63 each: the 64th bit is any other.
    let tests: [String: Int]
    let kinds: [String: Int]

    init(
      rules: [CompiledRule] = [], tests: [String: Int] = [:],
      kinds: [String: Int] = [:]
    ) {
      self.rules = rules
      self.tests = tests
      self.kinds = kinds
    }

    /// The bit of a name in a numbering: the 64th for a name the rules do not know.
    static func bit(_ name: String, in numbering: [String: Int]) -> UInt64 {
      1 << UInt64(numbering[name] ?? 63)
    }

    /// The bits of names: a name past the 63rd shares the 64th bit, so it may match too widely but is
    /// never left out.
    static func mask(
      _ names: some Sequence<String>, in numbering: [String: Int]
    ) -> UInt64 {
      names.reduce(0) { $0 | bit($1, in: numbering) }
    }
  }

  /// The YAML text of the rules shipped with criteria, to copy and edit.
  public static var builtInYAML: String { BuiltInWCAGRules.yaml + "\n" }

  /// The rules shipped with criteria.
  public static func builtIn() -> WCAGRules {
    do {
      return try WCAGRules(
        yaml: BuiltInWCAGRules.yaml, origin: BuiltInWCAGRules.origin)
    } catch {
      fatalError("the built-in WCAG rules do not read: \(error)")
    }
  }

  /// Reads rules from YAML text (`kinds:` and `rules:` lists); `origin` names the file in errors.
  public init(yaml: String, origin: String) throws(WCAGRuleError) {
    rules = []
    kinds = ComponentKinds()
    try add(yaml: yaml, origin: origin)
  }

  /// Adds or overrides rules from another file: a rule whose id is already known replaces it, and the
  /// file's kind rules are tried before the ones read earlier.
  public mutating func add(yaml: String, origin: String) throws(WCAGRuleError) {
    let root: Node?
    do { root = try SafeYAML.compose(yaml) } catch {
      let problem = YAMLProblem(error)
      throw WCAGRuleError(
        description: "\(origin):\(problem.line): \(problem.message)")
    }
    guard let root else {
      throw WCAGRuleError(description: "\(origin):1: the file is empty")
    }
    do throws(StrictYAMLError) {
      let top = try YAMLMap(root, "", allowed: ["kinds", "rules"])
      if let node = top["kinds"] {
        try kinds.add(node, origin: origin)
      }
      guard top["rules"] != nil || top["kinds"] != nil else {
        throw top.problem("rules", "expected a list of rules (or of kinds)")
      }
      for (item, path) in try top.list("rules") ?? [] {
        let rule = try Self.rule(
          item, path, origin: origin, kinds: kinds.known)
        if let existing = positions[rule.id] {
          rules[existing] = rule
        } else {
          positions[rule.id] = rules.count
          rules.append(rule)
        }
      }
    } catch {
      throw WCAGRuleError(
        description:
          "\(origin):\(error.line): \(error.keyPath): \(error.message)")
    }
    compile()
  }

  /// The kind of a component, by the kind rules.
  public func kind(of component: Component) -> String {
    kinds.kind(of: component)
  }

  /// What the rules say of a check of a component of `kind`: the success criteria it tests and those it
  /// relates to, in WCAG order, with the rules that matched.
  ///
  /// The check's text is folded once, and only the rules filed under one of its words are tried, so
  /// the work grows with the check's length plus the rules it could match, not their product. A check
  /// whose expectation is N/A is no evidence: the rules still show, but give no criterion.
  public func map(
    _ criterion: Criterion, kind: String = "control"
  )
    -> WCAGMatch
  {
    let matched = matching(criterion, kind: kind)
    if criterion.expectsNotApplicable {
      return WCAGMatch(
        wcag: [], related: [], rules: matched.map(\.id),
        notEvidence:
          "the expectation is N/A: the row is kept, pre-filled Not applicable, and tests nothing"
      )
    }
    let tested = Set(matched.flatMap(\.wcag))
    let related = Set(matched.flatMap(\.related)).subtracting(tested)
    return WCAGMatch(
      wcag: WCAGOrder.sorted(tested), related: WCAGOrder.sorted(related),
      rules: matched.map(\.id), notEvidence: nil)
  }

  /// The rules that match a check of a component of `kind`, in the order they were read.
  ///
  /// A rule's `kind` and `unless_kind` may name a kind, its ARIA category or a kind it refines. Its expectation phrases
  /// and its `unless` words are weighed sentence by sentence: "Spacebar: selects the option. Otherwise,
  /// does nothing." still operates a function in its first sentence, whatever the second says.
  public func matching(_ criterion: Criterion, kind: String) -> [WCAGRule] {
    let key = matcher.fold(criterion.check)
    // Most expectations are one sentence: folded once, as a whole.
    let sentences =
      Self.hasSentenceBreak(criterion.expectation)
      ? Self.sentences(criterion.expectation).map(matcher.fold)
      : [matcher.fold(criterion.expectation)]
    // The rules to try, by position (so they are tried in the order read).
    var candidates = [Bool](repeating: false, count: compiled.rules.count)
    for index in everywhere { candidates[index] = true }
    for word in key.positions.keys {
      for index in byCheckWord[word] ?? [] { candidates[index] = true }
    }
    for sentence in sentences {
      for word in sentence.positions.keys {
        for index in byExpectationWord[word] ?? [] { candidates[index] = true }
      }
    }
    let test = Compiled.bit(
      criterion.test.rawValue.lowercased(), in: compiled.tests)
    let kindBit = Compiled.bit(kind, in: compiled.kinds)
    var matched: [WCAGRule] = []
    for index in candidates.indices where candidates[index] {
      let rule = compiled.rules[index]
      if rule.tests != 0, rule.tests & test == 0 { continue }
      if rule.kind != 0, rule.kind & kindBit == 0 { continue }
      if rule.unlessKind & kindBit != 0 { continue }
      if !rule.check.isEmpty, !rule.check.contains(where: key.contains) {
        continue
      }
      if rule.unless.contains(where: key.contains) { continue }
      let holds = sentences.contains { sentence in
        (rule.expectation.isEmpty
          || rule.expectation.contains(where: sentence.contains))
          && !rule.unless.contains(where: sentence.contains)
      }
      guard holds || (sentences.isEmpty && rule.expectation.isEmpty) else {
        continue
      }
      matched.append(rules[index])
    }
    return matched
  }

  /// Whether `text` may hold more than one sentence: a `.`, `;`, `!` or `?` followed by a space, or any
  /// text beyond ASCII.
  static func hasSentenceBreak(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // Text beyond ASCII goes the careful way (its spaces are Unicode's).
      if byte >= 0x80 { return true }
      if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D,
        previous == 0x2E || previous == 0x3B || previous == 0x21
          || previous == 0x3F
      {
        return true
      }
      previous = byte
    }
    return false
  }

  /// An expectation's sentences: split after `.`, `;`, `!` or `?` followed by a space (or at the end).
  static func sentences(_ text: String) -> [String] {
    var result: [String] = []
    var current = ""
    var pendingBreak = false
    for character in text {
      if pendingBreak, character.isWhitespace {
        if !current.isEmpty { result.append(current) }
        current = ""
        pendingBreak = false
        continue
      }
      pendingBreak = ".;!?".contains(character)
      current.append(character)
    }
    if current.contains(where: { !$0.isWhitespace }) {
      result.append(current)
    }
    return result
  }

  /// Numbers every rule's phrases and files each rule under the words that must be present.
  private mutating func compile() {
    // A rule's kinds as the kinds they name: a category or a refined kind stands for every kind in it,
    // so matching a check asks one set, never the kind rules.
    let named = kinds.rules.map(\.kind)
    let kinds = self.kinds
    func expanded(_ listed: [String]) -> Set<String> {
      var all = Set(listed)
      for kind in named
      where kinds.category(of: kind).map(listed.contains) ?? false
        || kinds.refined(by: kind).contains(where: listed.contains)
      {
        all.insert(kind)
      }
      return all
    }
    // Component kinds and test kinds numbered for the rules' bits (63 at most; the rest share the last).
    var kindNumbers: [String: Int] = [:]
    for kind in kinds.known + rules.flatMap({ $0.kind + $0.unlessKind })
    where kindNumbers[kind] == nil && kindNumbers.count < 63 {
      kindNumbers[kind] = kindNumbers.count
    }
    var testNumbers: [String: Int] = [:]
    for test in TestKind.standard.map({ $0.rawValue.lowercased() })
      + rules.flatMap({ $0.tests.map { $0.lowercased() } })
    where testNumbers[test] == nil && testNumbers.count < 63 {
      testNumbers[test] = testNumbers.count
    }
    var made: [CompiledRule] = []
    matcher = PhraseMatcher()
    byCheckWord = [:]
    byExpectationWord = [:]
    everywhere = []
    for (index, rule) in rules.enumerated() {
      let entry = CompiledRule(
        tests: Compiled.mask(
          rule.tests.map { $0.lowercased() }, in: testNumbers),
        check: rule.check.map { matcher.phrase($0) },
        expectation: rule.expectation.map { matcher.phrase($0) },
        unless: rule.unless.map { matcher.phrase($0) },
        kind: Compiled.mask(expanded(rule.kind), in: kindNumbers),
        unlessKind: Compiled.mask(expanded(rule.unlessKind), in: kindNumbers))
      made.append(entry)
      if !entry.check.isEmpty {
        for first in Set(entry.check.compactMap(\.first)) {
          byCheckWord[first, default: []].append(index)
        }
      } else if !entry.expectation.isEmpty {
        for first in Set(entry.expectation.compactMap(\.first)) {
          byExpectationWord[first, default: []].append(index)
        }
      } else {
        everywhere.append(index)
      }
    }
    compiled = Compiled(rules: made, tests: testNumbers, kinds: kindNumbers)
  }

  private static let keys = [
    "id", "tests", "check", "expectation", "unless", "kind", "unless_kind",
    "wcag", "related", "reason",
  ]

  private static func rule(
    _ node: Node, _ path: String, origin: String, kinds: [String]
  ) throws(StrictYAMLError) -> WCAGRule {
    let map = try YAMLMap(node, path, allowed: keys)
    func text(_ key: String, required: Bool) throws(StrictYAMLError) -> String {
      guard let string = try map.text(key, required: required) else {
        return ""
      }
      guard !string.isEmpty else { throw map.problem(key, "expected text") }
      return string
    }
    /// Short phrases (or criterion numbers, kinds, tests): a single one is a list of one.
    func list(_ key: String) throws(StrictYAMLError) -> [String] {
      var strings: [String] = []
      for item in try map.items(key) {
        let string = try YAMLNode.text(item.node, item.path)
        guard !string.isEmpty else {
          throw YAMLNode.problem(item.node, item.path, "expected text")
        }
        guard PhraseMatcher.words(string).count <= PhraseMatcher.longestPhrase
        else {
          throw YAMLNode.problem(
            item.node, item.path,
            "a phrase of more than \(PhraseMatcher.longestPhrase) words; rules match short phrases, so split it"
          )
        }
        strings.append(string)
      }
      return strings
    }
    let wcag = try list("wcag")
    let related = try list("related")
    guard !wcag.isEmpty || !related.isEmpty else {
      throw map.problem(
        "wcag",
        "list the success criteria the rule maps to, such as [2.1.1] (or under related:, those it only relates to)"
      )
    }
    for (key, numbers) in [("wcag", wcag), ("related", related)] {
      for (index, number) in numbers.enumerated()
      where WCAG22.criterion(number) == nil {
        let hint =
          Suggestion.nearest(to: number, in: WCAG22.all.map(\.number)).map {
            " Did you mean \($0) (\(WCAG22.criterion($0)?.handle ?? ""))?"
          } ?? ""
        let item = map[key]?.sequence.map { Array($0) }?[index]
        throw StrictYAMLError(
          line: StrictMapping.line(of: item ?? map[key]),
          keyPath: "\(path).\(key)",
          message: "'\(number)' is not a WCAG 2.2 success criterion.\(hint)")
      }
    }
    if let both = related.first(where: wcag.contains) {
      throw map.problem(
        "related",
        "\(both) is listed under wcag (tested) and related (contested); a criterion is one or the other"
      )
    }
    var kindLists: [String: [String]] = [:]
    for key in ["kind", "unless_kind"] {
      let named = try list(key)
      for (index, kind) in named.enumerated() where !kinds.contains(kind) {
        let item = map[key]?.sequence.map { Array($0) }?[index]
        throw StrictYAMLError(
          line: StrictMapping.line(of: item ?? map[key]),
          keyPath: "\(path).\(key)",
          message: Suggestion.unknown(
            "component kind", kind, among: kinds, listed: "Kinds are"))
      }
      kindLists[key] = named
    }
    let tests = try list("tests")
    let known = TestKind.standard.map(\.rawValue)
    for test in tests where !known.contains(test) {
      throw map.problem(
        "tests",
        Suggestion.unknown("test", test, among: known, listed: "Tests are"))
    }
    return WCAGRule(
      id: try text("id", required: true), tests: tests,
      check: try list("check"), expectation: try list("expectation"),
      unless: try list("unless"), kind: kindLists["kind"] ?? [],
      unlessKind: kindLists["unless_kind"] ?? [], wcag: wcag, related: related,
      reason: try text("reason", required: true),
      origin: "\(origin):\(StrictMapping.line(of: node))")
  }
}
