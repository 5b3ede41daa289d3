/// Long text cut into pieces that each fit a limit: an Excel cell, a GitHub issue or comment.
public enum TextPieces {
  /// The text cut into pieces that each fit `limit` by `measure`.
  ///
  /// It breaks at line ends where possible and cuts a line only when that line alone is longer than the
  /// limit. The pieces hold every line, in order.
  public static func split(
    _ text: String, limit: Int, measure: (String) -> Int = { $0.count }
  ) -> [String] {
    guard measure(text) > limit else { return [text] }
    var pieces: [String] = []
    var current = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = String(line)
      while measure(rest) > limit {
        if !current.isEmpty {
          pieces.append(current)
          current = ""
        }
        let head = longestPrefix(of: rest, fitting: limit, measure)
        pieces.append(head)
        rest = String(rest.dropFirst(head.count))
      }
      if !current.isEmpty, measure(current) + measure(rest) + 1 > limit {
        pieces.append(current)
        current = rest
      } else {
        current = current.isEmpty ? rest : current + "\n" + rest
      }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }

  /// The longest prefix (in whole characters, at least one) whose measure fits the limit.
  static func longestPrefix(
    of text: String, fitting limit: Int, _ measure: (String) -> Int
  ) -> String {
    var low = 1
    var high = min(text.count, limit)
    while low < high {
      let middle = (low + high + 1) / 2
      if measure(String(text.prefix(middle))) <= limit {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return String(text.prefix(low))
  }
}
