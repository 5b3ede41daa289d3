import CriteriaModel
import StrictYAML
import Yams

/// One kind rule: a component whose title, slug or category holds one of `words` (and none of `unless`)
/// is of `kind`.
public struct ComponentKindRule: Hashable, Sendable {
  /// The kind, such as `image` or `landmark`.
  public var kind: String
  /// Words or phrases, any one of which makes a component this kind.
  public var words: [String]
  /// Words or phrases that keep a component out of this kind ("Table row button" is no table).
  public var unless: [String]
  /// Where the rule was read, `file:line`.
  public var origin: String
}

/// The rules that say what a component is, tried in order, a team's before the built-in ones; the
/// first that matches decides, and a component none matches is a `control`.
public struct ComponentKinds: Sendable {
  /// The kind of a component no rule matches: something a user operates.
  public static let fallback = "control"

  /// The rules, in the order they are tried.
  public private(set) var rules: [ComponentKindRule] = []
  /// Each rule's phrases as words, split once when the rules are read (not once per component).
  private var folded: [(words: [[String]], unless: [[String]])] = []

  /// Every kind a rule may name: those the kind rules give, and the fallback.
  public var known: [String] {
    var seen: [String] = []
    for rule in rules where !seen.contains(rule.kind) { seen.append(rule.kind) }
    if !seen.contains(Self.fallback) { seen.append(Self.fallback) }
    return seen
  }

  /// No rules: every component is a control.
  public init() {}

  /// Reads a `kinds:` list and puts its rules before those read earlier.
  mutating func add(_ node: Node, origin: String) throws(StrictYAMLError) {
    guard node.sequence != nil else {
      throw YAMLNode.problem(
        node, "kinds",
        "expected a list of kind rules ({kind: image, words: [image, icon]})")
    }
    var read: [ComponentKindRule] = []
    for (item, path) in try YAMLNode.list(node, "kinds") {
      let map = try YAMLMap(
        item, path, allowed: ["kind", "words", "unless", "reason"])
      guard let kind = try map.text("kind"), !kind.isEmpty,
        kind.allSatisfy({ $0.isLowercase || $0 == "-" })
      else {
        throw map.problem(
          "kind", "expected a kind name in lower case, such as image")
      }
      let words = try Self.phrases(map, "words")
      guard !words.isEmpty else {
        throw map.problem(
          "words", "list the words that make a component this kind")
      }
      read.append(
        ComponentKindRule(
          kind: kind, words: words, unless: try Self.phrases(map, "unless"),
          origin: "\(origin):\(StrictMapping.line(of: item))"))
    }
    rules = read + rules
    folded = rules.map {
      ($0.words.map(PhraseMatcher.words), $0.unless.map(PhraseMatcher.words))
    }
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

  /// The kind of a component: the first rule any of whose words its title, slug or category holds
  /// as whole words (each field on its own) (and none of its `unless` words).
  public func kind(of component: Component) -> String {
    rule(for: component)?.kind ?? Self.fallback
  }

  /// The kind rule that decides a component's kind, or nil when none matches (a `control`).
  public func rule(for component: Component) -> ComponentKindRule? {
    let slug = component.id.split(separator: "/").last.map(String.init) ?? ""
    let fields = [component.title, slug, component.category].map(
      PhraseMatcher.words)
    func holds(_ wanted: [String]) -> Bool {
      !wanted.isEmpty
        && fields.contains { words in
          wanted.count <= words.count
            && (0...(words.count - wanted.count)).contains { start in
              wanted.indices.allSatisfy { words[start + $0] == wanted[$0] }
            }
        }
    }
    for (index, rule) in rules.enumerated()
    where folded[index].words.contains(where: holds)
      && !folded[index].unless.contains(where: holds)
    {
      return rule
    }
    return nil
  }
}
