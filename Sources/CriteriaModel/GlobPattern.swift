/// A shell-style pattern over `/`-separated ids and paths: `*` within a segment, `**` across, `?` one character.
public struct GlobPattern: Hashable, Sendable {
  /// The pattern as written.
  public let pattern: String

  /// Creates a pattern.
  public init(_ pattern: String) { self.pattern = pattern }

  /// Whether the pattern contains any wildcard.
  public var hasWildcards: Bool {
    pattern.contains(where: { "*?".contains($0) })
  }

  /// Whether `text` matches the whole pattern.
  public func matches(_ text: String) -> Bool {
    var matcher = Matcher(
      pattern: Array(pattern.unicodeScalars), text: Array(text.unicodeScalars))
    return matcher.match(0, 0)
  }

  /// Backtracking with a memo of the (pattern, text) positions already known not to match, so a pattern
  /// with many stars takes time proportional to pattern × text length, never exponential time.
  private struct Matcher {
    let p: [Unicode.Scalar]
    let t: [Unicode.Scalar]
    var failed: Set<Int> = []

    init(pattern: [Unicode.Scalar], text: [Unicode.Scalar]) {
      p = pattern
      t = text
    }

    mutating func match(_ pi: Int, _ ti: Int) -> Bool {
      let key = pi * (t.count + 1) + ti
      if failed.contains(key) { return false }
      if matchUnmemoized(pi, ti) { return true }
      failed.insert(key)
      return false
    }

    private mutating func matchUnmemoized(_ start: Int, _ textStart: Int)
      -> Bool
    {
      var pi = start
      var ti = textStart
      while pi < p.count {
        let c = p[pi]
        if c == "*" {
          let crossesSegments = pi + 1 < p.count && p[pi + 1] == "*"
          let rest = crossesSegments ? pi + 2 : pi + 1
          // `**/` also matches no folder at all: `docs/**/*.md` matches `docs/a.md`, as in git and bash.
          if crossesSegments, rest < p.count, p[rest] == "/",
            match(rest + 1, ti)
          {
            return true
          }
          var k = ti
          while true {
            if match(rest, k) { return true }
            if k >= t.count || (!crossesSegments && t[k] == "/") {
              return false
            }
            k += 1
          }
        }
        guard ti < t.count, c == "?" ? t[ti] != "/" : c == t[ti] else {
          return false
        }
        pi += 1
        ti += 1
      }
      return ti == t.count
    }
  }
}
