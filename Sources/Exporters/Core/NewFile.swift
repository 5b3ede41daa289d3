import Foundation

/// Writes an output's bytes to a new file, the step before it is renamed into place.
///
/// Outputs are written under a temporary name and renamed over the target, so a killed run leaves the
/// old file or the new one, never half of one. They are not flushed to the disk one by one: Foundation's
/// `Data.write` calls `fsync` for every file, which was most of the time of writing a folder of feature
/// files, and an output is made again from its sources by running again. What protects a user's own
/// files (a folder's manifest) and what records filed tickets (the ledger) are still flushed.
enum NewFile {
  /// Creates `path` (which must not exist; a link there is not followed) holding `data`; `durable`
  /// waits until the disk has it.
  static func write(
    _ data: Data, to path: String, shownAs: String, durable: Bool = false
  ) throws(ExportError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(shownAs) }
    var problem = writeAll(data, to: descriptor).map { failure(shownAs, $0) }
    if durable, problem == nil, fsync(descriptor) != 0 {
      problem = failure(shownAs)
    }
    if close(descriptor) != 0, problem == nil { problem = failure(shownAs) }
    if let problem {
      unlink(path)
      throw problem
    }
  }

  /// Writes all of `data` to an open file, again after an interrupted or partial write; the `errno` of
  /// a failure, or nil.
  static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress.map { $0 + offset },
          bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  private static func failure(_ shownAs: String, _ code: Int32 = errno)
    -> ExportError
  {
    ExportError("cannot write '\(shownAs)': \(String(cString: strerror(code)))")
  }
}
