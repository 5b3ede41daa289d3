import CriteriaModel
import Foundation
import TestSupport
import Testing

/// A file operation that fails is told in the system's words, as `mkdir` says them.
///
/// Never Foundation's "The operation could not be completed (NSCocoaErrorDomain error 512)".
@Suite("The system's words for a failed file operation")
struct SystemReasonTests {
  @Test(
    "a folder under a file, a folder over a file, a file in a missing folder, and errno"
  )
  func reasons() throws {
    let folder = try Scratch.folder("system-reason")
    let file = folder.appendingPathComponent("notes.txt")
    try Data("the user's own work".utf8).write(to: file)
    let manager = FileManager.default

    let under = #expect(throws: (any Error).self) {
      try manager.createDirectory(
        at: file.appendingPathComponent("sub"),
        withIntermediateDirectories: true)
    }
    #expect(under.map(SystemReason.text) == "Not a directory")

    let over = #expect(throws: (any Error).self) {
      try manager.createDirectory(at: file, withIntermediateDirectories: false)
    }
    #expect(over.map(SystemReason.text) == "File exists")

    let missing = #expect(throws: (any Error).self) {
      try Data("x".utf8).write(
        to: folder.appendingPathComponent("absent/x.csv"))
    }
    #expect(missing.map(SystemReason.text) == "No such file or directory")

    // A failed system call: errno's text.
    #expect(
      open(folder.appendingPathComponent("absent/y").path, O_RDONLY) == -1)
    #expect(SystemReason.lastError == "No such file or directory")

    // An error that wraps no POSIX error keeps its own description.
    struct Plain: Error, LocalizedError {
      var errorDescription: String? { "its own words" }
    }
    #expect(SystemReason.text(of: Plain()) == "its own words")
  }
}
