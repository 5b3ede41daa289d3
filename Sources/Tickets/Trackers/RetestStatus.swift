import Foundation

/// Where a retest takes a ticket, by name: the option, else the tracker's usual word.
struct RetestStatus {
  var settings: TrackerSettings
  var closedDefault: String
  var reopenedDefault: String

  /// The status names the action asks for, first choice first.
  func wanted(_ action: RetestAction) -> [String] {
    action == .close
      ? settings.closedStatus ?? [closedDefault]
      : settings.reopenedStatus ?? [reopenedDefault]
  }

  /// The option that names it, for messages.
  func option(_ action: RetestAction) -> String {
    "\(settings.origin).\(action == .close ? "closed_status" : "reopened_status")"
  }

  /// One place a ticket can go: the names it answers to (first ones first), what the request sends for
  /// it, and how a message shows it.
  struct Choice {
    var names: [String]
    var value: String
    var shown: String
  }

  /// What to send for the action: for the first name asked for that any choice answers to, the choice
  /// whose first name it is, else one whose later name is; none is an error naming every choice.
  func choose(
    _ action: RetestAction, among choices: [Choice], key: String,
    tracker: String
  ) throws(TicketError) -> String {
    for wanted in wanted(action) {
      for rank in 0..<(choices.map(\.names.count).max() ?? 0) {
        if let hit = choices.first(where: {
          rank < $0.names.count
            && $0.names[rank].caseInsensitiveCompare(wanted) == .orderedSame
        }) {
          return hit.value
        }
      }
    }
    throw missing(
      action, key: key, tracker: tracker, offered: choices.map(\.shown))
  }

  /// The error for a status the tracker does not offer, naming the ones it does.
  func missing(
    _ action: RetestAction, key: String, tracker: String, offered: [String]
  ) -> TicketError {
    TicketError(
      "\(tracker) offers no way to "
        + wanted(action).map { "'\($0)'" }.joined(separator: " or ")
        + " for \(key) (it offers: "
        + (offered.isEmpty ? "nothing" : offered.joined(separator: ", "))
        + "); set \(option(action)) to one of them. Nothing was sent for it.")
  }
}
