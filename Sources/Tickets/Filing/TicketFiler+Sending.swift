import Foundation

/// Sending the requests that change a filed ticket, each exactly once.
extension TicketFiler {
  /// Sends a request that changes a ticket (an update, a comment, a transition) once.
  ///
  /// After an answer that leaves the outcome unknown (a dropped connection, a 5xx, a 408), or when a
  /// stopped run left the request `resumed`, `done` asks the tracker before anything is sent again.
  /// Returns the accepted answer, or nil when `done` found the change already made. A refusal is an
  /// error whose outcome is known (nothing changed); attempts that all end unknown are an error whose
  /// outcome is unknown.
  @discardableResult
  func sendOnce(
    _ request: HTTPRequest, what: String, resumed: Bool,
    done: () throws(TicketError) -> Bool
  ) throws(TicketError) -> HTTPResponse? {
    var ambiguous = resumed
    var cause = "no attempt was made"
    for attempt in 1...retry.maxAttempts {
      if ambiguous {
        if try done() { return nil }
        ambiguous = false
      }
      pacer.waitForTurn()
      let answer: HTTPResponse
      do { answer = try transport.send(request) } catch {
        if error.fatal { throw TicketError(stopping: error) }
        ambiguous = !error.neverSent
        cause = error.message
        try wait(attempt: attempt, response: nil)
        continue
      }
      switch Answer(answer) {
      case .accepted:
        if let reason = tracker.refusal(in: answer) {
          throw TicketError("\(tracker.name) refused \(what): \(reason)")
        }
        return answer
      case .refusedCredentials: throw authenticationError(answer)
      case .retryLater(let mayHaveChanged):
        ambiguous = mayHaveChanged
        cause = problem(answer)
        try wait(attempt: attempt, response: answer)
      case .refused:
        throw TicketError(
          "\(tracker.name) refused \(what) (\(answer.status)): \(answer.snippet)"
        )
      }
    }
    throw TicketError(
      "\(what) is not confirmed after \(retry.maxAttempts) attempts (\(cause)); the next run asks \(tracker.name) before sending it again",
      outcomeUnknown: true)
  }
}
