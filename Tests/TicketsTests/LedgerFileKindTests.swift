import CriteriaModel
import Foundation
import Testing

@testable import Tickets

@Suite("A ledger kept only in regular files")
struct LedgerFileKindTests {
  @Test(
    "a ledger, journal or lock that is a FIFO or a link to a device is refused by name, at once, and left alone"
  )
  func notRegularRefused() throws {
    for (suffix, role) in [
      ("", "ledger"), (".journal", "ledger journal"), (".lock", "ledger lock"),
    ] {
      let ledger = scratchLedger()
      let odd = ledger + suffix
      #expect(mkfifo(odd, 0o600) == 0)
      // Opening the ledger must not block reading a FIFO that nobody writes.
      #expect(
        throws: TicketError(
          "the \(role) '\(odd)' is a FIFO (named pipe), not a regular file; criteria keeps its \(role) only in a regular file, so set another path"
        )
      ) {
        _ = try Ledger(path: ledger, tracker: "github", waitForLock: true)
      }
      #expect(FileKind.at(odd) == .fifo)
    }
    let ledger = scratchLedger()
    try FileManager.default.createSymbolicLink(
      atPath: ledger, withDestinationPath: "/dev/zero")
    #expect(
      throws: TicketError(
        "the ledger '\(ledger)' is a character device, not a regular file; criteria keeps its ledger only in a regular file, so set another path"
      )
    ) {
      _ = try Ledger(path: ledger, tracker: "github", waitForLock: true)
    }
    #expect(FileKind.at("/dev/zero") == .characterDevice)
    #expect(!FileManager.default.fileExists(atPath: "/dev/zero.lock"))
  }
}
