/// Long text cut into pieces that each fit a limit: an Excel cell, a GitHub issue or comment, a Jira
/// description or comment (the words a tracker's pieces end with are the Tickets module's).
public enum TextPieces {
  /// The lines that open and close a block whose lines are shown as they are (a Markdown code fence, Jira's
  /// `{noformat}`): a block cut in two is closed at the end of one piece and opened again in the next.
  public struct Fence: Sendable {
    /// The line that closes an open block.
    public var close: String
    /// Whether a line opens or closes the block (the first such line opens it, the next closes it);
    /// last, so a call can give it as a trailing closure.
    public var isFence: @Sendable (Substring) -> Bool

    public init(close: String, isFence: @escaping @Sendable (Substring) -> Bool)
    {
      self.close = close
      self.isFence = isFence
    }
  }

  /// The text cut as `split` cuts it, each piece still fitting `limit`, with fenced blocks whole in each.
  ///
  /// A block a piece ends inside is closed at its end and opened again (by the line that opened it) at
  /// the start of the next; a piece that would end on a block's opening line leaves it to the next.
  public static func split(
    _ text: String, limit: Int, fence: Fence,
    measure: (String) -> Int = { $0.count }
  ) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let opening = lines.filter(fence.isFence).map { measure(String($0)) }.max()
    guard let opening, measure(text) > limit else {
      return split(text, limit: limit, measure: measure)
    }
    // Room for the opening line before a piece and the closing line after it.
    let room = opening + measure(fence.close) + 2
    var open: String?
    return split(text, limit: limit - room, measure: measure).map { piece in
      var out = open.map { $0 + "\n" + piece } ?? piece
      for line in piece.split(separator: "\n", omittingEmptySubsequences: false)
      where fence.isFence(line) {
        open = open == nil ? String(line) : nil
      }
      guard let opened = open else { return out }
      // A piece ending on the line that opens a block leaves the line to the next piece, which opens the
      // block anyway: no empty block at its end.
      if out.hasSuffix("\n" + opened) {
        out.removeLast(opened.count + 1)
        return out
      }
      return out + "\n" + fence.close
    }
  }

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
    // A line break's own measure: one character, but two in a JSON string (a backslash and n).
    let newline = measure("\n")
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
      if !current.isEmpty, measure(current) + newline + measure(rest) > limit {
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
