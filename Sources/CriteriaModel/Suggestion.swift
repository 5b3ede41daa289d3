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

  /// " Did you mean 'word'?" for the nearest candidate, to end a message with; "" when none is close.
  public static func hint(for word: String, in candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
  }

  /// The message for a `word` that is not one of `known`, naming `what` it is, then the hint, `listed`
  /// and the list.
  ///
  /// For example: unknown conformance term 'Suports'. Did you mean 'Supports'? Terms are Supports, …
  public static func unknown(
    _ what: String, _ word: String, among known: [String], listed: String
  ) -> String {
    "unknown \(what) '\(word)'.\(hint(for: word, in: known)) \(listed) "
      + "\(known.joined(separator: ", "))."
  }

  static func distance(_ a: String, _ b: String) -> Int {
    EditDistance.between(a, b)
  }
}
