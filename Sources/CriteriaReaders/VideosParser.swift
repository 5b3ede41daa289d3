import CriteriaModel
import Foundation

/// Reads a `## Videos` section: `### Title` headings each followed by a `<video>` block with `<source src=…>`,
/// or by plain Markdown links.
enum VideosParser {
  static func parse(_ section: MarkdownSection) -> [Media] {
    var media: [Media] = []
    var title = "Video"
    for line in section.lines {
      let t = line.trimmed
      if t.hasPrefix("#") {
        title = MarkdownSection.cleanHeading(t.drop { $0 == "#" })
        continue
      }
      if let src = attribute("src", in: t) {
        media.append(
          Media(title: title, url: src, type: attribute("type", in: t)))
      } else if let open = t.range(of: "]("),
        let close = t[open.upperBound...].firstIndex(of: ")")
      {
        let label = t[..<open.lowerBound].drop {
          $0 == "[" || $0 == "-" || $0 == " "
        }
        media.append(
          Media(
            title: label.isEmpty ? title : String(label),
            url: String(t[open.upperBound..<close]), type: nil))
      }
    }
    return media
  }

  /// The value of `name="…"` in an HTML tag line.
  static func attribute(_ name: String, in line: String) -> String? {
    for quote in ["\"", "'"] {
      guard let start = line.range(of: " \(name)=\(quote)") else { continue }
      let rest = line[start.upperBound...]
      guard let end = rest.firstIndex(of: Character(quote)) else { continue }
      return String(rest[..<end])
    }
    return nil
  }
}
