import Foundation

/// Path facts the file-safety rule needs.
public enum OutputPath {
  /// The absolute path with `.`/`..` resolved and symbolic links followed (for the part that exists).
  public static func canonical(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    // realpath(3) follows every link in one call; Foundation's equivalent stats each component again
    // (a run checks every output file against every input document).
    if let resolved = realpath(url.path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    let parent = url.deletingLastPathComponent()
    if parent.path == url.path { return url.path }
    return URL(fileURLWithPath: canonical(parent.path)).appendingPathComponent(
      url.lastPathComponent
    ).path
  }

  /// Whether `path` is `folder` itself or one of the folders above it.
  public static func isSameOrAncestor(_ path: String, of folder: String) -> Bool
  {
    let a = canonical(path)
    let b = canonical(folder)
    return a == b || a == "/" || b.hasPrefix(a.hasSuffix("/") ? a : a + "/")
  }

  /// Whether `path` (as given or resolved) lies in /dev or /proc, whose entries are written through,
  /// never renamed over.
  public static func isSpecialFileSystem(_ path: String) -> Bool {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    // /dev/shm is an ordinary (memory) file system where files are made and replaced like anywhere.
    return [absolute, canonical(path)].contains {
      ($0.hasPrefix("/dev/") && !$0.hasPrefix("/dev/shm/"))
        || $0.hasPrefix("/proc/")
    }
  }

  /// An empty path is never an output.
  public static func checkNotEmpty(_ path: String) throws(ExportError) {
    if path.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ExportError(
        "an output path is empty; name the file or folder to write")
    }
  }
}
