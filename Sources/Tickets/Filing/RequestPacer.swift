import Foundation

/// Keeps requests within a tracker's limits: a minimum gap, a per-minute and a per-hour budget, and
/// server-imposed pauses (Retry-After, rate-limit resets).
public final class RequestPacer {
  let pacing: Pacing
  /// When the requests the limits count were sent (every request, or the writes), the last hour's.
  private var sent: [Double] = []
  /// When reads were sent, the last minute's, where the limits count writes only.
  private var readTimes: [Double] = []
  /// When the last request of any kind was sent.
  private var lastSent: Double?
  private var notBefore: Double = 0
  let clock: () -> Double
  let sleeper: (Double) -> Void
  /// Says on stderr when a wait is long enough for a person to wonder (nil: silent, as in tests).
  public var notice: ((String) -> Void)?

  /// Creates a pacer; tests may pass a fake clock and sleep.
  public init(
    pacing: Pacing,
    clock: @escaping () -> Double = { Date().timeIntervalSince1970 },
    sleep: @escaping (Double) -> Void = {
      if $0 > 0 { Thread.sleep(forTimeInterval: $0) }
    }
  ) {
    self.pacing = pacing
    self.clock = clock
    self.sleeper = sleep
  }

  /// Waits until a request may be sent, then records it.
  ///
  /// `writing`: whether it changes something (POST, PUT, PATCH, DELETE). Where the tracker's limits
  /// count writes only (`Pacing.reads`), a read waits for the pace of reads alone.
  public func waitForTurn(writing: Bool = true) {
    var now = clock()
    var wait = max(0, notBefore - now)
    if let last = lastSent {
      wait = max(wait, last + pacing.rateInterval - now)
    }
    defer { lastSent = now }
    if let reads = pacing.reads, !writing {
      if let last = readTimes.last {
        wait = max(wait, last + reads.minimumInterval - now)
      }
      if reads.perMinute > 0 {
        wait = max(
          wait,
          Self.windowWait(
            readTimes, now: now, window: 60, limit: reads.perMinute))
      }
      hold(wait, now: &now)
      readTimes.append(now)
      readTimes.removeAll { $0 < now - 60 }
      return
    }
    if let last = sent.last {
      wait = max(wait, last + pacing.minimumInterval - now)
    }
    if pacing.perMinute > 0 {
      wait = max(
        wait,
        Self.windowWait(sent, now: now, window: 60, limit: pacing.perMinute))
    }
    if pacing.perHour > 0 {
      wait = max(
        wait,
        Self.windowWait(sent, now: now, window: 3600, limit: pacing.perHour))
    }
    hold(wait, now: &now)
    sent.append(now)
    sent.removeAll { $0 < now - 3600 }
  }

  /// Sleeps `seconds` (saying so when a person would wonder), and moves `now` on.
  private func hold(_ wait: Double, now: inout Double) {
    if wait >= 5, let notice {
      notice(
        "waiting \(Int(wait.rounded(.up))) s (until \(RequestLoop.clockTime(now + wait))) to stay within the tracker's rate limits"
      )
    }
    if wait > 0 {
      sleeper(wait)
      now = clock()
    }
  }

  private static func windowWait(
    _ sent: [Double], now: Double, window: Double, limit: Int
  ) -> Double {
    let recent = sent.filter { $0 > now - window }
    guard recent.count >= limit, let oldest = recent.first else { return 0 }
    return oldest + window - now
  }

  /// The server asked for a pause (until `until`, seconds since 1970).
  public func pause(until: Double) { notBefore = max(notBefore, until) }
}
