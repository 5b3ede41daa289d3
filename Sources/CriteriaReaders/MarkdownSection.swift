import Foundation

/// A `##` section of a Markdown document: its heading and the lines up to the next `##`.
struct MarkdownSection: Sendable {
  let heading: String
  let headingLine: Int
  let lines: [SourceLine]

  /// Splits lines into `##` sections, ignoring `#` lines inside code fences and Liquid blocks.
  ///
  /// Lines before the first `##` come back as a section with an empty heading.
  static func split(_ lines: some Collection<SourceLine>, level: Int = 2)
    -> [MarkdownSection]
  {
    let marker = String(repeating: "#", count: level) + " "
    var sections: [MarkdownSection] = []
    var heading = ""
    var headingLine = 0
    var body: [SourceLine] = []
    var fence = CodeFence()
    for line in lines {
      let wasInCode = fence.isOpen
      fence.observe(line)
      if !wasInCode, !fence.isOpen, line.indent < 4,
        line.trimmed.hasPrefix(marker)
      {
        if !heading.isEmpty || body.contains(where: { !$0.isBlank }) {
          sections.append(
            MarkdownSection(
              heading: heading, headingLine: headingLine, lines: body))
        }
        heading = cleanHeading(line.trimmed.dropFirst(marker.count))
        headingLine = line.number
        body = []
      } else {
        body.append(line)
      }
    }
    if !heading.isEmpty || body.contains(where: { !$0.isBlank }) {
      sections.append(
        MarkdownSection(heading: heading, headingLine: headingLine, lines: body)
      )
    }
    return sections
  }

  /// A heading without closing `#`s, emphasis markers or surrounding space.
  static func cleanHeading(_ raw: some StringProtocol) -> String {
    var text = raw.trimmingWhitespace()
    while text.hasSuffix("#") { text.removeLast() }
    return text.replacingAll("**", with: "").replacingAll("__", with: "")
      .trimmingWhitespace()
  }
}

/// Tracks whether a line is inside a ``` / ~~~ fence or a Liquid highlight block.
///
/// Fences follow CommonMark: an opening is a run of at least three backticks or tildes (a backtick
/// fence's info string holds no backtick), and only a run of the same character at least as long,
/// followed by nothing but spaces, closes it. Anything between, a shorter fence included, is code.
struct CodeFence: Sendable {
  private(set) var isOpen = false
  /// The opening's character (`` ` `` or `~`), or `{` for a Liquid `{% highlight %}` block.
  private var character: Character = "`"
  /// How many characters the opening fence has (3 for a Liquid block).
  private(set) var length = 0

  mutating func observe(_ line: SourceLine) {
    let t = line.trimmed
    guard let first = t.first,
      isOpen || first == "`" || first == "~" || first == "{"
    else { return }
    if isOpen {
      if character == "{" {
        if t.hasPrefix("{%"), t.contains("endhighlight") { isOpen = false }
      } else if first == character {
        let run = t.prefix { $0 == character }.count
        if run >= length,
          t.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" })
        {
          isOpen = false
        }
      }
    } else if first == "`" || first == "~" {
      let run = t.prefix { $0 == first }.count
      guard run >= 3 else { return }
      // "```code```" is inline code on a line of its own, not a fence.
      if first == "`", t.dropFirst(run).contains("`") { return }
      isOpen = true
      character = first
      length = run
    } else if t.hasPrefix("{%"), t.contains("highlight"),
      !t.contains("endhighlight")
    {
      isOpen = true
      character = "{"
      length = 3
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced, without Foundation (whose `range(of:)` was a hot spot).
  func replacingAll(_ target: String, with replacement: String) -> String {
    let needle = Array(target.utf8)
    guard let first = needle.first else { return self }
    let bytes = Array(utf8)
    var out: [UInt8] = []
    var i = 0
    var changed = false
    while i < bytes.count {
      if bytes[i] == first, i + needle.count <= bytes.count,
        Array(bytes[i..<(i + needle.count)]) == needle
      {
        out.append(contentsOf: replacement.utf8)
        i += needle.count
        changed = true
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return changed ? String(decoding: out, as: UTF8.self) : self
  }
}
