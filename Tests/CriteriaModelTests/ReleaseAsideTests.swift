import CriteriaModel
import Foundation
import Synchronization
import Testing

/// Values handed aside are freed, and not by the thread that handed them over.
@Suite("Release aside")
struct ReleaseAsideTests {
  /// Tells, when freed, which thread freed it.
  final class Tracked: Sendable {
    let freed: @Sendable (pthread_t) -> Void
    init(freed: @escaping @Sendable (pthread_t) -> Void) { self.freed = freed }
    deinit { freed(pthread_self()) }
  }

  @Test("The value is freed on another thread than the caller's")
  func freedElsewhere() {
    let freedBy = Mutex<pthread_t?>(nil)
    let done = DispatchSemaphore(value: 0)
    let caller = pthread_self()
    let value = Tracked { thread in
      freedBy.withLock { $0 = thread }
      done.signal()
    }
    ReleaseAside.drop(consume value)
    #expect(done.wait(timeout: .now() + 30) == .success, "never freed")
    let thread = freedBy.withLock { $0 }
    #expect(thread != nil)
    #expect(thread.map { pthread_equal($0, caller) == 0 } ?? false)
  }
}
