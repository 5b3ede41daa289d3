import CriteriaModel
import Foundation
import Options
import TestSupport
import Testing

@testable import Audit
@testable import Tickets

@Suite("Ticket building blocks", .serialized)
struct TicketUnitTests {
  @Test(
    "a Date cell's days: ISO as it is; a spreadsheet's spellings read (day first after dots); both days when either can be; none for no date"
  )
  func dateSpellings() {
    let cases: [(String, [String])] = [
      ("2026-11-20", ["2026-11-20"]),
      ("2026-11-20 14:05", ["2026-11-20"]),
      ("2026/11/20", ["2026-11-20"]),
      ("11/20/2026", ["2026-11-20"]),
      ("20/11/2026", ["2026-11-20"]),
      ("20.11.2026", ["2026-11-20"]),
      ("4.3.2026", ["2026-03-04"]),
      ("11/20/26", ["2026-11-20"]),
      ("03/04/2026", ["2026-03-04", "2026-04-03"]),
      ("05/05/2026", ["2026-05-05"]),
      ("2/29/2028", ["2028-02-29"]),
      ("2/29/2026", []),
      ("31/31/2026", []),
      ("", []),
      ("last Tuesday", []),
      ("20.11.", []),
      ("1.2.3.4", []),
    ]
    for (text, days) in cases {
      #expect(AuditDate.days(text) == days, "\(text)")
    }
    #expect(AuditDate.unambiguousDay("03/04/2026") == nil)
    #expect(AuditDate.unambiguousDay("11/20/2026") == "2026-11-20")
    // The same failure respelled is no retest; a later day is; a Date that may be either is not.
    let filed = "finding/native/controls/rating/keyboard/enter@ios/2026-03-04"
    let row = "native/controls/rating/keyboard/enter@ios"
    #expect(!AuditFindings.failsAgain(row: row, date: "3/4/2026", filed: filed))
    #expect(
      !AuditFindings.failsAgain(row: row, date: "04/03/2026", filed: filed))
    #expect(!AuditFindings.failsAgain(row: row, date: "4.3.2026", filed: filed))
    // Both days a Date may mean are later: a retest; one earlier, one later: not.
    #expect(AuditFindings.failsAgain(row: row, date: "3/5/2026", filed: filed))
    #expect(!AuditFindings.failsAgain(row: row, date: "4/2/2026", filed: filed))
    #expect(AuditFindings.failsAgain(row: row, date: "3/25/2026", filed: filed))
    #expect(
      AuditFindings.failsAgain(row: row, date: "2026-03-05", filed: filed))
    #expect(
      !AuditFindings.failsAgain(row: row, date: "2026-03-01", filed: filed))
  }

  @Test(
    "a date serial is a day counted from 1900, or from 1904 in a 1904 workbook (ECMA-376 Part 1, §18.17.4.1)"
  )
  func dateSerials() {
    // §18.17.4.1: in the 1900 system serial 1 is 1900-01-01 and 60 the fictitious 1900-02-29, so 61 is
    // 1900-03-01; in the 1904 system serial 0 is 1904-01-01, 1,462 days after 1900's serial 0.
    #expect(AuditDate.text("1") == "1900-01-01")
    #expect(AuditDate.text("61") == "1900-03-01")
    #expect(AuditDate.text("1462") == "1904-01-01")
    #expect(AuditDate.text("0", date1904: true) == "1904-01-01")
    #expect(AuditDate.text("2.75", date1904: true) == "1904-01-03")
    // What openpyxl writes for 2026-11-20 in each system (its epoch setting).
    #expect(AuditDate.text("46346") == "2026-11-20")
    #expect(AuditDate.text("44884", date1904: true) == "2026-11-20")
    #expect(AuditDate.text("0") == "0")
    #expect(AuditDate.text("-1", date1904: true) == "-1")
    #expect(AuditDate.text("2026-11-20", date1904: true) == "2026-11-20")
  }

  @Test(
    "GitHub pacing: at least 1 s apart, at most 80 a minute and 500 an hour")
  func githubPacing() {
    var now = 0.0
    let pacer = RequestPacer(
      pacing: GitHubTracker.defaultPacing, clock: { now }, sleep: { now += $0 })
    var times: [Double] = []
    for _ in 0..<600 {
      pacer.waitForTurn()
      times.append(now)
    }
    for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 1 - 1e-9) }
    for (index, start) in times.enumerated() {
      #expect(times[index...].prefix { $0 < start + 60 }.count <= 80)
      #expect(times[index...].prefix { $0 < start + 3600 }.count <= 500)
    }
    #expect(times[499] < 3600 && times[500] >= 3600)
  }

  @Test(
    "GitHub pacing of reads: 600 a minute, never held by the limits on writes; a write keeps its second"
  )
  func githubReads() {
    var now = 0.0
    let pacer = RequestPacer(
      pacing: GitHubTracker.defaultPacing, clock: { now }, sleep: { now += $0 })
    // Reading back 1,000 tickets' statuses: not 500 an hour.
    var reads: [Double] = []
    for _ in 0..<1000 {
      pacer.waitForTurn(writing: false)
      reads.append(now)
    }
    #expect(reads[599] < 60 && reads[600] >= 60)
    #expect(reads[999] < 120)
    for (index, start) in reads.enumerated() {
      #expect(reads[index...].prefix { $0 < start + 60 }.count <= 600)
    }
    // Writes among reads: a second apart from each other, a read between them does not wait for it.
    pacer.waitForTurn(writing: true)
    let write = now
    pacer.waitForTurn(writing: false)
    #expect(now - write < 1)
    pacer.waitForTurn(writing: true)
    #expect(now - write >= 1 - 1e-9)
  }

  @Test(
    "Jira's written description: a person's formatting or words count, the ids Jira adds to stored nodes do not"
  )
  func jiraWrittenDescription() throws {
    func answer(_ description: Any) throws -> HTTPResponse {
      HTTPResponse(
        status: 200, headers: [:],
        body: try JSONSerialization.data(withJSONObject: [
          "fields": [
            "summary": "Rating", "labels": ["accessibility"],
            "description": description,
          ]
        ]))
    }
    func paragraph(_ text: [String: Any]) -> [String: Any] {
      [
        "type": "doc", "version": 1,
        "content": [["type": "paragraph", "content": [text]]],
      ]
    }
    let tracker = try makeTracker(
      "jira-cloud", url: "https://acme.atlassian.net")
    let sent = try #require(
      tracker.writtenFields(
        in: answer(paragraph(["type": "text", "text": "Name is read"]))))
    let stored = try #require(
      tracker.writtenFields(
        in: answer([
          "type": "doc", "version": 1,
          "content": [
            [
              "type": "paragraph", "attrs": ["localId": "a1b2"],
              "content": [["type": "text", "text": "Name is read"]],
            ]
          ],
        ])))
    #expect(stored.digest == sent.digest)
    let bold = try #require(
      tracker.writtenFields(
        in: answer(
          paragraph([
            "type": "text", "text": "Name is read",
            "marks": [["type": "strong"]],
          ]))))
    #expect(bold.digest != sent.digest)
    let reworded = try #require(
      tracker.writtenFields(
        in: answer(paragraph(["type": "text", "text": "Name is said"]))))
    #expect(reworded.digest != sent.digest)
  }

  @Test("an output's rate holds every request, reads and writes alike")
  func rateOverReadsAndWrites() throws {
    let settings = try TrackerSettings(
      tracker: "github",
      options: ExportOptions([
        "url": .string("https://api.github.com"), "rate": .string("2"),
      ]),
      defaultPacing: GitHubTracker.defaultPacing)
    var now = 0.0
    let pacer = RequestPacer(
      pacing: settings.pacing, clock: { now }, sleep: { now += $0 })
    var times: [Double] = []
    for index in 0..<40 {
      pacer.waitForTurn(writing: index % 2 == 0)
      times.append(now)
    }
    for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 0.5) }
  }

  @Test(
    "server pauses: Retry-After in seconds or as a date, GitHub's reset when nothing remains"
  )
  func serverPauses() {
    let now = 1_700_000_000.0
    #expect(
      RetryPolicy.serverPause(
        HTTPResponse(status: 429, headers: ["retry-after": "7"], body: Data()),
        now: now) == 7)
    let date = HTTPResponse(
      status: 503, headers: ["retry-after": "Tue, 14 Nov 2023 22:13:40 GMT"],
      body: Data())
    #expect(RetryPolicy.serverPause(date, now: now) == 20)
    let reset = HTTPResponse(
      status: 403,
      headers: [
        "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000042",
      ], body: Data())
    #expect(RetryPolicy.serverPause(reset, now: now) == 42)
    #expect(
      RetryPolicy.serverPause(
        HTTPResponse(status: 500, headers: [:], body: Data()), now: now) == nil)
    let policy = RetryPolicy(maxAttempts: 5, base: 1, cap: 8)
    for attempt in 1...6 {
      let wait = policy.backoff(attempt: attempt)
      #expect(
        wait <= min(8, pow(2, Double(attempt - 1)))
          && wait >= min(8, pow(2, Double(attempt - 1))) / 2)
    }
  }

  @Test(
    "a 403 is a rate limit when GitHub says so (headers or its message); any other 403 refuses the credentials"
  )
  func forbiddenOrRateLimited() {
    func answer(_ headers: [String: String], _ message: String)
      -> RequestLoop.Answer
    {
      RequestLoop.Answer(
        HTTPResponse(
          status: 403, headers: headers,
          body: Data(#"{"message": "\#(message)"}"#.utf8)))
    }
    let notCreated = RequestLoop.Answer.retryLater(mayHaveCreated: false)
    // GitHub's documented secondary limit: 403 (or 429) and its message, Retry-After only sometimes.
    #expect(
      answer(
        ["x-ratelimit-remaining": "4990"],
        "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
      )
        == notCreated)
    #expect(
      answer(
        [:],
        "You have triggered an abuse detection mechanism. Please wait a few minutes."
      )
        == notCreated)
    #expect(
      answer(["x-ratelimit-remaining": "0"], "API rate limit exceeded")
        == notCreated)
    #expect(answer(["retry-after": "60"], "") == notCreated)
    #expect(
      answer([:], "Resource not accessible by personal access token")
        == .refusedCredentials)
    #expect(answer([:], "Bad credentials") == .refusedCredentials)

    // With no time named, a rate limit waits 60 backoffs (a minute by default), doubling, up to max_wait.
    let policy = RetryPolicy(maxAttempts: 6, base: 1)
    #expect(
      (1...5).map { policy.rateLimitPause(attempt: $0, maxWait: 300) }
        == [60, 120, 240, 300, 300])
    #expect(policy.rateLimitPause(attempt: 1, maxWait: 10) == 10)
    let short = RetryPolicy(maxAttempts: 6, base: 0.01).rateLimitPause(
      attempt: 2, maxWait: 300)
    #expect(abs(short - 1.2) < 1e-9)
  }

  @Test(
    "Jira's next key after the newest indexed issue: numbered within the project, or nil when it cannot be told"
  )
  func jiraKeyAfter() throws {
    func tracker(project: String) throws -> any LaggingSearch {
      let made = try makeTracker(
        "jira-dc", url: "http://127.0.0.1:9",
        extra: ["project": .string(project)])
      return try #require(made.laggingSearch)
    }
    let byKey = try tracker(project: "A11Y")
    #expect(byKey.keyAfter(.key("A11Y-41")) == "A11Y-42")
    #expect(byKey.keyAfter(.key("MY-TEAM-9")) == "MY-TEAM-10")
    #expect(byKey.keyAfter(.none) == "A11Y-1")
    #expect(byKey.keyAfter(.key("A11Y-x")) == nil)
    #expect(byKey.keyAfter(.key("A11Y-\(Int.max)")) == nil)
    #expect(try tracker(project: "10001").keyAfter(.none) == nil)
    let newest = byKey.newestIndexed(
      in: HTTPResponse(
        status: 200, headers: [:],
        body: Data(#"{"issues": [{"key": "A11Y-7"}]}"#.utf8)))
    #expect(newest == .key("A11Y-7"))
    let empty = byKey.newestIndexed(
      in: HTTPResponse(
        status: 200, headers: [:], body: Data(#"{"issues": []}"#.utf8)))
    #expect(empty == NewestIndexed.none)
    let page = byKey.newestIndexed(
      in: HTTPResponse(status: 200, headers: [:], body: Data("<html>".utf8)))
    #expect(page == nil)
    #expect(
      try makeTracker("github", url: "http://127.0.0.1:9").laggingSearch == nil)
  }

  @Test("secrets never reach the verbose log")
  func redaction() {
    let request = HTTPRequest(
      method: "POST",
      url: "https://r.example/issues.json?key=abc123&project_id=x",
      headers: [
        ("Authorization", "Bearer s3cret"), ("PRIVATE-TOKEN", "glpat-s3cret"),
        ("X-Redmine-API-Key", "s3cret"), ("Accept", "application/json"),
      ])
    let log = Redactor(secrets: ["s3cret", "glpat-s3cret"]).describe(request)
    #expect(!log.contains("s3cret") && !log.contains("abc123"))
    #expect(log.contains("> Authorization: [redacted]"))
    #expect(log.contains("key=[redacted]&project_id=x"))
    #expect(log.contains("> Accept: application/json"))
  }

  @Test(
    "every Jira Cloud description from the corpus validates against Atlassian's ADF schema",
    .enabled(if: SharedData.available, Comment(rawValue: SharedData.missing)))
  func adfSchema() throws {
    let tracker = try makeTracker(
      "jira-cloud", url: "https://acme.atlassian.net")
    var tickets = try corpusTickets(
      ["controls/sheet", "controls/carousel", "patterns/focus"],
      grouping: .componentPlatform)
    // A component with a check that expects N/A: its body lists it apart, as a bullet list.
    tickets += try sampleTickets(grouping: .componentPlatform, copies: 1)
      .filter { $0.checklist.contains(where: \.notApplicable) }
    tickets[0].finding = Finding(
      severity: "High", tester: "", date: "2026-11-22", notes: "Focus is lost",
      steps: ["On iOS, open a screen with the Sheet.", "Keyboard: Tab."])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    for (name, data) in try DryRun.files(tracker: tracker, tickets: tickets) {
      try data.write(to: folder.appendingPathComponent(name))
    }
    let script = """
      import json, sys, glob, jsonschema
      schema = json.load(open(sys.argv[1]))
      files = sorted(glob.glob(sys.argv[2] + '/*.json'))
      for f in files:
          jsonschema.validate(json.load(open(f))['fields']['description'], schema)
      print(len(files))
      """
    let checked = try ProcessRunner.run(
      "python3", ["-c", script, TicketPaths.adfSchema.path, folder.path],
      timeout: 120)
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(
      checked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        == String(tickets.count))
    let content = try #require(ADFBody.document(for: tickets[0]).content)
    #expect(content.contains { $0.type == "taskList" })
    #expect(content.contains { $0.type == "codeBlock" })
    #expect(content.contains { $0.type == "orderedList" })
  }

  @Test(
    "a check that expects N/A is no task in any body: it is listed apart, with no box to tick"
  )
  func notApplicableChecks() throws {
    let tickets = try sampleTickets(grouping: .componentPlatform, copies: 1)
    let ticket = try #require(tickets.first { $0.title.contains("Banner") })
    let item = try #require(ticket.checklist.first { $0.notApplicable })
    #expect(item.label == "Screen reader: State" && item.expectation == "n/a")
    let tasks = ticket.checklist.filter { !$0.notApplicable }.count
    let markdown = TextBodies.markdown(ticket)
    #expect(!markdown.contains("[ ] **Screen reader: State**"), "\(markdown)")
    #expect(
      markdown.contains(
        "## Not applicable (nothing to check)\n\n- **Screen reader: State** — n/a\n"
      ),
      "\(markdown)")
    #expect(markdown.components(separatedBy: "- [ ] ").count - 1 == tasks)
    let wiki = TextBodies.wiki(ticket)
    #expect(wiki.contains("* *Screen reader: State* — n/a"), "\(wiki)")
    #expect(wiki.components(separatedBy: "* (x) ").count - 1 == tasks)
    let html = TextBodies.html(ticket)
    #expect(html.contains("<li><b>Screen reader: State</b> — n/a</li>"))
    #expect(html.components(separatedBy: "&#9744;").count - 1 == tasks)
    let redmine = TextBodies.redmine(ticket)
    #expect(redmine.contains("* Screen reader: State — n/a"), "\(redmine)")
    #expect(redmine.components(separatedBy: "* [ ] ").count - 1 == tasks)
    let content = try #require(ADFBody.document(for: ticket).content)
    let taskList = try #require(content.first { $0.type == "taskList" })
    #expect(taskList.content?.count == tasks)
    let index = try #require(
      content.firstIndex {
        $0.type == "heading"
          && $0.content?.first?.text == ChecklistItem.notApplicableTitle
      })
    #expect(content[index + 1].type == "bulletList")
  }

  @Test(
    "labels have no spaces; GitLab gets one comma-separated string; Azure gets '; '-separated tags"
  )
  func labelShapes() throws {
    var ticket = try sampleTickets(grouping: .componentPlatform, copies: 1)[0]
    ticket.labels.append(Label.clean("Screen Reader, iOS"))
    #expect(ticket.labels.allSatisfy { !$0.contains(" ") && !$0.contains(",") })
    let gitlab =
      try JSONSerialization.jsonObject(
        with: try makeTracker("gitlab", url: "https://gl.example").payload(
          for: ticket)) as? [String: Any]
    #expect(
      (gitlab?["labels"] as? String)?.split(separator: ",").count == ticket
        .labels.count + 1)
    let azure =
      try JSONSerialization.jsonObject(
        with: try makeTracker("azure-devops", url: "https://dev.azure.com/acme")
          .payload(for: ticket)) as? [[String: Any]]
    let tags =
      azure?.first { $0["path"] as? String == "/fields/System.Tags" }?["value"]
      as? String
    #expect(tags?.contains("; ") == true)
  }

  @Test("the shipped definitions are the files in exporters/")
  func shippedDefinitions() throws {
    for file in ShippedDefinitions.files {
      let onDisk = try String(
        contentsOf: TicketPaths.packageRoot.appendingPathComponent(file.name),
        encoding: .utf8)
      #expect(onDisk == file.text, "\(file.name)")
    }
  }

  @Test(
    "a text search takes the result holding the marker whole, not a longer marker that starts with it"
  )
  func searchMarkerWhole() throws {
    let tracker = try makeTracker("redmine", url: "http://redmine.test")
    let ticket = Ticket(
      identity: "finding/app/controls/rating/keyboard/tab@ios", title: "t",
      summary: "", checklist: [], labels: [],
      componentID: "app/controls/rating",
      platform: .iOS)
    func found(_ issues: [[String: Any]]) throws -> String? {
      let body = try JSONSerialization.data(withJSONObject: ["issues": issues])
      return tracker.found(
        in: HTTPResponse(status: 200, headers: [:], body: body), ticket: ticket
      )?.key
    }
    let dated: [String: Any] = [
      "id": 9,
      "description": "Fails.\n\n\(ticket.marker)/2026-11-02 criteria:rev=ab12",
    ]
    let own: [String: Any] = [
      "id": 7, "description": "Fails.\n\n\(ticket.marker) criteria:rev=cd34",
    ]
    #expect(try found([dated, own]) == "7")
    #expect(try found([dated]) == nil, "only a longer marker: not filed yet")
    #expect(try found([["id": 5, "description": "x \(ticket.marker)"]]) == "5")
    #expect(try found([]) == nil)
    // A result whose text cannot be read: the first result stands, as it did, so nothing is filed twice.
    #expect(try found([["id": 9], own]) == "9")
    #expect(
      ticket.holdsMarker("(\(ticket.marker))"))
    #expect(
      !ticket.holdsMarker("\(ticket.marker)-2"))
    #expect(
      DefinedTracker.path("issues.0.id", element: 3) == "issues.3.id")
    #expect(
      DefinedTracker.path("0.iid", element: 2, resultOnly: true) == "2")
    let error = #expect(throws: TicketError.self) {
      try TrackerDefinition(
        yaml: """
          name: x
          create: {url: "{{url}}/x", body: "{}"}
          auth: {}
          created: {key: id}
          search:
            url: "{{url}}/s?q={{marker}}"
            key: id
            marker_in: description
          """, file: "x.yml")
    }
    #expect(
      error?.message.hasPrefix("x.yml:7: search.key: with marker_in") == true,
      "\(error?.message ?? "")")
  }

  @Test("a malformed exporter definition is reported with file:line")
  func badDefinitions() {
    #expect(
      throws: TicketError(
        "x.yml:3: create.metod: unknown key 'metod'. Did you mean 'method'? Known keys here: method, url, content_type, body."
      )
    ) {
      try TrackerDefinition(
        yaml: "name: x\ncreate:\n  metod: POST\n", file: "x.yml")
    }
    #expect(
      throws: TicketError(
        "x.yml:3: not valid YAML: while scanning a simple key could not find expected ':'"
      )
    ) {
      try TrackerDefinition(yaml: "name: x\nbroken\nauth: {}\n", file: "x.yml")
    }
    let error = #expect(throws: TicketError.self) {
      try TrackerDefinition(
        yaml:
          "name: x\ncreate:\n  url: '{{url}}/x'\n  body: |\n    {\"a\": \"{{#title}}\"}\nauth: {}\ncreated: {key: id}\n",
        file: "x.yml")
    }
    #expect(error?.message.hasPrefix("x.yml:") == true)
    #expect(
      error?.message.contains("body: template syntax error") == true,
      "\(error?.message ?? "")")
  }

  @Test(
    "closed_status as a list: the first status a ticket's transitions lead to is taken, in the order given; none names them all"
  )
  func closedStatusPreference() throws {
    let transitions: [String: Any] = [
      "transitions": [
        ["id": "11", "name": "Resolve", "to": ["name": "Resolved"]],
        ["id": "21", "name": "Close", "to": ["name": "Closed"]],
      ]
    ]
    let choices = HTTPResponse(
      status: 200, headers: [:],
      body: try JSONSerialization.data(withJSONObject: transitions))
    func chosen(_ names: [String]) throws -> String {
      let tracker = try makeTracker(
        "jira-dc", url: "http://127.0.0.1:9",
        extra: ["closed_status": .list(names)])
      let request = try tracker.transitionRequest(
        .close, filed: FiledTicket(key: "A11Y-1", url: ""), choices: choices,
        credentials: Credentials(token: "t"))
      let body = JSONBody.parsed(request?.body)
      return JSONBody.string(JSONBody.value(at: "transition.id", in: body))
        ?? ""
    }
    #expect(try chosen(["Closed", "Resolved"]) == "21")
    #expect(try chosen(["Resolved", "Closed"]) == "11")
    #expect(try chosen(["Shipped", "Closed"]) == "21")
    let error = #expect(throws: TicketError.self) {
      try chosen(["Shipped", "Released"])
    }
    #expect(
      error?.message.contains(
        "offers no way to 'Shipped' or 'Released' for A11Y-1 (it offers: Resolve → Resolved, Close → Closed)"
      ) == true, "\(error?.message ?? "")")
  }

  @Test(
    "a definition's update.fields: read from the update body and from GitLab's answer alike, labels a list or one string"
  )
  func definedWrittenFields() throws {
    let ticket = try #require(try FilingTests.tickets().first)
    let tracker = try makeTracker("gitlab", url: "http://127.0.0.1:9")
    let written = try #require(try tracker.writtenFields(for: ticket))
    #expect(written.title == ticket.title)
    #expect(written.description.contains(ticket.marker))
    #expect(written.labels?.contains(ticket.markerLabel) == true)
    // GitLab answers labels as a list (in its own order), the description as stored.
    func answer(_ labels: [Any], title: String? = nil) throws -> HTTPResponse {
      let issue: [String: Any] = [
        "iid": 7, "state": "opened", "title": title ?? written.title,
        "description": written.description + "\r\n", "labels": labels,
      ]
      return HTTPResponse(
        status: 200, headers: [:],
        body: try JSONSerialization.data(withJSONObject: issue))
    }
    let labels = try #require(written.labels)
    let same = try #require(
      tracker.writtenFields(in: try answer(labels.reversed())))
    #expect(same.digest == written.digest)
    // Label objects with names (GitLab's with_labels_details) read as their names.
    let detailed = try #require(
      tracker.writtenFields(
        in: try answer(labels.map { ["name": $0, "color": "#fff"] })))
    #expect(detailed.digest == written.digest)
    let relabelled = try #require(
      tracker.writtenFields(in: try answer(labels + ["triaged"])))
    #expect(relabelled.digest != written.digest)
    let retitled = try #require(
      tracker.writtenFields(in: try answer(labels, title: "Another title")))
    #expect(retitled.digest != written.digest)

    let definition = """
      name: x
      create: {url: "{{url}}/x", body: "{}"}
      auth: {}
      created: {key: id}
      update:
        url: "{{url}}/x/{{key}}"
        content_type: application/x-www-form-urlencoded
        body: "title={{title}}"
        fields: {title: title, description: description}

      """
    #expect(
      throws: TicketError(
        "x.yml:9: update.fields: needs a JSON body (content_type is 'application/x-www-form-urlencoded')"
      )
    ) { try TrackerDefinition(yaml: definition, file: "x.yml") }
    let noDescription = definition.replacingOccurrences(
      of: "  content_type: application/x-www-form-urlencoded\n", with: ""
    ).replacingOccurrences(of: ", description: description", with: "")
    let error = #expect(throws: TicketError.self) {
      try TrackerDefinition(yaml: noDescription, file: "x.yml")
    }
    #expect(
      error?.message.contains("update.fields.description") == true,
      "\(error?.message ?? "")")
  }

  @Test(
    "the ledger file: entries in identity order, any identity text, read back as written"
  )
  func ledgerFile() throws {
    let path = scratchLedger()
    var ledger = try Ledger(path: path, tracker: "redmine")
    let identities = [
      "native/controls/sheet@ios", "finding/a \"quoted\" id/2026-11-20",
      "web/component/ménu@web", "a",
    ]
    for identity in identities { try ledger.markPending(identity) }
    try ledger.markFiled(
      identities[0], FiledTicket(key: "12", url: "https://r.example/issues/12"))
    try ledger.markFailed(identities[1], reason: "Project cannot be blank")
    try ledger.markPending(all: [identities[2], "z"])
    let reopened = try Ledger(path: path, tracker: "redmine")
    #expect(reopened.entries == ledger.entries && reopened.entries.count == 5)
    #expect(
      reopened[identities[0]]?.key == "12"
        && reopened[identities[1]]?.state == .failed)
    #expect(reopened[identities[2]]?.attempts == 2)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let positions = try reopened.entries.keys.sorted().compactMap {
      text.range(of: String(decoding: try encoder.encode($0), as: UTF8.self))?
        .lowerBound
    }
    #expect(positions.count == 5 && positions == positions.sorted())
    #expect(throws: TicketError.self) {
      try Ledger(path: path, tracker: "github")
    }
  }

  @Test(
    "a moved ticket: the new identity is journalled before the old one's removal; a torn removal keeps both, never neither"
  )
  func ledgerMove() throws {
    let path = scratchLedger()
    var ledger = try Ledger(path: path, tracker: "github", project: "acme/app")
    try ledger.markPending("old@ios", fingerprint: "f1")
    try ledger.markFiled("old@ios", FiledTicket(key: "#1", url: "u1"))
    try ledger.compact()
    try ledger.move("old@ios", to: "new@ios")
    #expect(ledger["old@ios"] == nil)
    #expect(
      ledger["new@ios"]?.key == "#1" && ledger["new@ios"]?.fingerprint == "f1"
        && ledger["new@ios"]?.state == .filed
        && ledger["new@ios"]?.formerIdentity == "old@ios")
    let lines = try String(contentsOfFile: ledger.journalPath, encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains("\"id\":\"new@ios\"") == true, "\(lines)")
    #expect(
      lines.last.map {
        $0.contains("\"id\":\"old@ios\"") && !$0.contains("entry")
      }
        == true, "\(lines)")
    // Replayed on open (as after a run killed before compacting): only the new one.
    let replayed = try Ledger(path: path, tracker: "github")
    #expect(replayed.entries.keys.sorted() == ["new@ios"])
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).contains(
        "\"old@ios\" :")
        == false)

    // Killed while writing the removal: the torn line is left out, and both entries stay.
    try Data(
      ("{\"entry\":{\"attempts\":1,\"formerIdentity\":\"new@ios\",\"key\":\"#1\",\"state\":\"filed\"},"
        + "\"id\":\"third@ios\"}\n{\"id\":\"new@").utf8
    ).write(to: URL(fileURLWithPath: replayed.journalPath))
    let torn = try Ledger(path: path, tracker: "github")
    #expect(torn.entries.keys.sorted() == ["new@ios", "third@ios"])
    // Moving onto an identity the ledger has changes nothing.
    var again = torn
    try again.move("new@ios", to: "third@ios")
    #expect(again.entries.keys.sorted() == ["new@ios", "third@ios"])
  }

  @Test(
    "the journal: each change is one appended line; a torn last line is left out, a damaged one before it is an error"
  )
  func ledgerJournal() throws {
    let path = scratchLedger()
    var ledger = try Ledger(path: path, tracker: "redmine", project: "a11y")
    try ledger.markPending("a", fingerprint: "f1")
    try ledger.markFiled("a", FiledTicket(key: "1", url: "u1"))
    try ledger.markPending(all: ["b", "c"])
    // Three appends, four lines, nothing written to the ledger file itself yet.
    let journal = try String(
      contentsOfFile: ledger.journalPath, encoding: .utf8)
    #expect(journal.split(separator: "\n").count == 4)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(
      ledger["a"]?.fingerprint == "f1",
      "the fingerprint sent is kept when the ticket is found filed")

    // A run killed in the middle of an append leaves a line without its newline: that change's
    // request was never sent, so it is left out; the rest is folded into the ledger file on open.
    let handle = try FileHandle(
      forWritingTo: URL(fileURLWithPath: ledger.journalPath))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"id\":\"d\",\"entry\":{\"sta".utf8))
    try handle.close()
    let reopened = try Ledger(path: path, tracker: "redmine", project: "a11y")
    #expect(reopened.entries.keys.sorted() == ["a", "b", "c"])
    #expect(reopened["a"]?.state == .filed && reopened["b"]?.state == .pending)
    #expect(
      !FileManager.default.fileExists(atPath: ledger.journalPath),
      "folded in and removed")
    #expect(try Ledger(path: path, tracker: "redmine").project == "a11y")

    // Another project's ledger is refused by name.
    #expect(throws: TicketError.self) {
      try Ledger(path: path, tracker: "redmine", project: "other")
    }

    // A damaged line followed by good ones is not a torn write: refuse, with the journal's file and line.
    try Data(
      "{\"id\":\"e\",\"entry\":{\"attempts\":1,\"state\":\"pending\"}}\nnot json\n{\"id\":\"f\",\"entry\":{\"attempts\":1,\"state\":\"pending\"}}\n"
        .utf8
    )
    .write(to: URL(fileURLWithPath: ledger.journalPath))
    do {
      _ = try Ledger(path: path, tracker: "redmine")
      Issue.record("a damaged journal was accepted")
    } catch {
      #expect(
        error.message.hasPrefix(
          "\(ledger.journalPath):2: a damaged ledger journal line"),
        "\(error.message)")
    }
  }

  @Test(
    "one writer at a time: while another process holds the ledger, it opens read-only; a writer waits its turn"
  )
  func ledgerLock() throws {
    let path = scratchLedger()
    do {
      var ledger = try Ledger(path: path, tracker: "redmine")
      try ledger.markPending("a")
      try ledger.markFiled("a", FiledTicket(key: "1", url: ""))
      try ledger.compact()
    }
    // Another process (as a running `criteria run` would) holds the lock for a second and a half.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(1.5)",
      path + ".lock",
    ]
    let out = Pipe()
    holder.standardOutput = out
    try holder.run()
    _ = out.fileHandleForReading.availableData
    var reader = try Ledger(path: path, tracker: "redmine")
    #expect(!reader.isWritable)
    #expect(reader["a"]?.key == "1", "a read-only ledger still reads")
    #expect(throws: TicketError.self) { try reader.markPending("b") }
    let started = Date()
    var writer = try Ledger(
      path: path + "", tracker: "redmine", waitForLock: true)
    #expect(
      Date().timeIntervalSince(started) > 0.5,
      "the writer waited for the other process")
    holder.waitUntilExit()
    #expect(writer.isWritable)
    try writer.markPending("b")
  }

  @Test(
    "rate and backoff must be positive numbers; rate paces requests just under the limit"
  )
  func numberOptions() throws {
    #expect(
      throws: ExportError(
        "--option.rate: 'fast' is not a number from 0.01 to 1000")
    ) {
      try TrackerSettings(
        tracker: "gitlab",
        options: ExportOptions([
          "url": .string("https://g"), "project": .string("p"),
          "rate": .string("fast"),
        ]),
        defaultURL: nil, defaultPacing: Pacing(), defaultTokenEnv: "T")
    }
    #expect(
      throws: ExportError(
        "--option.backoff: '0' is not a number from 0.001 to 60")
    ) {
      try TrackerSettings(
        tracker: "gitlab",
        options: ExportOptions([
          "url": .string("https://g"), "project": .string("p"),
          "backoff": .int(0),
        ]),
        defaultURL: nil, defaultPacing: Pacing(), defaultTokenEnv: "T")
    }
    let tracker = try makeTracker(
      "gitlab", url: "https://g", extra: ["rate": .int(20)])
    #expect(abs(tracker.pacing.minimumInterval - 0.051) < 1e-9)
  }

  @Test("a missing token variable is named, and its value never printed")
  func missingCredentials() throws {
    let tracker = try makeTracker("gitlab", url: "https://gl.example")
    let error = #expect(throws: TicketError.self) {
      try Credentials.fromEnvironment(tracker.settings, environment: [:])
    }
    #expect(
      error?.message
        == "the environment variable GITLAB_TOKEN is not set; export it with the gitlab token (--option.token_env)"
    )
    // The tracker output is not set up: the config's status, 78, and nothing is sent.
    #expect(error?.status == .config && error?.stopsRun == true)
  }

  @Test(
    "audit cells: A1 references both ways, and spreadsheet date serials as dates"
  )
  func auditCells() {
    for column in [0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383] {
      #expect(
        CellReference.column(CellReference.letters(column) + "7") == column)
    }
    #expect(
      CellReference.letters(0) == "A" && CellReference.letters(26) == "AA"
        && CellReference.letters(16_383) == "XFD")
    #expect(
      CellReference.column("L12") == 11 && CellReference.column("12") == nil)
    #expect(AuditFindings.date("46346") == "2026-11-20")
    #expect(AuditFindings.date("61") == "1900-03-01")
    #expect(AuditFindings.date("46346.75") == "2026-11-20")
    #expect(
      AuditFindings.date("20 Nov") == "20 Nov" && AuditFindings.date("") == "")
  }

  @Test(
    "a finding ticket: identity from the row id and date, Bug type, the tester's facts in every body format"
  )
  func findingTicket() throws {
    let sheet = AuditSheet(
      path: "a.csv", sheetName: nil,
      header: [
        "ID", "Component", "Platform", "Test", "Check", "Expected result",
        "Result", "Severity", "Tester", "Date", "Notes", "Ticket",
      ],
      headerRow: 1,
      rows: [
        .init(
          number: 2,
          cells: [
            "native/controls/sheet/keyboard/tab@ios", "Sheet", "iOS",
            "Keyboard", "Tab", "Focus moves", "FAIL", "High", "Ana",
            "2026-11-20", "Focus is lost <b>", "",
          ]),
        .init(
          number: 3,
          cells: [
            "native/controls/sheet/keyboard/esc@ios", "Sheet", "iOS",
            "Keyboard", "Esc", "Closes", "Pass", "", "", "", "", "",
          ]),
        .init(
          number: 4,
          cells: [
            "native/controls/sheet/keyboard/esc@android", "Sheet", "Android",
            "Keyboard", "Esc", "Closes", "Fail", "", "", "", "", "A11Y-9",
          ]),
      ],
      source: .csv(
        records: [], delimiter: 44, lineEnding: [13, 10], byteOrderMark: false))
    let result = try AuditFindings().findings(in: sheet)
    #expect(
      result.items.map(\.row) == [2]
        && result.alreadyTicketed.map(\.ticket) == ["A11Y-9"])
    let ticket = result.items[0].ticket
    #expect(
      ticket.identity
        == "finding/native/controls/sheet/keyboard/tab@ios/2026-11-20")
    #expect(
      ticket.lineage == "finding/native/controls/sheet/keyboard/tab@ios",
      "the row's findings on every date are one lineage")
    #expect(
      ticket.componentID == "native/controls/sheet" && ticket.platform == .iOS)
    #expect(
      ticket.labels == [
        "accessibility", "audit-finding", "ios", "severity-high",
      ])
    let jira = try makeTracker("jira-dc", url: "https://jira.example")
    let payload =
      try JSONSerialization.jsonObject(with: try jira.payload(for: ticket))
      as? [String: Any]
    let fields = payload?["fields"] as? [String: Any]
    #expect((fields?["issuetype"] as? [String: String])?["name"] == "Bug")
    let wiki = fields?["description"] as? String ?? ""
    for fact in [
      "Result:* FAIL", "Severity:* High", "Tester:* Ana", "Date:* 2026-11-20",
      "Notes:* Focus is lost",
    ] { #expect(wiki.contains(fact), "\(wiki)") }
    let github = try makeTracker("github", url: "https://api.github.com")
    let body =
      (try JSONSerialization.jsonObject(with: try github.payload(for: ticket))
      as? [String: Any])?["body"] as? String ?? ""
    #expect(
      body.contains("- **Notes:** Focus is lost &lt;b>")
        && !body.contains("<b>"), "\(body)")
    #expect(
      TextBodies.markdownText("a <b> `<code>` ``x ` <y>`` <z>\nnext")
        == "a &lt;b> `<code>` ``x ` <y>`` &lt;z>\n  next")
    #expect(
      TextBodies.markdownText("unclosed ` <tag>") == "unclosed ` &lt;tag>")
  }

  @Test(
    "a Result word the layout does not know ('Failed', 'Fial') is an error naming the file and row, never a silent pass",
    arguments: ["Failed", "Fial", "x"])
  func unknownResultWord(word: String) throws {
    let sheet = AuditSheet(
      path: "a.csv", sheetName: nil, header: ["ID", "Result"], headerRow: 1,
      rows: [
        .init(number: 2, cells: ["native/x/y/keyboard/tab@ios", "Pass"]),
        .init(number: 3, cells: ["native/x/y/keyboard/esc@ios", word]),
        .init(number: 4, cells: ["native/x/y/keyboard/enter@ios", ""]),
      ],
      source: .csv(
        records: [], delimiter: 44, lineEnding: [13, 10], byteOrderMark: false))
    #expect(
      throws: TicketError(
        "a.csv:3: Result '\(word)' is not one of Pass, Fail, Not applicable, Not tested, Cannot tell "
          + "(the Result words of the config's audit output: an audit made with other words is read with its config, --config); "
          + "correct it, so that no failure goes unfiled (tickets are filed for the rows whose Result is Fail)"
      )
    ) {
      _ = try AuditFindings().findings(in: sheet)
    }
    // A team's own words: their fail word files, the defaults are then unknown.
    let own = AuditFindings(statuses: ["OK", "KO", "N/A", "Todo", "?"])
    #expect(throws: TicketError.self) { _ = try own.findings(in: sheet) }
    let failed = AuditSheet(
      path: "a.csv", sheetName: nil, header: ["ID", "Result"], headerRow: 1,
      rows: [.init(number: 2, cells: ["native/x/y/keyboard/tab@ios", "ko"])],
      source: .csv(
        records: [], delimiter: 44, lineEnding: [13, 10], byteOrderMark: false))
    #expect(try own.findings(in: failed).items.map(\.row) == [2])
  }

  @Test(
    "a 'Full information' address that is not http, https or mailto is text in every body, never a link"
  )
  func hostileReference() throws {
    var ticket = try #require(
      try sampleTickets(grouping: .componentPlatform).first)
    ticket.reference = "javascript:alert(document.cookie)"
    #expect(
      TextBodies.markdown(ticket).contains(
        "Full information: javascript:alert(document.cookie)"))
    #expect(!TextBodies.markdown(ticket).contains("](javascript:"))
    #expect(
      TextBodies.html(ticket).contains(
        "<p>Full information: javascript:alert(document.cookie)</p>"))
    #expect(!TextBodies.html(ticket).contains("href=\"javascript:"))
    #expect(!TextBodies.wiki(ticket).contains("|javascript:"))
    let jira = try makeTracker("jira-cloud", url: "https://x.atlassian.net")
    let adf = String(decoding: try jira.payload(for: ticket), as: UTF8.self)
    #expect(
      adf.contains("javascript:alert") && !adf.contains("\"href\""), "\(adf)")
    ticket.reference = "https://www.magentaa11y.com/checklist-native/button/"
    #expect(
      TextBodies.html(ticket).contains(
        "<a href=\"https://www.magentaa11y.com/checklist-native/button/\">Full information</a>"
      ))
  }

  @Test(
    "WCAG in tickets: the numbers beside each check in every body format, and wcag- labels; a finding takes them from the WCAG column"
  )
  func wcagInTickets() throws {
    var tab = Criterion(
      id: "native/controls/sheet/keyboard/tab", test: .keyboard, check: "Tab",
      expectation: "Focus moves",
      platforms: [.iOS], source: SourceLocation(file: "s.md", line: 3))
    tab.wcag = ["2.1.1", "2.4.7"]
    var name = Criterion(
      id: "native/controls/sheet/screenreader/name", test: .screenReader,
      check: "Name",
      expectation: "Purpose is clear", platforms: [.iOS],
      source: SourceLocation(file: "s.md", line: 4))
    name.wcag = ["4.1.2"]
    let catalog = Catalog(components: [
      Component(
        id: "native/controls/sheet", title: "Sheet", family: .native,
        category: "controls",
        criteria: [tab, name], source: SourceLocation(file: "s.md", line: 1))
    ])
    let component = try #require(
      TicketPlanner(grouping: .componentPlatform).tickets(for: catalog).first)
    #expect(
      component.labels.suffix(3) == ["wcag-2.1.1", "wcag-2.4.7", "wcag-4.1.2"])
    let perCheck = TicketPlanner(grouping: .criterion).tickets(for: catalog)
    #expect(
      perCheck.first { $0.identity.contains("/tab@") }?.labels.suffix(2) == [
        "wcag-2.1.1", "wcag-2.4.7",
      ])
    for (tracker, url) in [
      ("github", "https://api.github.com"), ("jira-dc", "https://jira.example"),
      ("jira-cloud", "https://x.atlassian.net"),
      ("azure-devops", "https://dev.azure.com/acme"),
    ] {
      let payload = String(
        decoding: try makeTracker(tracker, url: url).payload(for: component),
        as: UTF8.self)
      #expect(
        payload.contains("Focus moves (WCAG 2.1.1, 2.4.7)"),
        "\(tracker): \(payload)")
    }
    let sheet = AuditSheet(
      path: "a.csv", sheetName: nil,
      header: [
        "Component", "Platform", "Test", "Check", "Expected result", "WCAG",
        "Result", "ID",
      ],
      headerRow: 1,
      rows: [
        .init(
          number: 2,
          cells: [
            "Sheet", "iOS", "Keyboard", "Tab", "Focus moves",
            "2.1.1, 2.4.7, see notes", "Fail",
            "native/controls/sheet/keyboard/tab@ios",
          ])
      ],
      source: .csv(
        records: [], delimiter: 44, lineEnding: [13, 10], byteOrderMark: false))
    let finding = try #require(
      try AuditFindings().findings(in: sheet).items.first?.ticket)
    #expect(
      finding.labels.suffix(2) == ["wcag-2.1.1", "wcag-2.4.7"],
      "words typed in the column are no label")
    #expect(
      finding.checklist.first?.detail == "Focus moves (WCAG 2.1.1, 2.4.7)")
  }

  @Test(
    "keyed failed rows filing sees: the row's own ticket (also for an id without a platform), a later round's failure of the check's earlier ticket; never a key criteria did not file for the check"
  )
  func keyedFindings() throws {
    func row(_ number: Int, _ id: String, date: String, key: String)
      -> AuditSheet.Row
    {
      .init(
        number: number,
        cells: ["Sheet", "iOS", "Keyboard", "Tab", "Fail", date, key, id])
    }
    let tab = "native/controls/sheet/keyboard/tab@ios"
    let (arrows, enter, space) = (
      tab.replacingOccurrences(of: "tab", with: "arrows"),
      tab.replacingOccurrences(of: "tab", with: "enter"),
      tab.replacingOccurrences(of: "tab", with: "space")
    )
    let sheet = AuditSheet(
      path: "a.csv", sheetName: nil,
      header: [
        "Component", "Platform", "Test", "Check", "Result", "Date", "Ticket",
        "ID",
      ],
      headerRow: 1,
      rows: [
        // Its own ticket; a later round; its own, no platform in the id; a key criteria did not file;
        // a failure older than the filed one.
        row(2, tab, date: "2026-11-02", key: "#1"),
        row(3, arrows, date: "2026-12-01", key: "#2"),
        row(4, "hand-made-id", date: "2026-11-02", key: "#3"),
        row(5, enter, date: "2026-12-01", key: "#9"),
        row(6, space, date: "2026-11-01", key: "#4"),
      ],
      source: .csv(
        records: [], delimiter: 44, lineEnding: [13, 10], byteOrderMark: false))
    let keyed = try AuditFindings().findings(in: sheet).keyed
    #expect(keyed.map(\.row) == [2, 3, 4, 5, 6])
    let path = scratchLedger()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var ledger = try Ledger(path: path, tracker: "github")
    for (identity, key) in [
      ("finding/\(tab)/2026-11-02", "#1"),
      ("finding/\(arrows)/2026-11-02", "#2"),
      ("finding/hand-made-id/2026-11-02", "#3"),
      ("finding/\(space)/2026-11-02", "#4"),
    ] {
      try ledger.markFiled(identity, FiledTicket(key: key, url: ""))
    }
    #expect(
      AuditFindings.keyedFindings(keyed, in: ledger, laterRounds: true).map(
        \.row) == [2, 3, 4])
    #expect(
      AuditFindings.keyedFindings(keyed, in: ledger, laterRounds: false).map(
        \.row) == [2, 4],
      "with follow_retest, a later round is reopened instead")
  }

  @Test(
    "a lineage's filed tickets: the lineage and its dated identities (slashes included), never another row's"
  )
  func lineageInLedger() throws {
    let path = scratchLedger()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var ledger = try Ledger(path: path, tracker: "github")
    let lineage = "finding/native/controls/sheet/keyboard/tab@ios"
    // Identities that sort before, between and after the lineage's own (".", "-" and "0" sort around
    // "/"), added out of order.
    for (identity, key) in [
      (lineage + "s/2026-11-02", "#4"), (lineage + "/11/20/2026", "#3"),
      (lineage + "-2/2026-11-02", "#6"), (lineage + "/2026-11-02", "#2"),
      ("finding/native/controls/sheet/keyboard/tab@android/2026-11-02", "#5"),
      (lineage + "0/2026-11-02", "#7"), (lineage, "#1"),
      (lineage + "./2026", "#8"),
      ("finding/native/controls/sheet/keyboard/tab", "#9"),
    ] {
      try ledger.markFiled(identity, FiledTicket(key: key, url: ""))
    }
    try ledger.markFailed(lineage + "/2026-10-01", reason: "refused")
    #expect(
      ledger.filed(inLineage: lineage, except: lineage + "/2026-11-02")
        .compactMap(\.entry.key) == ["#1", "#3"])
    #expect(
      ledger.filed(inLineage: lineage, except: "").map(\.identity) == [
        lineage, lineage + "/11/20/2026", lineage + "/2026-11-02",
      ])
    // The same from the file, read again.
    try ledger.compact()
    let reopened = try Ledger(path: path, tracker: "github")
    #expect(
      reopened.filed(inLineage: lineage, except: lineage + "/2026-11-02")
        .compactMap(\.entry.key) == ["#1", "#3"])
  }

  @Test(
    "a title over 255 UTF-16 units (Jira's, Azure DevOps' and Linear's count) is cut at a character with an ellipsis"
  )
  func titleFitting() throws {
    var ticket = try #require(
      try sampleTickets(grouping: .componentPlatform, copies: 1).first)
    ticket.title = String(repeating: "🚫", count: 200)
    let cut = ticket.title(fitting: 255)
    #expect(cut.utf16.count <= 255 && cut.hasSuffix("…"))
    #expect(cut.count == 128, "127 emoji of two units each, and the ellipsis")
    #expect(ticket.title.hasPrefix(String(cut.dropLast())))
    let jira = try makeTracker("jira-dc", url: "https://jira.example")
    let payload =
      try JSONSerialization.jsonObject(
        with: try jira.payload(for: ticket)) as? [String: [String: Any]]
    #expect(payload?["fields"]?["summary"] as? String == cut)
    ticket.title = String(repeating: "a", count: 255)
    #expect(ticket.title(fitting: 255) == ticket.title)
  }

  @Test(
    "GitHub (256 characters), GitLab and Redmine (255, title_limit: in their definitions) get a long title cut, never refused"
  )
  func titleLimits() throws {
    var ticket = try #require(
      try sampleTickets(grouping: .componentPlatform, copies: 1).first)
    ticket.title =
      "Accessibility: " + String(repeating: "long check ", count: 40)
    let paths = [
      ("github", ["title"], 256), ("gitlab", ["title"], 255),
      ("redmine", ["issue", "subject"], 255),
    ]
    for (name, path, limit) in paths {
      let tracker = try makeTracker(name, url: "https://tracker.example")
      var value: Any? = try JSONSerialization.jsonObject(
        with: try tracker.payload(for: ticket))
      for key in path { value = (value as? [String: Any])?[key] }
      let title = try #require(value as? String, "\(name)")
      #expect(title == ticket.title(fitting: limit), "\(name): \(title)")
      #expect(title.count <= limit && title.hasSuffix("…"), "\(name)")
    }
    // A definition's own limit must leave room for a character and the ellipsis.
    let definition = try String(
      contentsOf: TicketPaths.packageRoot.appendingPathComponent(
        "exporters/redmine.yml"), encoding: .utf8)
    let error = #expect(throws: TicketError.self) {
      try TrackerDefinition(
        yaml: definition.replacingOccurrences(
          of: "title_limit: 255", with: "title_limit: 1"),
        file: "x.yml")
    }
    #expect(
      error?.message.hasPrefix("x.yml:7: title_limit: expected") == true,
      "\(String(describing: error?.message))")
  }
}
