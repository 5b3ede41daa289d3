/// WCAG success criterion numbers in WCAG's order (`1.4.4` before `1.4.10`), not text order.
public enum WCAGOrder {
  /// The numbers once each, in WCAG order.
  public static func sorted(_ numbers: some Sequence<String>) -> [String] {
    // Each number is split once, not once per comparison; equal keys ("1.01" and "1.1") fall back to the
    // text, so the order never depends on the set's.
    Set(numbers).map { number in
      (key: number.split(separator: ".").map { Int($0) ?? 0 }, number: number)
    }
    .sorted { lhs, rhs in
      lhs.key == rhs.key
        ? lhs.number < rhs.number : lhs.key.lexicographicallyPrecedes(rhs.key)
    }
    .map(\.number)
  }
}
