import Foundation

/// The one owner of dates written or read as text: UTC, the POSIX locale, a `DateFormatter` pattern.
public enum UTCDate {
  /// `date` in UTC as `pattern` spells it (`yyyy-MM-dd`, `yyyy-MM-dd'T'HH:mm:ss`).
  public static func string(_ date: Date, _ pattern: String) -> String {
    formatter(pattern).string(from: date)
  }

  /// The date `text` spells in `pattern` (`EEE, dd MMM yyyy HH:mm:ss zzz` for an HTTP date), or nil.
  public static func date(_ text: String, _ pattern: String) -> Date? {
    formatter(pattern).date(from: text)
  }

  private static func formatter(_ pattern: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.dateFormat = pattern
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter
  }
}
