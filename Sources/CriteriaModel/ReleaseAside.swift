import Foundation
import Synchronization

/// Frees a large value on a thread of its own, so that the caller's answer does not wait for it.
///
/// A run's catalogs are many thousands of small allocations; freeing them one by one took about 25 ms
/// on eight copies of the corpus, after every output was written and before the command could return.
/// Handed here, they are freed beside whatever comes next, or not at all when the process ends first
/// (the system takes the memory back whole). Give the only reference (`consume`), or the caller's own
/// copy is still freed where it is dropped.
public enum ReleaseAside {
  /// Takes `value` and frees it on another thread.
  public static func drop<Value: Sendable>(_ value: consuming Value) {
    let parcel = Parcel(value)
    // Emptied on the thread, so the last reference goes there whichever of the two finishes first.
    Thread { parcel.empty() }.start()
  }

  private final class Parcel<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: consuming Value) { self.value = Mutex(value) }

    func empty() { value.withLock { $0 = nil } }
  }
}
