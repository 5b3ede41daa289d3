import CriteriaModel
import Foundation
import TestSupport
import Testing

/// What an interrupted run removes: the files and folders held while they are written, and no other.
@Suite("Temporary files held while written")
struct TemporaryFilesTests {
  @Test(
    "removeHeld removes a held file and a held folder with what is in it, and forgets them; a released path stays"
  )
  func removal() throws {
    let dir = try Scratch.folder()
    let file = dir.appendingPathComponent(".a.csv.partial-1").path
    let folder = dir.appendingPathComponent(".b.xlsx.partial-2-parts").path
    let done = dir.appendingPathComponent("c.csv").path
    FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: false)
    FileManager.default.createFile(
      atPath: folder + "/tmp.abc", contents: Data("y".utf8))
    FileManager.default.createFile(atPath: done, contents: Data("z".utf8))
    // A set of its own: the process's is the writers' of tests running beside this one.
    let held = TemporaryFiles()
    held.hold(file)
    held.hold(folder)
    held.holding(done) {
      #expect(held.current == [file, folder, done].sorted())
    }
    #expect(held.current == [file, folder])
    #expect(held.removeHeld() == [file, folder])
    #expect(held.current.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["c.csv"]
    )
    // Held again after removal: nothing there, nothing claimed.
    held.hold(file)
    #expect(held.removeHeld().isEmpty)
  }
}
