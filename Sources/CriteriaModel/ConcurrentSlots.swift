import Synchronization

/// One slot per piece of work done side by side (`DispatchQueue.concurrentPerform`): each worker fills
/// its own index, and the caller reads them all, in order, once the work is done.
public final class ConcurrentSlots<Value: Sendable>: Sendable {
  private let values: Mutex<[Value?]>

  /// `count` empty slots.
  public init(count: Int) {
    values = Mutex(Array(repeating: nil, count: count))
  }

  /// Fills slot `index`.
  public func set(_ index: Int, _ value: Value) {
    values.withLock { $0[index] = value }
  }

  /// Every slot, nil where no value was set.
  public var all: [Value?] { values.withLock { $0 } }
}
