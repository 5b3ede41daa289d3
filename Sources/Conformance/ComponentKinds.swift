import CriteriaModel
import StrictYAML
import Yams

/// One kind rule: a component whose Role check says it is one of `roles`, or (when its Role check names
/// no role) whose title, slug or category holds one of `words` and none of `unless`, is of `kind`.
public struct ComponentKindRule: Hashable, Sendable {
  /// The kind, such as `image` or `landmark`.
  public var kind: String
  /// The WAI-ARIA role category the kind belongs to (`widget`, `composite`, `window`, `live`,
  /// `landmark`, `structure`, `document`), or nil for a team's kind that names none.
  public var category: String?
  /// Roles as a Role check words them ("a table", "edit box", "double tap to activate").
  public var roles: [String]
  /// Kinds this one narrows: a skip link is a link, a chart an image.
  ///
  /// When the Role check names one of these and the title says this kind, the title decides.
  public var refines: [String] = []
  /// Words or phrases of a title, slug or category, any one of which makes a component this kind.
  public var words: [String]
  /// Words or phrases that keep a component out of this kind ("Table row button" is no table).
  public var unless: [String]
  /// Where the rule was read, `file:line`.
  public var origin: String
}

/// What a component is, and what said so.
public struct ComponentKindDecision: Hashable, Sendable {
  /// Where the kind was read.
  public enum Source: String, Sendable {
    /// The document's own Role check ("It identifies itself as a table").
    case role = "its Role check"
    /// The component's title.
    case title = "its title"
    /// The last part of its id.
    case slug = "its slug"
    /// Its collection folder.
    case category = "its category"
    /// Nothing: the kind is unknown.
    case none = "nothing"
  }

  /// The kind (`unknown` when nothing said).
  public var kind: String
  /// The kind's WAI-ARIA role category, when it has one.
  public var category: String?
  /// Where the kind was read.
  public var source: Source
  /// The text it was read from (the Role check's expectation, or the title, slug or category).
  public var text: String
  /// The role or word of the rule that matched.
  public var matched: String
  /// The kind rule that matched, or nil.
  public var rule: ComponentKindRule?
  /// The kind the Role check named, which this one (from the title) refines; nil otherwise.
  public var refined: String?

  /// One line for `criteria wcag --explain`: the kind, its category and the words it came from.
  public var explanation: String {
    let aria = category.map { " (ARIA \($0))" } ?? ""
    guard let rule else {
      return
        "kind unknown: no Role check names a role and no kind rule matched its title, slug or "
        + "category; its checks are mapped as a user interface component's (add a kind rule to say what it is)"
    }
    let refines =
      refined.map { ", which refines the \($0) its Role check names" } ?? ""
    return
      "kind \(kind)\(aria), from \(source.rawValue) '\(text)' (the words '\(matched)'; kind rule at \(rule.origin))\(refines)"
  }
}

/// The rules that say what a component is, on WAI-ARIA's role categories.
///
/// The document's own Role check decides first ("It identifies itself as a list" is a list, whatever the
/// title says), then its title, slug and category. A team's rules are tried before the built-in ones in
/// both passes; a component nothing places is `unknown`, and the mapping says so.
public struct ComponentKinds: Sendable {
  /// The kind of a component no rule places.
  public static let fallback = "unknown"

  /// The WAI-ARIA role categories a kind may belong to, with what each holds, for `aria:` and for rules'
  /// `kind:` lists (a rule may name a category for every kind in it).
  public static let categories: [(name: String, holds: String)] = [
    (
      "widget",
      "a control a user operates: button, link, checkbox, switch, slider, text box"
    ),
    (
      "composite",
      "a widget holding widgets: menu, tab list, radio group, listbox, grid"
    ),
    ("window", "a dialog or alert dialog over the page"),
    ("live", "a live region: alert, status, log, timer"),
    (
      "landmark",
      "a region of the page: banner, navigation, main, search, region"
    ),
    (
      "structure",
      "document structure: heading, image, figure, list, table, tooltip, paragraph"
    ),
    (
      "document",
      "the page or screen as a whole: its title, language, skip links"
    ),
  ]

  /// The rules, in the order they are tried.
  public private(set) var rules: [ComponentKindRule] = []
  /// What the rules say, split and indexed once when they are read (not once per component).
  private var lookup = Lookup(rules: [])

  /// The rules' phrases as words, roles indexed by their first word, and each kind's category and the
  /// kinds it refines: built once per rules file read, then only read (one reference, so a copy of the
  /// rules stays small).
  private final class Lookup: Sendable {
    let folded: [(roles: [[String]], words: [[String]], unless: [[String]])]
    /// First word of a role → (rule, phrase) that start with it, in rule order.
    let roles: [String: [(rule: Int, phrase: Int)]]
    let category: [String: String]
    let refines: [String: [String]]

    init(rules: [ComponentKindRule]) {
      folded = rules.map {
        (
          $0.roles.map(PhraseMatcher.words), $0.words.map(PhraseMatcher.words),
          $0.unless.map(PhraseMatcher.words)
        )
      }
      var roles: [String: [(rule: Int, phrase: Int)]] = [:]
      var category: [String: String] = [:]
      var refines: [String: [String]] = [:]
      for (index, rule) in rules.enumerated() {
        for (phrase, words) in folded[index].roles.enumerated() {
          if let first = words.first {
            roles[first, default: []].append((index, phrase))
          }
        }
        // Each kind's category is the first rule's (team rules first) that names one.
        if category[rule.kind] == nil, let named = rule.category {
          category[rule.kind] = named
        }
        refines[rule.kind, default: []] += rule.refines
      }
      self.roles = roles
      self.category = category
      self.refines = refines
    }
  }

  /// Every kind a rule may name: those the kind rules give, the ARIA categories, and `unknown`.
  public var known: [String] {
    var seen: [String] = []
    for rule in rules where !seen.contains(rule.kind) { seen.append(rule.kind) }
    for category in Self.categories.map(\.name) where !seen.contains(category) {
      seen.append(category)
    }
    if !seen.contains(Self.fallback) { seen.append(Self.fallback) }
    return seen
  }

  /// No rules: every component is unknown.
  public init() {}

  /// The WAI-ARIA category of a kind (the first of its rules, team rules first, that names one), or nil.
  public func category(of kind: String) -> String? { lookup.category[kind] }

  /// The kinds a kind refines (a skip link is a link): rules for those apply to it too.
  public func refined(by kind: String) -> [String] {
    lookup.refines[kind] ?? []
  }

  /// Reads a `kinds:` list and puts its rules before those read earlier.
  mutating func add(_ node: Node, origin: String) throws(StrictYAMLError) {
    guard node.sequence != nil else {
      throw YAMLNode.problem(
        node, "kinds",
        "expected a list of kind rules ({kind: image, words: [image, icon]})")
    }
    var read: [ComponentKindRule] = []
    let names = Self.categories.map(\.name)
    for (item, path) in try YAMLNode.list(node, "kinds") {
      let map = try YAMLMap(
        item, path,
        allowed: [
          "kind", "aria", "refines", "roles", "words", "unless", "reason",
        ])
      guard let kind = try map.text("kind"), !kind.isEmpty,
        kind.allSatisfy({ $0.isLowercase || $0 == "-" })
      else {
        throw map.problem(
          "kind", "expected a kind name in lower case, such as image")
      }
      let category = try map.text("aria")
      if let category, !names.contains(category) {
        throw map.problem(
          "aria",
          Suggestion.unknown(
            "ARIA role category", category, among: names,
            listed: "Categories are"))
      }
      // A kind may share its category's name (live, composite) only in that category.
      guard kind != Self.fallback, !names.contains(kind) || category == kind
      else {
        throw map.problem(
          "kind",
          "'\(kind)' is what nothing placed or an ARIA category; give the kind a name of its own"
        )
      }
      let words = try Self.phrases(map, "words")
      let roles = try Self.phrases(map, "roles")
      guard !words.isEmpty || !roles.isEmpty else {
        throw map.problem(
          "words",
          "list the words that make a component this kind (words: for its title, roles: for its Role check)"
        )
      }
      read.append(
        ComponentKindRule(
          kind: kind, category: category, roles: roles,
          refines: try Self.phrases(map, "refines"), words: words,
          unless: try Self.phrases(map, "unless"),
          origin: "\(origin):\(StrictMapping.line(of: item))"))
    }
    rules = read + rules
    lookup = Lookup(rules: rules)
  }

  /// A list of non-empty texts, or empty when the key is absent.
  private static func phrases(_ map: YAMLMap, _ key: String)
    throws(StrictYAMLError) -> [String]
  {
    guard let node = map[key] else { return [] }
    var result: [String] = []
    for (item, path) in try YAMLNode.list(node, map.keyPath(key)) {
      let text = try YAMLNode.text(item, path)
      guard !text.isEmpty else {
        throw YAMLNode.problem(item, path, "expected text")
      }
      result.append(text)
    }
    return result
  }

  /// The kind of a component (`unknown` when nothing places it).
  public func kind(of component: Component) -> String {
    decide(component).kind
  }

  /// The kind rule that decides a component's kind, or nil when none matches.
  public func rule(for component: Component) -> ComponentKindRule? {
    decide(component).rule
  }

  /// Words that make a Role check speak of the controls a component holds, not of the component
  /// ("CTA identifies as a button", "Most interactive elements identify as a button").
  private static let within: Set<String> = [
    "interactive", "cta", "ctas", "call", "elements", "element", "each", "any",
    "most",
    "links", "buttons", "controls", "items", "options", "all", "children",
  ]

  /// The words of a Role check that speak of the component itself, or nil when it speaks of what the
  /// component holds or names a role only on a condition ("a button, if interactive").
  static func roleWords(_ expectation: String) -> [String]? {
    let words = PhraseMatcher.words(expectation)
    guard !words.isEmpty else { return nil }
    let verbs: Set<String> = [
      "identifies", "identify", "identified", "role", "is", "are", "announces",
      "announced", "discoverable",
    ]
    let subject = words.prefix { !verbs.contains($0) }
    if subject.contains(where: within.contains) { return nil }
    for (offset, word) in words.enumerated()
    where (word == "if" || word == "when") && offset + 1 < words.count
      && ["interactive", "it", "actionable", "clickable"].contains(
        words[offset + 1])
    {
      return nil
    }
    return words
  }

  /// The component's first Role check's expectation, if it has one.
  static func roleExpectation(_ component: Component) -> String? {
    component.criteria.first {
      $0.test == .screenReader && startsWithRole($0.check)
        && !$0.expectsNotApplicable
    }?.expectation
  }

  /// Whether a check key's first word is "role", in any case ("Role", "role:", "ROLE / type").
  static func startsWithRole(_ key: String) -> Bool {
    let bytes = Array(key.utf8.prefix(5))
    guard bytes.count >= 4 else { return false }
    let word = bytes.prefix(4).map { $0 | 0x20 }
    guard word == Array("role".utf8) else { return false }
    guard bytes.count == 5 else { return true }
    let next = bytes[4] | 0x20
    return !(next >= 0x61 && next <= 0x7A)
      && !(bytes[4] >= 0x30 && bytes[4] <= 0x39)
  }

  /// What a component is: the role its Role check names, unless its title names a kind that refines
  /// that role (a skip link is a link); else what its title, slug or category says; else `unknown`.
  public func decide(_ component: Component) -> ComponentKindDecision {
    guard let role = fromRole(component) else {
      return fromTitle(component)
        ?? ComponentKindDecision(
          kind: Self.fallback, category: nil, source: .none, text: "",
          matched: "", rule: nil)
    }
    // The title is read only when some kind refines the role named.
    if rules.contains(where: { $0.refines.contains(role.kind) }),
      var named = fromTitle(component),
      named.rule?.refines.contains(role.kind) ?? false
    {
      named.refined = role.kind
      return named
    }
    return role
  }

  /// The kind the component's Role check names: the earliest role named, the longer of two starting at
  /// one word, the first rule's of two the same.
  private func fromRole(_ component: Component) -> ComponentKindDecision? {
    guard let expectation = Self.roleExpectation(component),
      let words = Self.roleWords(expectation)
    else { return nil }
    // The earliest word a role starts at decides; there, the longest role, the first rule's of two.
    var best: (length: Int, rule: Int, phrase: Int)?
    for start in words.indices {
      for (index, phraseIndex) in lookup.roles[words[start]] ?? [] {
        let phrase = lookup.folded[index].roles[phraseIndex]
        guard start + phrase.count <= words.count,
          phrase.indices.allSatisfy({ words[start + $0] == phrase[$0] })
        else { continue }
        if let current = best, current.length >= phrase.count { continue }
        best = (phrase.count, index, phraseIndex)
      }
      if best != nil { break }
    }
    guard let best else { return nil }
    let rule = rules[best.rule]
    return ComponentKindDecision(
      kind: rule.kind, category: category(of: rule.kind), source: .role,
      text: expectation, matched: rule.roles[best.phrase], rule: rule)
  }

  /// The kind the title, slug or category gives: the first rule holding one of its words as whole words
  /// in one of them (each field on its own), and none of its `unless` words.
  private func fromTitle(_ component: Component) -> ComponentKindDecision? {
    let slug = component.id.split(separator: "/").last.map(String.init) ?? ""
    let fields: [(ComponentKindDecision.Source, String)] = [
      (.title, component.title), (.slug, slug), (.category, component.category),
    ]
    let split = fields.map { PhraseMatcher.words($0.1) }
    for (index, rule) in rules.enumerated() {
      let words = lookup.folded[index]
      if words.unless.contains(where: { phrase in
        split.contains { Self.first(phrase, in: $0) != nil }
      }) {
        continue
      }
      for (field, fieldWords) in split.enumerated() {
        if let phrase = words.words.firstIndex(where: {
          Self.first($0, in: fieldWords) != nil
        }) {
          return ComponentKindDecision(
            kind: rule.kind, category: category(of: rule.kind),
            source: fields[field].0, text: fields[field].1,
            matched: rule.words[phrase], rule: rule)
        }
      }
    }
    return nil
  }

  /// Where `phrase` first starts in `words` as consecutive whole words, or nil.
  private static func first(_ phrase: [String], in words: [String]) -> Int? {
    guard !phrase.isEmpty, phrase.count <= words.count else { return nil }
    return (0...(words.count - phrase.count)).first { start in
      phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
    }
  }
}
