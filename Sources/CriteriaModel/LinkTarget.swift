/// Which addresses from outside may become links: only `http`, `https` and `mailto`.
///
/// A tracker's answer or a document's "Full information" address with `javascript:`, `data:` or `file:`,
/// or without a scheme, stays text.
public enum LinkTarget {
  /// The schemes that become links.
  public static let schemes: Set<String> = ["http", "https", "mailto"]

  /// `address` as a link target, or nil when it must stay text.
  ///
  /// Read as a browser reads it: leading and trailing spaces and C0 controls do not count, and tabs and
  /// line breaks inside are dropped (so `java\tscript:` is `javascript:`).
  public static func web(_ address: String) -> String? {
    var scalars = address.unicodeScalars.filter {
      $0 != "\t" && $0 != "\n" && $0 != "\r"
    }
    while let first = scalars.first, first.value <= 0x20 {
      scalars.removeFirst()
    }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    let cleaned = String(String.UnicodeScalarView(scalars))
    guard let colon = cleaned.firstIndex(of: ":") else { return nil }
    let scheme = cleaned[..<colon].lowercased()
    guard schemes.contains(scheme) else { return nil }
    if scheme != "mailto" {
      // An address that names no host after the scheme is no web page.
      let rest = cleaned[cleaned.index(after: colon)...]
      guard rest.hasPrefix("//"), rest.count > 2 else { return nil }
    }
    return cleaned
  }
}
