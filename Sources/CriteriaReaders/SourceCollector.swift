import CriteriaModel
import Foundation

/// Expands the sources a user names (files, folders, globs) into document paths, in a stable order.
public struct SourceCollector: Sendable {
    /// File endings read when a folder or glob is given (a file named explicitly is read whatever its ending).
    public static let documentExtensions: Set<String> = ["md", "markdown"]

    /// A source that named nothing readable.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// The source as the user wrote it.
        public var source: String
        /// What is wrong with it.
        public var message: String
        public var description: String { "\(source): error: \(message)" }
    }

    /// Creates a collector.
    public init() {}

    /// The documents behind `sources`, relative to `base` when not absolute; each source must yield at least one.
    public func collect(_ sources: [String], relativeTo base: String? = nil) throws(Problem) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for source in sources {
            let path = Self.resolve(source, base: base)
            let found = try expand(path, as: source)
            for file in found where seen.insert(file).inserted { result.append(file) }
        }
        return result
    }

    static func resolve(_ source: String, base: String?) -> String {
        if source.hasPrefix("/") || base == nil || base == "." || base == "" { return source }
        return (base ?? ".") + "/" + source
    }

    private func expand(_ path: String, as source: String) throws(Problem) -> [String] {
        let fm = FileManager.default
        if GlobPattern(path).hasWildcards {
            let matches = glob(path)
            if matches.isEmpty { throw Problem(source: source, message: "the pattern matches no documents") }
            return matches
        }
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Problem(source: source, message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        let files = documents(under: path)
        if files.isEmpty {
            throw Problem(source: source, message: "the folder holds no criteria documents (*.md or *.markdown)")
        }
        return files
    }

    private func documents(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            guard Self.isDocumentName(name) else { continue }
            files.append(folder.hasSuffix("/") ? folder + relative : folder + "/" + relative)
        }
        return files.sorted()
    }

    static func isDocumentName(_ name: String) -> Bool {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let upper = name.uppercased()
        return documentExtensions.contains(ext) && !upper.hasPrefix("README") && !upper.hasPrefix("CHANGELOG")
    }

    /// Matches a glob by walking from its longest literal prefix folder.
    private func glob(_ pattern: String) -> [String] {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let literal = parts.prefix { !GlobPattern(String($0)).hasWildcards }
        let root = literal.isEmpty ? "." : literal.joined(separator: "/")
        let matcher = GlobPattern(literal.isEmpty ? "./" + pattern : pattern)
        let prefix = root.isEmpty ? "/" : root
        guard let walker = FileManager.default.enumerator(atPath: prefix) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let full = prefix == "/" ? "/" + relative : prefix + "/" + relative
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            if !isDirectory.boolValue, matcher.matches(full) { files.append(full) }
        }
        return files.sorted()
    }
}
