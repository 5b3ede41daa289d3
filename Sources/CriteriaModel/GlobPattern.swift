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
    Self.match(Array(pattern.unicodeScalars), 0, Array(text.unicodeScalars), 0)
  }

  private static func match(
    _ p: [Unicode.Scalar], _ pi: Int, _ t: [Unicode.Scalar], _ ti: Int
  ) -> Bool {
    var pi = pi
    var ti = ti
    while pi < p.count {
      let c = p[pi]
      if c == "*" {
        let crossesSegments = pi + 1 < p.count && p[pi + 1] == "*"
        let rest = crossesSegments ? pi + 2 : pi + 1
        // `**/` also matches no folder at all: `docs/**/*.md` matches `docs/a.md`, as in git and bash.
        if crossesSegments, rest < p.count, p[rest] == "/",
          match(p, rest + 1, t, ti)
        {
          return true
        }
        var k = ti
        while true {
          if match(p, rest, t, k) { return true }
          if k >= t.count || (!crossesSegments && t[k] == "/") { return false }
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
