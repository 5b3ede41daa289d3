import CriteriaModel
import Foundation

/// Turns raw checks and scenarios into model values: stable ids, platforms, test kinds.
enum CriteriaBuilder {
  struct RawCheck {
    var test: TestKind
    var check: String
    var expectation: String
    var line: Int
  }

  static func criteria(
    _ raw: [RawCheck], componentID: String, family: Family, text: DocumentText
  ) -> [Criterion] {
    var seen: [String: Int] = [:]
    var used = Set<String>()
    return raw.map { item in
      let base = StableID.criterion(
        component: componentID, test: item.test, check: item.check)
      seen[base, default: 0] += 1
      let id = unique(
        StableID.criterion(
          component: componentID, test: item.test, check: item.check,
          occurrence: seen[base] ?? 1), in: &used)
      return Criterion(
        id: id, test: item.test, check: item.check,
        expectation: item.expectation.trimmingWhitespace(),
        platforms: platforms(
          of: item.check + " " + item.expectation, family: family),
        source: text.location(item.line))
    }
  }

  static func scenarios(
    _ raw: [GherkinParser.ParsedScenario], componentID: String,
    text: DocumentText
  ) -> [Scenario] {
    var seen: [String: Int] = [:]
    var used = Set<String>()
    return raw.map { parsed in
      let base = StableID.scenario(component: componentID, name: parsed.name)
      seen[base, default: 0] += 1
      return Scenario(
        id: unique(
          StableID.scenario(
            component: componentID, name: parsed.name,
            occurrence: seen[base] ?? 1), in: &used),
        name: parsed.name,
        test: TestKindClassifier.kind(forScenario: parsed.name),
        steps: parsed.steps, source: text.location(parsed.line))
    }
  }

  /// The id, or the first free `id-N` (N = 2, 3 and on) when an earlier item already has it.
  ///
  /// `Tab`, `Tab`, `Tab 2` would give `tab`, `tab-2`, `tab-2`; in document order the third becomes
  /// `tab-2-2`. Ids that collide with nothing stay exactly as before.
  static func unique(_ id: String, in used: inout Set<String>) -> String {
    var candidate = id
    var n = 2
    while used.contains(candidate) {
      candidate = "\(id)-\(n)"
      n += 1
    }
    used.insert(candidate)
    return candidate
  }

  /// Whether a bullet is an instruction, not a check: its key is a platform or a screen reader
  /// ("iOS", "Android TalkBack") and its text says how to set one up ("Turn on VoiceOver in Settings").
  static func isInstruction(_ check: RawCheck) -> Bool {
    let platformWords: Set<String> = [
      "ios", "android", "web", "and", "voiceover", "talkback", "desktop",
      "mobile",
      "windows", "macos", "mac", "nvda", "jaws", "narrator",
    ]
    let key = check.check.lowercased().split(whereSeparator: { !$0.isLetter })
    guard !key.isEmpty, key.allSatisfy({ platformWords.contains(String($0)) })
    else {
      return false
    }
    let text = check.expectation.lowercased()
    let setup = [
      "turn on", "turn off", "enable", "settings", "shortcut", "triple",
      "set up",
      "install", "go to", "open the", "launch", "start the screen reader",
    ]
    let reader = [
      "voiceover", "talkback", "screen reader", "screenreader", "nvda", "jaws",
      "narrator",
    ]
    return setup.contains(where: text.contains)
      && reader.contains(where: text.contains)
  }

  /// A native check that names only one platform ("Activates on Android", "(iOS)") applies only there.
  static func platforms(of text: String, family: Family) -> [Platform] {
    guard family == .native else { return family.platforms }
    let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
    let ios = words.contains("ios")
    let android = words.contains("android")
    switch (ios, android) {
    case (true, false): return [.iOS]
    case (false, true): return [.android]
    default: return family.platforms
    }
  }
}
