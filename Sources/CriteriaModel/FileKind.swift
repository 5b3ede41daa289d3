import Foundation

/// What is at a path, following symbolic links: only a regular file (or nothing) may ever be replaced
/// by renaming a new file over it; a device or a FIFO is written through, or refused.
public enum FileKind: Sendable, Equatable {
  case missing
  case regular
  case directory
  case fifo
  case characterDevice
  case blockDevice
  case socket
  case other

  /// The kind of the file `path` names, after following symbolic links (a dangling link is missing).
  public static func at(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    case S_IFIFO: return .fifo
    case S_IFCHR: return .characterDevice
    case S_IFBLK: return .blockDevice
    case S_IFSOCK: return .socket
    default: return .other
    }
  }

  /// The size in bytes of what `path` names (links followed), or nil when it cannot be read.
  ///
  /// One `stat`: FileManager's attributes also look up the owner's and group's names, which reads the
  /// system's user database for every file.
  public static func size(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
  }

  /// Whether `path` itself (not what it points to) is a symbolic link.
  public static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// A few words for messages: "a FIFO", "a character device".
  public var description: String {
    switch self {
    case .missing: "missing"
    case .regular: "a regular file"
    case .directory: "a folder"
    case .fifo: "a FIFO (named pipe)"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .other: "not a regular file"
    }
  }

  /// Why `path` cannot hold criteria's own state (a ledger, its journal or lock), or nil.
  ///
  /// Only a regular file or a missing path will do: reading a FIFO would block, and renaming over a
  /// device would replace it.
  public static func stateFileProblem(_ path: String, role: String) -> String? {
    let kind = at(path)
    guard kind != .missing, kind != .regular else { return nil }
    return
      "the \(role) '\(path)' is \(kind.description), not a regular file; criteria keeps its \(role) only in a regular file, so set another path"
  }
}
