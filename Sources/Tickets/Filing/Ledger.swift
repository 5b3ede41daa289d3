import Foundation

/// Which tickets have been filed: identity → state, key and URL. Saved atomically (temporary file,
/// fsync, rename) before and after every request, so a run killed at any instant leaves a ledger that
/// says either "filed" or "pending" (a request that may or may not have reached the tracker).
public struct Ledger: Sendable {
    /// One ticket's record.
    public struct Entry: Codable, Hashable, Sendable {
        public enum State: String, Codable, Sendable { case pending, filed, failed }
        public var state: State
        public var key: String?
        public var url: String?
        public var attempts: Int
        public var reason: String?
    }

    private struct File: Codable {
        var version: Int
        var tracker: String
        var entries: [String: Entry]
    }

    public let path: String
    public let tracker: String
    public private(set) var entries: [String: Entry]

    /// Opens the ledger at `path`, or starts an empty one.
    public init(path: String, tracker: String) throws(TicketError) {
        self.path = path
        self.tracker = tracker
        guard let data = FileManager.default.contents(atPath: path) else {
            entries = [:]
            return
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.tracker == tracker else {
                throw TicketError("the ledger \(path) belongs to '\(file.tracker)', not '\(tracker)'; set a different 'ledger' option")
            }
            entries = file.entries
        } catch let error as TicketError {
            throw error
        } catch {
            throw TicketError("the ledger \(path) cannot be read (\(error)); fix it, or move it away and run again with --rebuild-ledger to rebuild it from the tracker")
        }
    }

    public subscript(identity: String) -> Entry? { entries[identity] }

    public mutating func markPending(_ identity: String) throws(TicketError) {
        var entry = entries[identity] ?? Entry(state: .pending, attempts: 0)
        entry.state = .pending
        entry.attempts += 1
        entry.reason = nil
        entries[identity] = entry
        try save()
    }

    /// Marks a whole batch pending with one save (before a bulk request).
    public mutating func markPending(all identities: [String]) throws(TicketError) {
        for identity in identities {
            var entry = entries[identity] ?? Entry(state: .pending, attempts: 0)
            entry.state = .pending
            entry.attempts += 1
            entry.reason = nil
            entries[identity] = entry
        }
        try save()
    }

    public mutating func markFiled(_ identity: String, _ filed: FiledTicket) throws(TicketError) {
        let attempts = entries[identity]?.attempts ?? 1
        entries[identity] = Entry(state: .filed, key: filed.key, url: filed.url, attempts: attempts)
        try save()
    }

    public mutating func markFailed(_ identity: String, reason: String) throws(TicketError) {
        var entry = entries[identity] ?? Entry(state: .failed, attempts: 0)
        entry.state = .failed
        entry.reason = reason
        entries[identity] = entry
        try save()
    }

    /// Writes the whole ledger to a temporary file beside it, flushes it to disk, and renames it into place.
    func save() throws(TicketError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let temporary = path + ".tmp-\(getpid())"
        do {
            let data = try encoder.encode(File(version: 1, tracker: tracker, entries: entries))
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw TicketError("cannot write the ledger beside \(path): \(String(cString: strerror(errno)))") }
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd)
            close(fd)
            guard written == data.count, synced == 0 else { throw TicketError("cannot write the ledger \(path) completely") }
            guard rename(temporary, path) == 0 else {
                throw TicketError("cannot move the ledger into place at \(path): \(String(cString: strerror(errno)))")
            }
        } catch let error as TicketError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw TicketError("cannot encode the ledger: \(error)")
        }
    }
}
