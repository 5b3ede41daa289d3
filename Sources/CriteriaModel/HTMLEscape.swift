/// Text made safe inside HTML elements and attribute values: what a document or a tester wrote shows as
/// text, never as markup.
public enum HTMLEscape {
  /// `<`, `>`, `&`, `"` and `'` as character references.
  public static func text(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
