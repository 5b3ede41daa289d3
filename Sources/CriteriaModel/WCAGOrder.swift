/// WCAG success criterion numbers in WCAG's order (`1.4.4` before `1.4.10`), not text order.
public enum WCAGOrder {
  /// The numbers once each, in WCAG order.
  public static func sorted(_ numbers: some Sequence<String>) -> [String] {
    Set(numbers).sorted { lhs, rhs in
      let l = lhs.split(separator: ".").map { Int($0) ?? 0 }
      let r = rhs.split(separator: ".").map { Int($0) ?? 0 }
      return l.lexicographicallyPrecedes(r)
    }
  }
}
