import Foundation
import Synchronization

/// The files this process is writing under a temporary name, removed when it is interrupted.
///
/// Every output is written under a hidden temporary name beside its target and renamed into place
/// when it is whole (and the ledger likewise), so an interrupted run leaves each file as it was or
/// finished. The temporary file itself stayed behind: a Ctrl-C while a large workbook was being written
/// left a hidden `.audit.xlsx.partial-…` of any size in the output folder, and one more at every
/// interrupted run. Writers hold their temporary name in `process` while they write; once the command
/// line has called `removeOnInterrupt()`, SIGINT, SIGTERM and SIGHUP remove the files held there and
/// then end the process as the signal would have. A SIGKILL or a power cut still leaves them: nothing
/// runs then.
public final class TemporaryFiles: Sendable {
  /// The process's own: what the writers hold, and what an interruption removes.
  public static let process = TemporaryFiles()

  private let held = Mutex<Set<String>>([])

  /// The hidden name a file is written under beside `target` until it is whole:
  /// `.audit.xlsx.partial-1a2b3c4d` (a new one each time, so two runs never share one).
  public static func partial(beside target: URL) -> URL {
    target.deletingLastPathComponent().appendingPathComponent(
      partialPrefix(target) + UUID().uuidString.prefix(8))
  }

  /// What every `partial(beside:)` name of `target` starts with, before its eight hex digits.
  private static func partialPrefix(_ target: URL) -> String {
    "." + target.lastPathComponent + partialMarker
  }

  /// What stands between the target's name and the eight hex digits in a `partial(beside:)` name.
  private static let partialMarker = ".partial-"

  /// How old an unfinished file beside a target must be before a later write of that target removes it
  /// (`removeStale(beside:)`): a day, far longer than any write takes.
  public static let staleAge: TimeInterval = 86_400

  /// Removes the unfinished files an earlier run left beside `target` (a SIGKILL or a power cut: nothing
  /// ran to remove them), each `partial(beside:)` name and its library's `-parts` folder, when they were
  /// last changed more than `staleAge` before `now`; returns the paths removed.
  ///
  /// A younger one may be another run's, writing now, and stays.
  @discardableResult
  public static func removeStale(beside target: URL, now: Date = Date())
    -> [String]
  {
    removeStale(
      in: target.deletingLastPathComponent(), of: [target.lastPathComponent],
      now: now)
  }

  /// `removeStale(beside:)` for several targets in one folder (a folder output's files), reading the
  /// folder once; `targets` are file names in `folder`.
  @discardableResult
  public static func removeStale(
    in folder: URL, of targets: Set<String>, now: Date = Date()
  ) -> [String] {
    let folder = folder.path
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { name -> String? in
      // `.NAME.partial-` then eight hex digits, and `-parts` for the library's folder.
      guard name.hasPrefix("."),
        let marker = name.range(of: partialMarker, options: .backwards),
        marker.lowerBound > name.startIndex,
        targets.contains(
          String(name[name.index(after: name.startIndex)..<marker.lowerBound]))
      else { return nil }
      let suffix = name[marker.upperBound...]
      let tag = suffix.hasSuffix("-parts") ? suffix.dropLast(6) : suffix
      guard tag.count == 8, tag.allSatisfy(\.isHexDigit) else { return nil }
      let path = folder + "/" + name
      guard
        let changed = try? FileManager.default.attributesOfItem(atPath: path)[
          .modificationDate] as? Date,
        now.timeIntervalSince(changed) > staleAge
      else { return nil }
      return remove(path) ? path : nil
    }
  }

  /// An empty set of its own (a test's; the writers use `process`).
  public init() {}

  /// Runs `body`, which writes `path` and moves it into place (or removes it), with `path` held for
  /// removal should the process be interrupted meanwhile.
  public func holding<Value, Failure: Error>(
    _ path: String, while body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    hold(path)
    defer { release(path) }
    return try body()
  }

  /// Holds `path` (a file, or a folder of them) for removal until `release(_:)`.
  public func hold(_ path: String) {
    held.withLock { _ = $0.insert(path) }
  }

  /// Stops holding `path`: it was moved into place or removed.
  public func release(_ path: String) {
    held.withLock { _ = $0.remove(path) }
  }

  /// The paths held now, in order.
  public var current: [String] { held.withLock { $0.sorted() } }

  /// Removes every file and folder held now and forgets them; returns the paths that were there.
  @discardableResult
  public func removeHeld() -> [String] {
    let paths = held.withLock { paths in
      defer { paths.removeAll() }
      return paths.sorted()
    }
    return paths.filter(Self.remove)
  }

  /// Removes a file, or a folder and what is in it; whether it was there.
  private static func remove(_ path: String) -> Bool {
    if unlink(path) == 0 { return true }
    guard errno == EISDIR || errno == EPERM else { return false }
    // A folder a library writes its own temporary files into, perhaps while this runs: emptied
    // again until it can go.
    for _ in 0..<3 {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path))
        ?? []
      {
        unlink(path + "/" + name)
      }
      if rmdir(path) == 0 { return true }
    }
    return false
  }

  /// The signals that end a run early and are answered by removing the files held first.
  private static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Whether the process was started with `signal` ignored (`nohup` ignores SIGHUP, a shell's `&`
  /// SIGINT): such a signal stays ignored, since a blocked one would reach `sigwait` and end the run.
  private static func ignored(_ signal: Int32) -> Bool {
    var current = sigaction()
    sigaction(signal, nil, &current)
    guard let handler = current.__sigaction_handler.sa_handler else {
      return false
    }
    return unsafeBitCast(handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Makes `interruptions` remove the files held, then end the process by the same signal (so a shell
  /// sees 130 after a Ctrl-C, as it would without this); a signal the process was started with ignored
  /// stays ignored.
  ///
  /// Call it once, first thing, before any other thread starts: the signals are blocked in the calling
  /// thread, every thread started after inherits that, and one thread of its own waits for them
  /// (`sigwait`), where removing files is safe, which it is not in a signal handler. `notice` is
  /// called there with the paths removed, before the process ends.
  public static func removeOnInterrupt(
    notice: @escaping @Sendable (_ signal: Int32, _ removed: [String]) -> Void
  ) {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for signal in interruptions where !ignored(signal) {
      sigaddset(&blocked, signal)
    }
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    let waiting = blocked
    Thread {
      var set = waiting
      var received: Int32 = 0
      while sigwait(&set, &received) != 0 {}
      notice(received, process.removeHeld())
      // Ends the process as the signal does by default: from this thread, with it unblocked here.
      Foundation.signal(received, SIG_DFL)
      var only = sigset_t()
      sigemptyset(&only)
      sigaddset(&only, received)
      pthread_sigmask(SIG_UNBLOCK, &only, nil)
      raise(received)
    }.start()
  }
}
