import CriteriaModel
import Foundation
import Options
import Testing

@testable import Tickets

/// Jira refuses a description or comment over 32,767 characters: a longer body continues in comments,
/// nothing cut, and nothing posted twice.
@Suite("Jira bodies over 32,767 characters", .serialized)
struct JiraLongBodyTests {
  /// A tester's note as long as an Excel cell takes: a screen-reader transcript, a line longer than Jira's
  /// limit, quotes, a backslash and characters outside ASCII (JSON escapes them or counts them as more
  /// than one byte).
  static let note: String = {
    var lines = (1...400).map { n in
      "\(n). VoiceOver says \"Rate, button, 3 of 5\" \\ then “Schließen” 🚫 and focus stays on <Close>."
    }
    lines.insert(String(repeating: "x", count: 12_000), at: 150)
    return lines.joined(separator: "\n")
  }()

  /// A finding on one row whose Notes hold `note`.
  static func longFinding() throws -> Ticket {
    var ticket = try #require(
      try sampleTickets(grouping: .criterion, copies: 1).first)
    ticket.finding = Finding(
      severity: "High", tester: "Sam", date: "2026-11-20", notes: note)
    return ticket
  }

  /// Every text node's text, in order.
  static func texts(_ node: ADFNode) -> [String] {
    (node.text.map { [$0] } ?? []) + (node.content ?? []).flatMap(texts)
  }

  @Test(
    "Cloud: each piece's JSON fits 32,767 bytes; the note's text is all there, in order; markers close each piece"
  )
  func cloudPieces() throws {
    let ticket = try Self.longFinding()
    let tracker = try makeTracker(
      "jira-cloud", url: "https://acme.atlassian.net")
    let pieces = ADFPieces.documents(
      for: ticket, limit: JiraLimit.characters,
      marker: { tracker.followUpMarkerText(for: ticket, index: $0) })
    #expect(pieces.count >= 2, "the note alone is over the limit")
    #expect(try tracker.followUpCount(for: ticket) == pieces.count - 1)
    // The description is filled before anything goes to a comment.
    #expect(
      try JSONBody.encode(pieces[0]).count > JiraLimit.characters * 9 / 10)
    for piece in pieces {
      #expect(try JSONBody.encode(piece).count <= JiraLimit.characters)
      #expect(piece.type == "doc" && piece.version == 1)
    }
    // The pieces' own words (where each continues, its marker) aside, and line breaks aside (a break
    // falls between pieces), the text is the note's, in order.
    let own =
      Set(
        (0..<pieces.count).map {
          tracker.followUpMarkerText(for: ticket, index: $0)
        }
      )
      .union(
        (0...pieces.count).map { TextPieces.continuation($0, of: pieces.count) }
      )
      .union([ticket.markerLine])
    let all = pieces.flatMap(Self.texts).filter { !own.contains($0) }
      .joined().filter { $0 != "\n" }
    let kept = all.contains(Self.note.filter { $0 != "\n" })
    #expect(kept, "the note's text, in order")
    #expect(Self.texts(pieces[0]).last == ticket.markerLine)
    for (index, piece) in pieces.enumerated() {
      let texts = Self.texts(piece)
      if index > 0 {
        #expect(texts.last == "(\(ticket.marker) part \(index + 1))")
      }
      let continued = TextPieces.continuation(index + 2, of: pieces.count)
      #expect(texts.contains(continued) == (index < pieces.count - 1))
    }
  }

  @Test(
    "Data Center: each piece fits 32,767 UTF-16 units, every line is kept, and a {noformat} block cut in two is closed and opened again"
  )
  func wikiPieces() throws {
    var ticket = try Self.longFinding()
    ticket.finding = nil
    // A scenario longer than the limit: its {noformat} block must be cut.
    ticket.scenarios = [
      Scenario(
        id: "s", name: "Long", test: nil,
        steps: (1...2_000).map {
          Step(keyword: .and, text: "step \($0) says “Schließen” 🚫")
        },
        source: CriteriaModel.SourceLocation(file: "long.md", line: 1))
    ]
    let body = TextBodies.wiki(ticket)
    #expect(body.utf16.count > JiraLimit.characters)
    let pieces = JiraLimit.wikiPieces(body) { "marker \($0)" }
    #expect(pieces.count >= 2)
    for piece in pieces {
      #expect(piece.utf16.count <= JiraLimit.characters)
      let fences = piece.split(separator: "\n").filter { $0 == "{noformat}" }
      #expect(fences.count % 2 == 0, "every {noformat} opened is closed")
    }
    let lines = Set(pieces.flatMap { $0.split(separator: "\n") })
    for line in body.split(separator: "\n") {
      #expect(lines.contains(line), "\(line.prefix(60))")
    }
    #expect(
      pieces[0].hasSuffix("\n" + TextBodies.wikiMarker(ticket.markerLine)))
    #expect(pieces[1].hasSuffix("\nmarker 0"))
  }

  @Test(
    "a body within the limit is one piece, as before",
    arguments: ["jira-cloud", "jira-dc"])
  func shortBody(tracker name: String) throws {
    let tracker = try makeTracker(name, url: "https://acme.atlassian.net")
    for ticket in try sampleTickets(grouping: .componentPlatform, copies: 1) {
      #expect(try tracker.followUpCount(for: ticket) == 0)
    }
  }

  @Test(
    "a long finding is filed with its comments (alone, when the rest go in bulk), each once, and the dry run shows them",
    arguments: [("jira-cloud", true), ("jira-dc", false)])
  func filed(tracker name: String, bulk: Bool) throws {
    let long = try Self.longFinding()
    let tickets =
      try sampleTickets(grouping: .componentPlatform, copies: 1) + [long]
    let server = try startFakeTracker(arguments: ["--faults", "comment-drop:2"])
    defer { server.stop() }
    let tracker = try makeTracker(
      name, url: server.url, extra: bulk ? ["bulk": .bool(true)] : [:])
    let comments = try tracker.followUpCount(for: long)
    #expect(comments >= 1)
    let summary = try filer(tracker, ledger: scratchLedger()).file(tickets)
    #expect(
      summary.filed.count == tickets.count && summary.problemCount == 0,
      "\(summary.text)")
    try FilingTests.expectExactlyOnce(server, tickets)
    try ConsistencyTests.expectCommentsOnce(server, comments)
    if bulk {
      #expect(try server.stats()["bulk_requests"] as? Int == 1)
    }

    let files = try DryRun.files(tracker: tracker, tickets: tickets)
    let parts = files.map(\.name).filter { $0.contains("-part-") }
    #expect(parts.count == comments, "\(files.map(\.name))")
    #expect(
      files.count == (bulk ? 1 + 1 + comments : tickets.count + comments),
      "\(files.map(\.name))")
  }

  @Test(
    "character_limit: where an administrator lowered Jira's limit, bodies are cut to it and filed once; without it Jira refuses them",
    arguments: ["jira-cloud", "jira-dc"])
  func lowerLimit(tracker name: String) throws {
    let long = try Self.longFinding()
    let server = try startFakeTracker(arguments: ["--jira-limit", "8000"])
    defer { server.stop() }
    let unaware = try filer(
      try makeTracker(name, url: server.url), ledger: scratchLedger()
    ).file([long])
    #expect(unaware.problemCount == 1, "\(unaware.text)")
    #expect(
      unaware.text.contains("maximum number of characters of 8,000"),
      "\(unaware.text)")

    let tracker = try makeTracker(
      name, url: server.url, extra: ["character_limit": .int(8000)])
    let comments = try tracker.followUpCount(for: long)
    #expect(
      comments
        > (try makeTracker(name, url: server.url).followUpCount(for: long)))
    let summary = try filer(tracker, ledger: scratchLedger()).file([long])
    #expect(
      summary.filed.count == 1 && summary.problemCount == 0, "\(summary.text)")
    try ConsistencyTests.expectCommentsOnce(server, comments)
  }

  @Test(
    "character_limit outside 2000 to 32767 is a config error naming the key")
  func limitRange() throws {
    for value in ["1999", "32768", "many"] {
      #expect {
        _ = try makeTracker(
          "jira-dc", url: "https://jira.example",
          extra: ["character_limit": .string(value)])
      } throws: { error in
        "\(error)".contains("character_limit")
      }
    }
  }
}
