import CriteriaModel
import Foundation

/// When and how long to wait before trying a request again.
public struct RetryPolicy: Sendable {
  public var maxAttempts: Int
  public var base: Double
  public var cap: Double = 60

  public init(maxAttempts: Int, base: Double, cap: Double = 60) {
    self.maxAttempts = maxAttempts
    self.base = base
    self.cap = cap
  }

  /// Exponential backoff with full jitter: a random wait up to base × 2^(attempt−1), capped.
  public func backoff(attempt: Int) -> Double {
    let ceiling = min(cap, base * pow(2, Double(attempt - 1)))
    return Double.random(in: (ceiling / 2)...max(ceiling / 2, ceiling))
  }

  /// The pause after a rate limit that names no time (no Retry-After, no reset): 60 backoffs, a minute by
  /// default, doubled each attempt, up to `maxWait`.
  ///
  /// GitHub's secondary rate limits may come without either header; GitHub asks then for a minute at least
  /// and longer after each refusal, and may ban an integration that keeps asking.
  public func rateLimitPause(attempt: Int, maxWait: Double) -> Double {
    min(maxWait, 60 * base * pow(2, Double(max(1, attempt) - 1)))
  }

  /// The longest pause taken as a number (about 31 years): anything longer, or not a number, is
  /// `.infinity`, so no later conversion (to whole seconds, to a date) can overflow.
  public static let longestPause = 1e9

  /// The pause a response asks for, in seconds from `now`: Retry-After (seconds or an HTTP date), or the
  /// rate-limit reset when no requests remain (GitHub's x-ratelimit-*), or nil.
  public static func serverPause(_ response: HTTPResponse, now: Double)
    -> Double?
  {
    askedPause(response, now: now).map {
      $0.isFinite && $0 <= longestPause ? $0 : .infinity
    }
  }

  private static func askedPause(_ response: HTTPResponse, now: Double)
    -> Double?
  {
    if let retryAfter = response.headers["retry-after"] {
      if let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)) {
        // "nan" asks for nothing sensible: treat it as unbounded.
        return seconds.isNaN ? .infinity : max(0, seconds)
      }
      if let date = UTCDate.date(retryAfter, "EEE, dd MMM yyyy HH:mm:ss zzz") {
        return max(0, date.timeIntervalSince1970 - now)
      }
    }
    // Linear: requests left in the window, and its reset in milliseconds since 1970.
    if response.headers["x-ratelimit-requests-remaining"] == "0",
      let reset = response.headers["x-ratelimit-requests-reset"].flatMap(
        Double.init)
    {
      return max(0, reset / 1000 - now)
    }
    if response.headers["x-ratelimit-remaining"] == "0",
      let reset = response.headers["x-ratelimit-reset"].flatMap(Double.init)
    {
      return max(0, reset - now)
    }
    return nil
  }
}
