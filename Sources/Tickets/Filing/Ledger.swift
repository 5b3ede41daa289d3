import CriteriaModel
import Foundation

/// Which tickets have been filed: identity → state, key and URL.
///
/// Every change is appended to a journal beside the ledger (`<ledger>.journal`) and flushed to disk
/// before the request it prepares is sent, so a run killed at any instant leaves a ledger that says
/// either "filed" or "pending" (a request that may or may not have reached the tracker). Appending
/// costs the same for the 20,000th ticket as for the first; `compact()` folds the journal into the
/// ledger file (written whole, atomically) at the end of a run, and opening a ledger folds in a
/// journal a killed run left behind.
public struct Ledger: Sendable {
  private struct File: Codable {
    var version: Int
    var tracker: String
    var project: String?
    var entries: [String: Entry]
  }

  /// One journal line: an entry's whole new state, or none when the entry was moved to another identity.
  private struct Change: Codable {
    var id: String
    var entry: Entry?
  }

  public let path: String
  public let tracker: String
  /// The tracker project the tickets are in, when known (ledgers written before it was kept have none).
  public private(set) var project: String?
  /// Hides secrets in what the ledger stores (a tracker's error text, an issue URL with credentials).
  public var redactor = Redactor()
  public private(set) var entries: [String: Entry]
  /// Each entry's JSON line, kept so that compacting re-encodes only what changed.
  private var lines: [String: [UInt8]] = [:]
  /// The identities in sorted order, as the file lists them.
  private var order: [String] = []
  /// Whether this ledger may write (no other process holds its lock).
  public var isWritable: Bool { journal.writable }
  /// Changes appended since the last compaction.
  public private(set) var journalLength = 0
  private let journal: JournalFile

  /// The journal's path: the ledger's, with `.journal` added.
  public var journalPath: String { path + ".journal" }

  /// Opens the ledger at `path` (folding in a journal left by a run that was stopped), or starts an
  /// empty one; a ledger of another tracker or project is an error.
  ///
  /// One process at a time writes a ledger: it holds a lock on `<ledger>.lock`. With `waitForLock` (a
  /// filing run) the ledger waits for it; otherwise, when another process holds it, the ledger is
  /// opened read-only (it reads the journal too, and neither folds it in nor writes).
  public init(
    path: String, tracker: String, project: String? = nil,
    waitForLock: Bool = false
  )
    throws(TicketError)
  {
    self.path = path
    self.tracker = tracker
    self.project = project
    if path.trimmingCharacters(in: .whitespaces).isEmpty
      || FileKind.at(path) == .directory
    {
      throw TicketError(
        "the ledger path '\(path)' is \(path.isEmpty ? "empty" : "a folder"); set the 'ledger' option to a file such as tickets.ledger.json"
      )
    }
    for (file, role) in [
      (path, "ledger"), (path + ".journal", "ledger journal"),
      (path + ".lock", "ledger lock"),
    ] {
      if let problem = FileKind.stateFileProblem(file, role: role) {
        throw TicketError(problem)
      }
    }
    journal = try JournalFile.shared(
      path: path + ".journal", lock: path + ".lock", wait: waitForLock)
    entries = [:]
    if let data = FileManager.default.contents(atPath: path) {
      try load(data)
    }
    let replayed = try replayJournal()
    if replayed > 0, journal.writable { try compact() }
  }

  private mutating func load(_ data: Data) throws(TicketError) {
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      guard file.tracker == tracker else {
        throw TicketError(
          "the ledger \(path) belongs to '\(file.tracker)', not '\(tracker)'; set a different 'ledger' option"
        )
      }
      if let mine = project, let theirs = file.project, mine != theirs {
        throw TicketError(
          "the ledger \(path) belongs to \(tracker) project '\(theirs)', not '\(mine)'; set a different 'ledger' option"
        )
      }
      project = project ?? file.project
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

  /// Applies the journal's changes; returns how many there were.
  ///
  /// A last line without its newline is a write the run did not finish: its request was never sent
  /// (the journal is flushed before every request), so it is left out. A damaged line before the last is an error.
  private mutating func replayJournal() throws(TicketError) -> Int {
    guard let data = FileManager.default.contents(atPath: journalPath),
      !data.isEmpty
    else { return 0 }
    let bytes = [UInt8](data)
    var count = 0
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      guard let end = bytes[start...].firstIndex(of: 0x0A) else { break }
      lineNumber += 1
      let line = Data(bytes[start..<end])
      start = end + 1
      if line.isEmpty { continue }
      do {
        let change = try JSONDecoder().decode(Change.self, from: line)
        if let entry = change.entry {
          try record(change.id, entry)
        } else {
          remove(change.id)
        }
        count += 1
      } catch {
        throw TicketError(
          "\(journalPath):\(lineNumber): a damaged ledger journal line (\(error)); move the journal away and run again with --rebuild-ledger to rebuild the ledger from the tracker"
        )
      }
    }
    return count
  }

  /// Whether a ledger is there: its file, or only the journal of a run stopped before folding it in.
  public static func exists(at path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
      || FileManager.default.fileExists(atPath: path + ".journal")
  }

  public subscript(identity: String) -> Entry? { entries[identity] }

  /// The filed tickets of a lineage (`Ticket.lineage`) other than `identity`, in identity order (with
  /// `pendingToo`, the pending ones as well).
  ///
  /// The identities that start with the lineage stand together in the sorted `order`: found by a
  /// binary search, so looking up every finding of a large audit does not read the whole ledger each
  /// time.
  public func filed(
    inLineage lineage: String, except identity: String, pendingToo: Bool = false
  ) -> [(identity: String, entry: Entry)] {
    var low = 0
    var high = order.count
    while low < high {
      let middle = (low + high) / 2
      if order[middle] < lineage { low = middle + 1 } else { high = middle }
    }
    var found: [(identity: String, entry: Entry)] = []
    for other in order[low...] {
      guard other.hasPrefix(lineage) else { break }
      guard other == lineage || other.hasPrefix(lineage + "/"),
        other != identity, let entry = entries[other],
        entry.state == .filed && entry.key != nil
          || pendingToo && entry.state == .pending
      else { continue }
      found.append((other, entry))
    }
    return found
  }

  public mutating func markPending(
    _ identity: String, fingerprint: String? = nil, clientID: String? = nil
  ) throws(TicketError) {
    try markPending(
      all: [identity],
      fingerprints: fingerprint.map { [identity: $0] } ?? [:],
      clientIDs: clientID.map { [identity: $0] } ?? [:])
  }

  /// Marks tickets pending with one flush, before their create is sent: each with the fingerprint of
  /// what is sent, the id chosen for it and its checks.
  mutating func markPending(tickets: [Ticket]) throws(TicketError) {
    var fingerprints: [String: String] = [:]
    var clientIDs: [String: String] = [:]
    var checks: [String: Checks] = [:]
    for ticket in tickets {
      fingerprints[ticket.identity] = ticket.revision
      clientIDs[ticket.identity] = ticket.clientID
      checks[ticket.identity] = Checks(ticket)
    }
    try markPending(
      all: tickets.map(\.identity), fingerprints: fingerprints,
      clientIDs: clientIDs, checks: checks)
  }

  /// Marks a whole batch pending with one flush (before a bulk request), with the fingerprint of what
  /// is being sent (so a ticket found after an interrupted run is known to hold it), the ids chosen
  /// and the tickets' checks.
  public mutating func markPending(
    all identities: [String], fingerprints: [String: String] = [:],
    clientIDs: [String: String] = [:], checks: [String: Checks] = [:]
  ) throws(TicketError) {
    var changed: [String] = []
    for identity in identities {
      var entry = entries[identity] ?? Entry(state: .pending, attempts: 0)
      entry.state = .pending
      entry.attempts += 1
      entry.reason = nil
      if let fingerprint = fingerprints[identity] {
        entry.fingerprint = fingerprint
      }
      if let clientID = clientIDs[identity] { entry.clientID = clientID }
      if let shape = checks[identity] { entry.checks = shape }
      try record(identity, entry)
      changed.append(identity)
    }
    try append(changed)
  }

  /// Records a ticket the tracker has; the fingerprint of what it holds is the one given, else the one
  /// recorded when it was sent.
  public mutating func markFiled(
    _ identity: String, _ filed: FiledTicket, fingerprint: String? = nil,
    trackerUpdated: String? = nil, written: WrittenRecord? = nil
  )
    throws(TicketError)
  {
    let previous = entries[identity]
    var entry = Entry(
      state: .filed, key: filed.key, url: filed.url,
      attempts: previous?.attempts ?? 1)
    entry.clientID = previous?.clientID
    entry.checks = previous?.checks
    entry.fingerprint = fingerprint ?? previous?.fingerprint
    entry.trackerUpdated = trackerUpdated
    entry.keep(written)
    try save(identity, entry)
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
    try change(identity) { $0.followUpsSent = sent }
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
    try save(identity, entry)
  }

  /// Records one entry and flushes it to the journal.
  private mutating func save(_ identity: String, _ entry: Entry)
    throws(TicketError)
  {
    try record(identity, entry)
    try append([identity])
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

  private mutating func remove(_ identity: String) {
    guard entries.removeValue(forKey: identity) != nil else { return }
    lines[identity] = nil
    order.removeAll { $0 == identity }
  }

  /// Files a ticket under a new identity (`TicketMoves`).
  ///
  /// The component's document moved or was renamed, and the ticket filed for the old identity is this
  /// one. The entry keeps its key, state and fingerprint, and remembers the identity its body's marker
  /// names (`formerIdentity`).
  ///
  /// The new entry is flushed before the old one's removal: a run stopped between the two keeps both,
  /// never neither, so the ticket is not filed again. Its recorded checks are the same checks under
  /// the new component id, `component`, when given.
  public mutating func move(
    _ old: String, to new: String, component: String? = nil
  ) throws(TicketError) {
    guard var entry = entries[old], entries[new] == nil else { return }
    entry.formerIdentity = entry.formerIdentity ?? old
    if let component { entry.checks?.component = component }
    try record(new, entry)
    remove(old)
    try append([new], removed: [old])
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
    bytes += Array("\n  },".utf8)
    if let project {
      do {
        bytes +=
          Array("\n  \"project\" : ".utf8)
          + Array(try JSONEncoder().encode(project)) + Array(",".utf8)
      } catch { throw TicketError("cannot encode the ledger: \(error)") }
    }
    bytes +=
      Array("\n  \"tracker\" : ".utf8) + tracker
      + Array(",\n  \"version\" : 1\n}\n".utf8)
    return bytes
  }

  /// Changes one entry with `change` and records it (for updates and client ids).
  public mutating func change(
    _ identity: String, _ change: (inout Entry) -> Void
  ) throws(TicketError) {
    guard var entry = entries[identity] else { return }
    change(&entry)
    try save(identity, entry)
  }

  /// Records the checks of filed tickets (entries recorded before criteria kept them), with one flush.
  mutating func recordChecks(_ checks: [String: Checks]) throws(TicketError) {
    var changed: [String] = []
    for (identity, shape) in checks.sorted(by: { $0.key < $1.key }) {
      guard var entry = entries[identity] else { continue }
      entry.checks = shape
      try record(identity, entry)
      changed.append(identity)
    }
    if !changed.isEmpty { try append(changed) }
  }

  /// Appends the named entries' new states (then the removal of `removed`) to the journal and flushes it
  /// to disk.
  private mutating func append(
    _ identities: [String], removed: [String] = []
  ) throws(TicketError) {
    var bytes: [UInt8] = []
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let changes =
      identities.compactMap { identity in
        entries[identity].map { Change(id: identity, entry: $0) }
      } + removed.map { Change(id: $0, entry: nil) }
    for change in changes {
      let identity = change.id
      do {
        bytes += Array(try encoder.encode(change))
      } catch {
        throw TicketError(
          "cannot encode the ledger entry for \(identity): \(error)")
      }
      bytes.append(0x0A)
    }
    try journal.append(bytes, ledger: path)
    journalLength += changes.count
  }

  /// Writes the whole ledger to a file beside it, flushes it, renames it into place, and empties the journal.
  ///
  /// Replaying a journal over the ledger it was folded into changes nothing, so
  /// a run stopped between the two steps loses nothing.
  public mutating func compact() throws(TicketError) {
    guard journal.writable else { return }
    journal.lock.lock()
    defer { journal.lock.unlock() }
    // From the files, not from memory: another copy of this ledger in the process may have appended since.
    var merged = self
    merged.entries = [:]
    merged.lines = [:]
    merged.order = []
    if let data = FileManager.default.contents(atPath: path) {
      try merged.load(data)
    }
    _ = try merged.replayJournal()
    try merged.writeWhole()
    try journal.removeLocked()
    merged.journalLength = 0
    self = merged
  }

  private func writeWhole() throws(TicketError) {
    let temporary = path + ".tmp-\(getpid())"
    try TemporaryFiles.process.holding(temporary) { () throws(TicketError) in
      try writeWhole(through: temporary)
    }
  }

  private func writeWhole(through temporary: String) throws(TicketError) {
    do throws(TicketError) {
      let data = try fileBytes()
      let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard fd >= 0 else {
        throw TicketError(
          "cannot write the ledger beside \(path): \(SystemReason.lastError)"
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
          "cannot move the ledger into place at \(path): \(SystemReason.lastError)"
        )
      }
    } catch {
      unlink(temporary)
      throw error
    }
  }
}
