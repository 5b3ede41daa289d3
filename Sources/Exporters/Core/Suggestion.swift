/// "Did you mean …?" for misspelt names (exporters, options, config keys).
public enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  public static func nearest(to word: String, in candidates: [String])
    -> String?
  {
    let scored = candidates.map {
      ($0, distance(word.lowercased(), $0.lowercased()))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, word.count / 3) ? best.0 : nil
  }

  /// Damerau-style edit distance (a swap of two letters counts once: "xslx" → "xlsx").
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var d = Array(
      repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
