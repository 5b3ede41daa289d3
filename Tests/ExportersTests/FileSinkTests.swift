import CriteriaModel
import Exporters
import Foundation
import Testing

@Suite("Atomic delivery")
struct FileSinkTests {
    @Test("a failing export leaves neither a partial file nor a temporary one, and keeps the old file")
    func failureLeavesNothing() throws {
        let folder = try scratchFolder()
        let target = folder.appendingPathComponent("audit.xlsx")
        try Data("old".utf8).write(to: target)
        let failing = ExportArtifact.writtenByLibrary { path throws(ExportError) in
            try? Data("half".utf8).write(to: URL(fileURLWithPath: path))
            throw ExportError("disk full")
        }
        #expect(throws: ExportError("disk full")) { try FileSink().deliver(failing, to: target.path) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["audit.xlsx"])
    }

    @Test("folders are replaced whole")
    func folders() throws {
        let folder = try scratchFolder()
        let target = folder.appendingPathComponent("features")
        try FileSink().deliver(.folder([(name: "a.feature", data: Data("a".utf8)), (name: "b.feature", data: Data("b".utf8))]), to: target.path)
        try FileSink().deliver(.folder([(name: "c.feature", data: Data("c".utf8))]), to: target.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["c.feature"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["features"])
    }

    @Test("a missing folder is a clear error, and nothing is created")
    func missingFolder() throws {
        let folder = try scratchFolder()
        let target = folder.appendingPathComponent("nope/out.csv")
        #expect(throws: ExportError("cannot write '\(target.path)': the folder '\(folder.appendingPathComponent("nope").path)' does not exist; create it first")) {
            try FileSink().deliver(.file(Data()), to: target.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
