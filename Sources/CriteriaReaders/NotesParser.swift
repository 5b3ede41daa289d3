import CriteriaModel
import Foundation

/// Reads a developer-notes section (`## iOS Developer Notes`, `## Android`, `## Developer notes`, …)
/// into notes per `###` topic and per framework (`#### UIKit` headings or `- **UIKit**` bullets),
/// and collects the bullets under any "Announcement…" topic as announcement examples.
struct NotesParser {
  static let frameworks = [
    "UIKit", "SwiftUI", "Android Views", "Jetpack Compose",
    "Semantic HTML", "Custom elements",
  ]

  private(set) var notes: [DeveloperNote] = []
  private(set) var announcements: [Announcement] = []

  private let platform: Platform?
  private let text: DocumentText
  private var topic: String
  private var framework: String?
  private var buffer: [SourceLine] = []

  init(
    section: MarkdownSection, platform: Platform?, defaultTopic: String,
    text: DocumentText
  ) {
    self.platform = platform
    self.text = text
    self.topic = defaultTopic
    var fence = CodeFence()
    for line in section.lines {
      let wasInCode = fence.isOpen
      fence.observe(line)
      if wasInCode || fence.isOpen
        || line.indent >= 4 && !line.trimmed.hasPrefix("- **")
      {
        buffer.append(line)
        continue
      }
      let t = line.trimmed
      if t.hasPrefix("#### ") || t.hasPrefix("### ") {
        let level = t.hasPrefix("#### ") ? 4 : 3
        let heading = MarkdownSection.cleanHeading(t.dropFirst(level + 1))
        flush()
        if let known = Self.framework(named: heading) {
          framework = known
        } else if level == 3 {
          topic = heading
          framework = nil
        } else {
          framework = heading
        }
        continue
      }
      if let bullet = Bullet.content(of: t),
        let known = Self.boldFramework(bullet)
      {
        flush()
        framework = known
        continue
      }
      buffer.append(line)
    }
    flush()
  }

  /// `**UIKit**` alone on a bullet names a framework subsection.
  static func boldFramework(_ bullet: String) -> String? {
    guard bullet.hasPrefix("**"), bullet.hasSuffix("**"), bullet.count > 4
    else { return nil }
    return framework(named: String(bullet.dropFirst(2).dropLast(2)))
  }

  static func framework(named name: String) -> String? {
    let n = name.trimmingWhitespace().trimmingCharacters(
      in: CharacterSet(charactersIn: ":")
    ).lowercased()
    if n == "android view" { return "Android Views" }
    if n == "compose" { return "Jetpack Compose" }
    return frameworks.first { $0.lowercased() == n }
  }

  private mutating func flush() {
    defer { buffer = [] }
    guard let first = buffer.firstIndex(where: { !$0.isBlank }),
      let last = buffer.lastIndex(where: { !$0.isBlank })
    else { return }
    let body = Array(buffer[first...last])
    let note = DeveloperNote(
      platform: platform, topic: topic, framework: framework,
      text: Self.normalise(body), source: text.location(body[0].number))
    notes.append(note)
    if topic.lowercased().contains("announcement") {
      collectAnnouncements(body)
    }
  }

  private mutating func collectAnnouncements(_ body: [SourceLine]) {
    let base = body.filter { !$0.isBlank }.map(\.indent).min() ?? 0
    for line in body where line.indent <= base + 1 {
      guard let item = Bullet.content(of: line.trimmed), !item.isEmpty else {
        continue
      }
      // Only quoted announcements, not the explanatory bullets around them.
      if item.hasPrefix("\"") || item.hasPrefix("\u{201C}")
        || item.hasPrefix("'")
      {
        announcements.append(Announcement(platform: platform, text: item))
      }
    }
  }

  /// Removes the common indentation, turns Liquid highlight tags into code fences and drops runs of blank lines.
  static func normalise(_ lines: [SourceLine]) -> String {
    let base = lines.filter { !$0.isBlank }.map(\.indent).min() ?? 0
    var out: [String] = []
    for line in lines {
      let t = line.trimmed
      if t.hasPrefix("{%"), t.contains("endhighlight") {
        out.append("```")
        continue
      }
      if t.hasPrefix("{%"), t.contains("highlight") {
        let lang = String(t.dropFirst(2)).replacingAll("highlight", with: "")
          .replacingAll("%}", with: "").trimmingWhitespace()
        out.append("```" + lang)
        continue
      }
      if line.isBlank {
        if out.last?.isEmpty == false { out.append("") }
        continue
      }
      out.append(Self.dropIndent(line, columns: base))
    }
    while out.last?.isEmpty == true { out.removeLast() }
    return out.joined(separator: "\n")
  }
}

extension NotesParser {
  /// The line without its first `columns` columns of indentation (tabs count as four).
  static func dropIndent(_ line: SourceLine, columns: Int) -> String {
    guard columns > 0 else { return line.text }
    var remaining = columns
    var index = line.text.utf8.startIndex
    while remaining > 0, index < line.text.utf8.endIndex {
      let byte = line.text.utf8[index]
      guard byte == 0x20 || byte == 0x09 else { break }
      remaining -= byte == 0x09 ? 4 : 1
      index = line.text.utf8.index(after: index)
    }
    return String(line.text[index...])
  }
}
