import Foundation

/// How far a filing run is, reported to whoever shows it: the library counts, the CLI draws.
public final class FilingProgress {
  /// One report: tickets done, of how many, and seconds since the run started.
  public struct Step: Sendable {
    public var done: Int
    public var total: Int
    public var elapsed: Double
    /// Whether the run is over (the last report).
    public var finished: Bool

    /// Tickets a second so far.
    public var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }
    /// Seconds left at this rate.
    public var remaining: Double { rate > 0 ? Double(total - done) / rate : 0 }
  }

  private var total = 0
  private var done = 0
  private var started = Date()
  private let report: (Step) -> Void

  /// Creates a progress that calls `report` as tickets are done.
  public init(report: @escaping (Step) -> Void) { self.report = report }

  func start(total: Int) {
    self.total = total
    done = 0
    started = Date()
  }

  func advance() {
    done += 1
    report(step(finished: false))
  }

  func finish() { report(step(finished: true)) }

  private func step(finished: Bool) -> Step {
    Step(
      done: done, total: total, elapsed: Date().timeIntervalSince(started),
      finished: finished)
  }
}
