import Foundation

/// Why a file operation failed, in the system's own words ("No such file or directory", "Not a
/// directory", "Permission denied"), as `mkdir` or `cp` say them.
///
/// Foundation on Linux words many of these "The operation could not be completed.
/// (NSCocoaErrorDomain error 512.)"; the POSIX error it wraps says what happened.
public enum SystemReason {
  /// The POSIX reason behind `error` (its own, or the one it wraps), else its description.
  public static func text(of error: any Error) -> String {
    let ns = error as NSError
    if ns.domain == NSPOSIXErrorDomain { return posix(ns.code) }
    // On Linux the wrapped error casts to `Error`, not straight to `NSError`.
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
      let wrapped = underlying as NSError
      if wrapped.domain == NSPOSIXErrorDomain { return posix(wrapped.code) }
    }
    return error.localizedDescription
  }

  /// `errno`'s text, for a failed system call.
  public static var lastError: String { posix(Int(errno)) }

  private static func posix(_ code: Int) -> String {
    String(cString: strerror(Int32(truncatingIfNeeded: code)))
  }
}
