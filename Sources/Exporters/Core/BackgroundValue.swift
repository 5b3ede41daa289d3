import Foundation

/// A value made on another thread while the caller goes on: `value` waits for it.
///
/// For work that needs no C library call (libxlsxwriter is used from one thread only), such as the
/// workbook's tally of results, made while the checklist's rows are written.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the worker before it signals `done`; read only after waiting on it.
  private var result: Value?

  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
    // A thread of its own, not a pool's: the caller may itself run on a pool thread (a run writes its
    // outputs side by side), and waiting there for work queued behind it could stall the pool.
    Thread {
      self.result = make()
      self.done.signal()
    }.start()
  }

  /// The value, once made (waits until then).
  var value: Value {
    done.wait()
    // Signalled again so a second read does not wait forever.
    defer { done.signal() }
    // The worker always sets it before signalling; made here only if that ever failed.
    return result ?? make()
  }
}
