import Foundation

/// Which tickets have been filed: identity → state, key and URL.
///
/// Saved atomically (temporary file, fsync, rename) before and after every request, so a run killed
/// at any instant leaves a ledger that says either "filed" or "pending" (a request that may or may
/// not have reached the tracker).
public struct Ledger: Sendable {
  /// One ticket's record.
  public struct Entry: Codable, Hashable, Sendable {
    public enum State: String, Codable, Sendable { case pending, filed, failed }
    public var state: State
    public var key: String?
    public var url: String?
    public var attempts: Int
    public var reason: String?
    /// How many follow-ups (GitHub continuation comments) are confirmed posted; nil when there are none.
    public var followUpsSent: Int?
  }

  private struct File: Codable {
    var version: Int
    var tracker: String
    var entries: [String: Entry]
  }

  public let path: String
  public let tracker: String
  /// Hides secrets in what the ledger stores (a tracker's error text, an issue URL with credentials).
  public var redactor = Redactor()
  public private(set) var entries: [String: Entry]
  /// Each entry's JSON line, kept so that a save re-encodes only what changed (a save per request
  /// would otherwise encode the whole ledger every time, and a long run would slow down as it grows).
  private var lines: [String: [UInt8]] = [:]
  /// The identities in sorted order, as the file lists them.
  private var order: [String] = []

  /// Opens the ledger at `path`, or starts an empty one.
  public init(path: String, tracker: String) throws(TicketError) {
    self.path = path
    self.tracker = tracker
    var isDirectory: ObjCBool = false
    if path.trimmingCharacters(in: .whitespaces).isEmpty
      || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    {
      throw TicketError(
        "the ledger path '\(path)' is \(path.isEmpty ? "empty" : "a folder"); set the 'ledger' option to a file such as tickets.ledger.json"
      )
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      entries = [:]
      return
    }
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      guard file.tracker == tracker else {
        throw TicketError(
          "the ledger \(path) belongs to '\(file.tracker)', not '\(tracker)'; set a different 'ledger' option"
        )
      }
      entries = file.entries
      order = file.entries.keys.sorted()
      for (identity, entry) in file.entries {
        lines[identity] = try Self.line(identity, entry)
      }
    } catch let error as TicketError {
      throw error
    } catch {
      throw TicketError(
        "the ledger \(path) cannot be read (\(error)); fix it, or move it away and run again with --rebuild-ledger to rebuild it from the tracker"
      )
    }
  }

  public subscript(identity: String) -> Entry? { entries[identity] }

  public mutating func markPending(_ identity: String) throws(TicketError) {
    try markPending(all: [identity])
  }

  /// Marks a whole batch pending with one save (before a bulk request).
  public mutating func markPending(all identities: [String]) throws(TicketError)
  {
    for identity in identities {
      var entry = entries[identity] ?? Entry(state: .pending, attempts: 0)
      entry.state = .pending
      entry.attempts += 1
      entry.reason = nil
      try record(identity, entry)
    }
    try save()
  }

  public mutating func markFiled(_ identity: String, _ filed: FiledTicket)
    throws(TicketError)
  {
    let attempts = entries[identity]?.attempts ?? 1
    try record(
      identity,
      Entry(state: .filed, key: filed.key, url: filed.url, attempts: attempts))
    try save()
  }

  /// A request that may have created the ticket, without confirmation: pending, with the reason.
  public mutating func markUnknown(_ identity: String, reason: String)
    throws(TicketError)
  {
    try mark(identity, .pending, reason: reason)
  }

  /// Records that the first `sent` follow-ups of a filed ticket are on the tracker.
  public mutating func markFollowUps(_ identity: String, sent: Int)
    throws(TicketError)
  {
    guard var entry = entries[identity] else { return }
    entry.followUpsSent = sent
    try record(identity, entry)
    try save()
  }

  public mutating func markFailed(_ identity: String, reason: String)
    throws(TicketError)
  {
    try mark(identity, .failed, reason: reason)
  }

  /// Sets an entry's state and reason (keeping its attempts and key) and saves.
  private mutating func mark(
    _ identity: String, _ state: Entry.State, reason: String
  )
    throws(TicketError)
  {
    var entry = entries[identity] ?? Entry(state: state, attempts: 0)
    entry.state = state
    entry.reason = reason
    try record(identity, entry)
    try save()
  }

  private mutating func record(_ identity: String, _ recorded: Entry)
    throws(TicketError)
  {
    var entry = recorded
    entry.reason = entry.reason.map(redactor.text)
    entry.url = entry.url.map(redactor.text)
    if entries[identity] == nil {
      var low = 0
      var high = order.count
      while low < high {
        let middle = (low + high) / 2
        if order[middle] < identity { low = middle + 1 } else { high = middle }
      }
      order.insert(identity, at: low)
    }
    entries[identity] = entry
    lines[identity] = try Self.line(identity, entry)
  }

  /// `"identity" : {...}` as one line of the file.
  private static func line(_ identity: String, _ entry: Entry)
    throws(TicketError) -> [UInt8]
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(identity)) + Array(" : ".utf8)
        + Array(try encoder.encode(entry))
    } catch {
      throw TicketError(
        "cannot encode the ledger entry for \(identity): \(error)")
    }
  }

  /// The whole file: the entries in identity order, one per line, then the tracker and format version.
  func fileBytes() throws(TicketError) -> [UInt8] {
    var bytes = Array("{\n  \"entries\" : {".utf8)
    for (index, identity) in order.enumerated() {
      bytes += Array((index == 0 ? "\n    " : ",\n    ").utf8)
      bytes += lines[identity] ?? []
    }
    let tracker: [UInt8]
    do { tracker = Array(try JSONEncoder().encode(self.tracker)) } catch {
      throw TicketError("cannot encode the ledger: \(error)")
    }
    bytes +=
      Array("\n  },\n  \"tracker\" : ".utf8) + tracker
      + Array(",\n  \"version\" : 1\n}\n".utf8)
    return bytes
  }

  /// Writes the whole ledger to a temporary file beside it, flushes it to disk, and renames it into place.
  func save() throws(TicketError) {
    let temporary = path + ".tmp-\(getpid())"
    do throws(TicketError) {
      let data = try fileBytes()
      let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard fd >= 0 else {
        throw TicketError(
          "cannot write the ledger beside \(path): \(String(cString: strerror(errno)))"
        )
      }
      let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      let synced = fsync(fd)
      close(fd)
      guard written == data.count, synced == 0 else {
        throw TicketError("cannot write the ledger \(path) completely")
      }
      guard rename(temporary, path) == 0 else {
        throw TicketError(
          "cannot move the ledger into place at \(path): \(String(cString: strerror(errno)))"
        )
      }
    } catch {
      unlink(temporary)
      throw error
    }
  }
}
