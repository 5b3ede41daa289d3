import CriteriaModel
import Foundation

/// What a filing run did.
public struct FilingSummary: Sendable {
  public var filed: [(identity: String, ticket: FiledTicket)] = []
  public var alreadyFiled: [String] = []
  public var failed: [(identity: String, reason: String)] = []
  /// Tickets whose request may have created them, not yet confirmed: left pending in the ledger, never sent again
  /// before the tracker has been asked.
  public var unknown: [(identity: String, reason: String)] = []
  /// Filed tickets whose content changed since, left as they are (no `--update`).
  public var outdated: [String] = []
  /// Tickets of a component whose document moved or was renamed: found filed under their old identity
  /// (`TicketMoves`), recorded under the new one, not filed again; `sameContent` when what the ticket
  /// says is still true, else it was found by its checks and is out of date.
  public var moved:
    [(identity: String, key: String, from: String, sameContent: Bool)] = []
  /// Tickets filed by an earlier version under the id it made of text with decomposed accents
  /// (`StableID.decomposedForm`): recorded under today's id, not filed again.
  public var accentsComposed: [(identity: String, key: String, from: String)] =
    []
  /// Filed tickets updated in place.
  public var updated: [(identity: String, key: String)] = []
  /// Out-of-date tickets a person edited since criteria wrote them, with what they changed (what
  /// `--force` would overwrite): left alone (no `--force`).
  public var edited: [(identity: String, key: String, what: String)] = []
  /// Out-of-date tickets the tracker no longer has: never filed again.
  public var deleted: [(identity: String, key: String)] = []
  /// Out-of-date tickets whose key now names a moved or another ticket: left for a person to decide.
  public var notOurs: [(identity: String, key: String, status: String)] = []

  /// New tickets of a lineage whose earlier ticket stands (still open, or closed as not planned): not
  /// filed; that ticket, the identity it was filed as, and its status on the tracker.
  public var standing:
    [(identity: String, ticket: FiledTicket, earlier: String, status: String)] =
      []
  /// New tickets of a lineage whose earlier ticket was deleted, moved or replaced, or could not be
  /// read: not filed, and why.
  public var heldBack: [(identity: String, reason: String)] = []
  /// Tickets filed although their lineage had tickets before (every one of them done): those keys.
  public var again: [(identity: String, earlier: [String])] = []

  /// Tickets filed with a rebuilt ledger (`--rebuild-ledger`) that knew no earlier ticket of their
  /// lineage: one filed for the same check on another date is not found by this ticket's marker, so
  /// the tracker may hold an older ticket of the same failure.
  public var historyUnknown: [String] = []

  /// Failed, unknown and held back together: what makes the run exit 1.
  public var problemCount: Int { failed.count + unknown.count + heldBack.count }

  /// A few lines for people.
  public var text: String {
    var head =
      "filed \(filed.count), already filed \(alreadyFiled.count), failed \(failed.count)"
    if !unknown.isEmpty { head += ", not confirmed \(unknown.count)" }
    if !standing.isEmpty { head += ", not filed again \(standing.count)" }
    if !heldBack.isEmpty { head += ", held back \(heldBack.count)" }
    if !updated.isEmpty { head += ", updated \(updated.count)" }
    var lines = [head]
    for same in [true, false] {
      let some = moved.filter { $0.sameContent == same }
      guard !some.isEmpty else { continue }
      lines.append(
        "\(Counted.phrase(some.count, "ticket")) of a document moved or renamed since"
          + (same ? "" : " and changed") + ", found under "
          + "\(some.count == 1 ? "its" : "their") old id "
          + (same
            ? "(the same content)"
            : "(by the checks the ledger recorded: most of them are the same)")
          + " and not filed again: "
          + some.map { "\($0.key) (\($0.from) → \($0.identity))" }.joined(
            separator: ", "))
    }
    if !accentsComposed.isEmpty {
      lines.append(
        "\(Counted.phrase(accentsComposed.count, "ticket")) filed under the id an earlier criteria made of "
          + "decomposed accents, found and not filed again: "
          + accentsComposed.map { "\($0.key) (\($0.from) → \($0.identity))" }
          .joined(separator: ", "))
    }
    if !outdated.isEmpty {
      lines.append(
        "\(outdated.count) \(outdated.count == 1 ? "ticket is" : "tickets are") out of date: "
          + "what \(outdated.count == 1 ? "it says" : "they say") changed since \(outdated.count == 1 ? "it was" : "they were") "
          + "filed (the criteria, a moved document's id, or a finding's severity, notes or expected result); "
          + "run with --update (or update: true in the output's options) to update them in place"
      )
    }
    if !edited.isEmpty {
      lines.append(
        "left alone because someone edited them on the tracker since (--force overwrites): "
          + edited.map { "\($0.key) (\($0.what))" }.joined(separator: ", "))
    }
    if !deleted.isEmpty {
      lines.append(
        "deleted on the tracker, not filed again: "
          + deleted.map(\.key).joined(separator: ", "))
    }
    if !notOurs.isEmpty {
      lines.append(
        "left alone, no longer the tickets criteria filed (a person decides): "
          + notOurs.map { "\($0.key) (\($0.status))" }.joined(separator: ", "))
    }
    lines += standing.map {
      "  not filed again \($0.identity): its check's earlier ticket \($0.ticket.key) stands (\($0.status))"
    }
    lines += again.map {
      "  filed anew \($0.identity): its check's earlier "
        + ($0.earlier.count == 1
          ? "ticket \($0.earlier[0]) was"
          : "tickets \($0.earlier.joined(separator: ", ")) were")
        + " done"
    }
    if !historyUnknown.isEmpty {
      let one = historyUnknown.count == 1
      let named = historyUnknown.prefix(5).joined(separator: ", ")
      lines.append(
        "\(Counted.phrase(historyUnknown.count, "ticket")) filed with a rebuilt ledger may repeat an older "
          + "ticket of the same check: one filed for a failure on another date is not found by "
          + "--rebuild-ledger, which searches for each ticket's own marker; where such a ticket is still "
          + "open, close the newer as \(one ? "a duplicate" : "duplicates"): \(named)"
          + (historyUnknown.count > 5
            ? " and \(historyUnknown.count - 5) more" : ""))
    }
    lines += heldBack.map { "  held back \($0.identity): \($0.reason)" }
    lines += failed.map { "  failed \($0.identity): \($0.reason)" }
    lines += unknown.map { "  not confirmed \($0.identity): \($0.reason)" }
    return lines.joined(separator: "\n")
  }
}
