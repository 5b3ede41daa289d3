import Foundation

/// Delivers an artifact to disk atomically: everything is written beside the target under a
/// temporary name and renamed into place only when complete, so a killed run never leaves a
/// half-written file under the final name.
public struct FileSink: Sendable {
    /// Creates a sink.
    public init() {}

    /// Writes `artifact` to `path` (a file, or a folder for folder artifacts).
    public func deliver(_ artifact: ExportArtifact, to path: String) throws(ExportError) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        try checkFolder(folder.path, for: path)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString.prefix(8))")
        do {
            switch artifact {
            case .file(let data):
                try data.write(to: temporary)
            case .writtenByLibrary(let write):
                try write(temporary.path)
            case .folder(let files):
                try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
                for file in files {
                    let url = temporary.appendingPathComponent(file.name)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try file.data.write(to: url)
                }
            }
            try replace(target, with: temporary)
        } catch let error as ExportError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ExportError("cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    private func checkFolder(_ folder: String, for path: String) throws(ExportError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExportError("cannot write '\(path)': the folder '\(folder)' does not exist; create it first")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw ExportError("cannot write '\(path)': the folder '\(folder)' is not writable")
        }
    }

    private func replace(_ target: URL, with temporary: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            // rename(2) cannot replace a non-empty folder: move the old one aside first, then remove it.
            let old = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(UUID().uuidString.prefix(8))")
            try FileManager.default.moveItem(at: target, to: old)
            try FileManager.default.moveItem(at: temporary, to: target)
            try? FileManager.default.removeItem(at: old)
        } else if rename(temporary.path, target.path) != 0 {
            throw ExportError("cannot move the finished file into place at '\(target.path)': \(String(cString: strerror(errno)))")
        }
    }
}
