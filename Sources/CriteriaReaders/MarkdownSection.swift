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
struct CodeFence: Sendable {
  private(set) var isOpen = false
  private var marker = ""

  mutating func observe(_ line: SourceLine) {
    let t = line.trimmed
    guard
      isOpen || t.hasPrefix("```") || t.hasPrefix("~~~") || t.hasPrefix("{%")
    else { return }
    if isOpen {
      if (marker == "{%" && t.hasPrefix("{%") && t.contains("endhighlight"))
        || (marker != "{%" && t.hasPrefix(marker)
          && t.dropFirst(marker.count).allSatisfy { $0 == marker.first })
      {
        isOpen = false
      }
    } else if t.hasPrefix("```") || t.hasPrefix("~~~") {
      isOpen = true
      marker = String(t.prefix(3))
    } else if t.hasPrefix("{%"), t.contains("highlight"),
      !t.contains("endhighlight")
    {
      isOpen = true
      marker = "{%"
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
