import Config
import CriteriaModel
import Tickets

/// What `criteria run` did, for people (the notes on stderr) and scripts (`--format json`).
public struct RunSummary: Sendable, Codable, Equatable {
  /// One output the run wrote, or would write in a dry run.
  public struct Output: Sendable, Codable, Equatable {
    public var name: String
    public var exporter: String
    /// Where it went (a file, a folder, or the tracker's URL).
    public var path: String
    /// `written`, `would write` (a dry run), or `filed` (a tracker).
    public var action: String
  }

  /// One tracker output's tickets.
  public struct Tickets: Sendable, Codable, Equatable {
    public var output: String
    public var filed = 0
    public var alreadyFiled = 0
    public var failed = 0
    /// Sent, not confirmed: pending in the ledger, looked up before anything is sent again.
    public var notConfirmed = 0
    public var updated = 0
    public var outOfDate = 0
    /// Filed tickets for criteria the sources no longer hold: listed, left as they are.
    public var notInSources = 0
    /// Filed tickets of a document moved or renamed since, or filed under the id an earlier version made
    /// of decomposed accents: found under their old identity (also counted as already filed).
    public var moved = 0
  }

  public var outputs: [Output] = []
  public var tickets: [Tickets] = []
  /// Warnings about the documents read (each also on stderr at its line).
  public var warnings = 0
  /// Files a folder walk or glob skipped.
  public var skipped = 0
  /// The exit status the run ends with.
  public var exitStatus: Int32 = 0
  /// Why the run stopped, when it did.
  public var error: String?

  /// Tickets that failed or were not confirmed, over every tracker output: the run exits 1 when any.
  public var ticketProblems: Int {
    tickets.reduce(0) { $0 + $1.failed + $1.notConfirmed }
  }

  public init() {}

  /// Records what became of one of the config's outputs.
  mutating func record(
    _ output: CriteriaConfig.Output, at path: String, _ action: String
  ) {
    outputs.append(
      Output(
        name: output.name, exporter: output.exporter, path: path,
        action: action))
  }

  mutating func add(_ summary: FilingSummary, output: String) {
    var counts = Tickets(output: output)
    counts.filed = summary.filed.count
    counts.alreadyFiled = summary.alreadyFiled.count
    // Held back: not filed, for a person or the next run; a problem like a failure.
    counts.failed = summary.failed.count + summary.heldBack.count
    counts.notConfirmed = summary.unknown.count
    counts.updated = summary.updated.count
    counts.outOfDate = summary.outdated.count
    counts.moved = summary.moved.count + summary.accentsComposed.count
    tickets.append(counts)
  }
}
