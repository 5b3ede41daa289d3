import CriteriaModel

/// Maps group headings, scenario names and check keys to test kinds.
enum TestKindClassifier {
  /// Checks that belong under "Listen to screenreader output".
  static let screenReaderKeys: [String: TestKind] = [
    "name": .screenReader, "role": .screenReader, "group": .screenReader,
    "state": .screenReader,
  ]

  /// "Test keyboard only, then…" → keyboard; "Device OS Settings" → settings; others keep their words.
  static func kind(forGroupHeading heading: String) -> TestKind {
    if let known = knownKind(heading) { return known }
    return TestKind(camelCase(heading))
  }

  /// The kind a scenario exercises, when its name says so.
  static func kind(forScenario name: String) -> TestKind? { knownKind(name) }

  /// A best guess from the key alone, for checks outside any group.
  static func kind(forCheck key: String) -> TestKind {
    let k = key.lowercased()
    if screenReaderKeys[k] != nil { return .screenReader }
    if k.contains("swipe") || k.contains("tap") || k.contains("gesture") {
      return .gestures
    }
    if k.contains("resize") || k.contains("setting") || k.contains("zoom") {
      return .settings
    }
    return .keyboard
  }

  private static func knownKind(_ text: String) -> TestKind? {
    let t = text.lowercased()
    if t.contains("keyboard") { return .keyboard }
    if t.contains("gesture") { return .gestures }
    if t.contains("screenreader") || t.contains("screen reader")
      || t.contains("listen")
    {
      return .screenReader
    }
    if t.contains("setting") || t.contains("resize") { return .settings }
    return nil
  }

  static func camelCase(_ text: String) -> String {
    let words = StableID.slug(text).split(separator: "-")
    guard let first = words.first else { return "other" }
    return String(first)
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }
}
