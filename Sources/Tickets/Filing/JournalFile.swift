import CriteriaModel
import Foundation

/// The ledger's journal file, opened for appending on first use and shared by copies of a ledger,
/// and the lock that makes one process at a time its writer.
final class JournalFile: @unchecked Sendable {
  let path: String
  private var fd: Int32 = -1
  private var lockFD: Int32 = -1
  /// Serialises appends and compaction within the process.
  let lock = NSLock()

  nonisolated(unsafe) private static var files: [String: Weak] = [:]
  private static let registry = NSLock()
  private struct Weak { weak var file: JournalFile? }

  /// The process's journal for this ledger: shared, so that every copy of a ledger opened in one
  /// process writes through the one lock (a second lock from the same process would refuse itself).
  static func shared(path: String, lock: String, wait: Bool) throws(TicketError)
    -> JournalFile
  {
    registry.lock()
    defer { registry.unlock() }
    if let file = files[path]?.file {
      // A ledger opened read-only in this process, and now a writer: take the lock for both.
      if wait { try file.acquire(wait: true) }
      return file
    }
    let file = try JournalFile(path: path, lock: lock, wait: wait)
    files[path] = Weak(file: file)
    return file
  }
  let lockPath: String
  /// Whether this process holds the ledger's lock.
  private(set) var writable = false

  init(path: String, lock lockPath: String, wait: Bool) throws(TicketError) {
    self.path = path
    self.lockPath = lockPath
    try acquire(wait: wait)
  }

  /// Takes the ledger's lock when no other process holds it; a writer (`wait`) waits a little for a
  /// reader that holds it for a moment, then says who is in the way.
  func acquire(wait: Bool) throws(TicketError) {
    guard !writable else { return }
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
    guard descriptor >= 0 else {
      // A read-only folder: the ledger can still be read.
      if wait {
        throw TicketError(
          "cannot lock the ledger (\(lockPath)): \(SystemReason.lastError)"
        )
      }
      return
    }
    let deadline = Date().addingTimeInterval(wait ? 15 : 0)
    var locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
    while !locked, errno == EWOULDBLOCK, Date() < deadline {
      usleep(50_000)
      locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
    guard locked else {
      let busy = errno == EWOULDBLOCK
      let reason = SystemReason.lastError
      close(descriptor)
      guard !wait else {
        throw TicketError(
          busy
            ? "another criteria run is writing the ledger \(path.dropLast(".journal".count)); let it finish, then run again"
            : "cannot lock the ledger (\(lockPath)): \(reason)")
      }
      return
    }
    lockFD = descriptor
    writable = true
  }

  deinit {
    if fd >= 0 { close(fd) }
    if lockFD >= 0 { close(lockFD) }
  }

  /// Appends whole lines and flushes them; a failure names the ledger.
  func append(_ bytes: [UInt8], ledger: String) throws(TicketError) {
    lock.lock()
    defer { lock.unlock() }
    guard writable else {
      throw TicketError(
        "another criteria run is writing the ledger \(ledger); wait for it to finish"
      )
    }
    if fd < 0 {
      fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      guard fd >= 0 else {
        throw TicketError(
          "cannot write the ledger journal \(path): \(SystemReason.lastError)"
        )
      }
    }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count, fdatasync(fd) == 0 else {
      throw TicketError(
        "cannot write the ledger journal \(path) completely (ledger \(ledger))")
    }
  }

  /// Deletes the journal (after its changes are in the ledger file); the caller holds `lock`.
  func removeLocked() throws(TicketError) {
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    if unlink(path) != 0 && errno != ENOENT {
      throw TicketError(
        "cannot remove the ledger journal \(path): \(SystemReason.lastError)"
      )
    }
  }
}
