import Foundation

/// Passes requests on, holding the next one when an answer says none remain in the window.
///
/// Linear's `X-RateLimit-Requests-*` and GitHub's `X-RateLimit-*` say so; waiting for the reset spends no
/// request on a refusal. A reset further off than `max_wait` is left to the refusal, which stops the run
/// with what to do.
final class RateLimitAwareTransport: HTTPTransport {
  let inner: HTTPTransport
  let pacer: RequestPacer
  let maxWait: Double
  /// After this many requests in a row without an answer (stalls, connections refused or dropped),
  /// the tracker is taken as unreachable and the run stops.
  let unansweredLimit: Int
  private var unansweredInARow = 0

  init(
    inner: HTTPTransport, pacer: RequestPacer, maxWait: Double,
    unansweredLimit: Int
  ) {
    self.inner = inner
    self.pacer = pacer
    self.maxWait = maxWait
    self.unansweredLimit = max(1, unansweredLimit)
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let response: HTTPResponse
    do { response = try inner.send(request) } catch {
      guard error.retryable, !error.answered, !error.fatal else { throw error }
      unansweredInARow += 1
      guard unansweredInARow >= unansweredLimit else { throw error }
      var stopped = error
      stopped.fatal = true
      stopped.unreachable = true
      stopped.message =
        "the tracker gave no answer to \(unansweredInARow) requests in a row (the last: \(error.message)); "
        + "stopping the run. Requests that may have reached it are pending in the ledger and looked up first next time"
      throw stopped
    }
    unansweredInARow = 0
    if (200..<300).contains(response.status),
      RequestLoop.Answer.isGraphQLRateLimit(response) == false
    {
      let now = Date().timeIntervalSince1970
      if let pause = RetryPolicy.serverPause(response, now: now), pause > 0,
        pause <= maxWait
      {
        pacer.pause(until: now + pause)
      }
    }
    return response
  }
}
