import FakeTrackerSupport
import Foundation
import TestSupport
import Testing

/// `follow_retest`: `criteria tickets --from` a retested audit closes the open ticket of a row that
/// passes now and reopens the done ticket of a row failing again, each with one comment, against the
/// fake tracker in GitHub's, GitLab's and Redmine's shapes, faults included.
@Suite("criteria tickets follows retests", .serialized)
struct RetestCommandTests {
  static let samples = CLIRunner.packageRoot.appendingPathComponent(
    "Samples/criteria"
  ).path
  /// Every built-in tracker that can follow retests, in the fake tracker's shapes.
  static let everyTracker = [
    "github", "gitlab", "redmine", "jira-cloud", "jira-dc", "azure-devops",
    "linear",
  ]
  static let environment = [
    "FAKE_TRACKER_TOKEN": "secret-token",
    "FAKE_TRACKER_USER": "a11y@example.com",
  ]

  static func config(
    _ server: FakeTrackerProcess, exporter: String, extra: String = "",
    follow: Bool = true
  ) -> String {
    let project =
      ["github": "acme/app", "gitlab": "acme/app", "redmine": "accessibility"][
        exporter] ?? "acme"
    return """
      version: 1
      sources: [\(samples)]
      outputs:
        - name: issues
          exporter: \(exporter)
          options:
            url: \(server.url)
            project: \(project)
            token_env: FAKE_TRACKER_TOKEN
            max_attempts: 3
            backoff: 0.05
            follow_retest: \(follow)
      \(exporter == "jira-cloud" ? "      user_env: FAKE_TRACKER_USER" : "")
      \(extra)
      """
  }

  /// The fake tracker, checking Jira Cloud comments against the ADF schema and Linear requests against
  /// Linear's schema when ../shared has them.
  static func server(faults: String? = nil) throws -> FakeTrackerProcess {
    let schemas = SharedData.root.appendingPathComponent("schemas")
    var arguments = faults.map { ["--faults", $0] } ?? []
    for (option, file) in [
      ("--adf-schema", "adf-full.json"),
      ("--linear-schema", "linear/schema.graphql"),
    ]
    where FileManager.default.fileExists(
      atPath: schemas.appendingPathComponent(file).path)
    {
      arguments += [option, schemas.appendingPathComponent(file).path]
    }
    return try FakeTrackerProcess(arguments: arguments)
  }

  /// Rows 2, 3 and 4 failed (as `failures` says, undated by default) and filed; returns the folder and
  /// their keys.
  static func filed(
    _ server: FakeTrackerProcess, exporter: String, extra: String = "",
    failures: [String: [String: Any]] = [
      "2": ["Result": "Fail"], "3": ["Result": "Fail"], "4": ["Result": "Fail"],
    ],
    prepare: (URL) throws -> Void = { _ in }
  ) throws -> (URL, [String]) {
    let dir = try CLIRunner.scratch()
    try prepare(dir)
    let export = try CLIRunner.run(
      ["export", samples, "--to", "csv", "--output", "audit.csv"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(
      config(server, exporter: exporter, extra: extra), to: "criteria.yml")
    try TesterScript.fill(
      dir.appendingPathComponent("audit.csv"),
      dir.appendingPathComponent("filled.csv"), failures)
    let run = try CLIRunner.run(
      ["tickets", "--from", "filled.csv"], in: dir, environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let copy = try TesterScript.read(
      dir.appendingPathComponent("filled-tickets.csv"))
    let column = try #require(copy.header.firstIndex(of: "Ticket"))
    return (dir, ["2", "3", "4"].map { copy.rows[$0]?[column] ?? "" })
  }

  /// The fake tracker's number of an issue key (`#3`, `3`).
  static func number(_ key: String) -> String {
    String(key.reversed().prefix { $0.isNumber }.reversed())
  }

  /// The retest, dated today (after the tickets were closed); returns its day.
  ///
  /// Row 2 passes (its ticket is open: closed), row 3 fails again (its ticket was closed as done:
  /// reopened), row 4 fails again (closed as not planned: listed, never reopened).
  @discardableResult
  static func retest(_ server: FakeTrackerProcess, in dir: URL, keys: [String])
    throws -> String
  {
    try server.act("close", key: keys[1])
    try server.act("close", key: keys[2], reason: "not_planned")
    let today = Scratch.today()
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("retest.csv"),
      [
        "2": ["Result": "Pass", "Tester": "Ana", "Date": today],
        "3": [
          "Result": "Fail", "Tester": "Ana", "Date": today,
          "Notes": "still skips",
        ],
        "4": ["Result": "Fail", "Tester": "Ana", "Date": today],
      ])
    return today
  }

  /// The entries of the one ledger in `dir`, by identity.
  static func ledgerEntries(in dir: URL) throws -> [String: [String: Any]] {
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).first {
        $0.hasSuffix(".ledger.json")
      })
    let ledger =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: dir.appendingPathComponent(name)))
      as? [String: Any]
    return ledger?["entries"] as? [String: [String: Any]] ?? [:]
  }

  @Test(
    "a passing row's open ticket is closed and a failing row's done ticket reopened, one comment each; not planned is listed; a second run changes nothing",
    arguments: RetestCommandTests.everyTracker)
  func follows(exporter: String) throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    try Self.retest(server, in: dir, keys: keys)
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    // GitLab has no "closed as not planned": there, row 4's closed ticket is done and is reopened.
    let gitlab = exporter == "gitlab"
    // Elsewhere the not-planned ticket is for a person to decide: a finding a person must act on.
    #expect(run.status == (gitlab ? 0 : 1), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        gitlab ? "1 closed, 2 reopened" : "1 closed, 1 reopened"),
      "\(run.stderr)")
    #expect(
      gitlab || run.stderr.contains("closed as not planned"), "\(run.stderr)")
    let (two, three, four) = (
      Self.number(keys[0]), Self.number(keys[1]), Self.number(keys[2])
    )
    var stats = try server.stats()
    let states = try #require(stats["states"] as? [String: String])
    #expect(states[two] == "closed", "the fixed row's ticket is closed")
    #expect(states[three] == "open", "the row failing again reopens its ticket")
    #expect(
      states[four] == (gitlab ? "open" : "closed"),
      "a ticket closed as not planned is never reopened")
    var transitions = try #require(stats["transitions"] as? [String: Int])
    #expect(transitions[two] == 1 && transitions[three] == 1)
    #expect(transitions[four] ?? 0 == (gitlab ? 1 : 0))
    var comments = try #require(stats["retest_comments"] as? [String: Int])
    #expect(comments[two] == 1 && comments[three] == 1, "\(comments)")
    #expect(comments[four] == (gitlab ? 1 : nil))
    #expect(stats["issues"] as? Int == 3, "nothing filed again")
    // The ledger keeps how each followed retest went: an ACR of an audit that lost the row asks it.
    let entries = try Self.ledgerEntries(in: dir).values
    let passed = Dictionary(
      entries.compactMap { entry in
        (entry["key"] as? String).map { ($0, entry["retestPassed"] as? Bool) }
      }, uniquingKeysWith: { one, _ in one })
    #expect(passed[keys[0]] == true && passed[keys[1]] == false, "\(passed)")

    let again = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(again.stderr.contains("0 closed, 0 reopened"), "\(again.stderr)")
    stats = try server.stats()
    transitions = try #require(stats["transitions"] as? [String: Int])
    comments = try #require(stats["retest_comments"] as? [String: Int])
    #expect(transitions[two] == 1 && transitions[three] == 1, "\(transitions)")
    #expect(comments[two] == 1 && comments[three] == 1, "\(comments)")
  }

  @Test(
    "the copy still saying what was filed is no retest: a fixed ticket stays closed and nothing is said, until a failure dated after the fix reopens it",
    arguments: RetestCommandTests.everyTracker)
  func staleFailureIsNoRetest(exporter: String) throws {
    let server = try Self.server()
    defer { server.stop() }
    // Rows 2 and 3 failed on a dated day, row 4 without a date.
    let (dir, keys) = try Self.filed(
      server, exporter: exporter,
      failures: [
        "2": ["Result": "Fail", "Tester": "Sam", "Date": "2026-11-20"],
        "3": ["Result": "Fail", "Tester": "Sam", "Date": "2026-11-20"],
        "4": ["Result": "Fail"],
      ])
    #expect(keys.allSatisfy { !$0.isEmpty }, "\(keys)")
    // Developers close rows 2 and 4 as fixed and row 3 as not planned; nobody has retested.
    try server.act("close", key: keys[0])
    try server.act("close", key: keys[1], reason: "not_planned")
    try server.act("close", key: keys[2])

    // The copy, as it was written (a run to file a failure added since, say): nothing to follow.
    let again = try CLIRunner.run(
      ["tickets", "--from", "filled-tickets.csv"], in: dir,
      environment: Self.environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(
      again.stderr.contains(
        "0 retested rows with a ticket; 0 closed, 0 reopened"),
      "\(again.stderr)")
    var stats = try server.stats()
    var states = try #require(stats["states"] as? [String: String])
    #expect(
      keys.allSatisfy { states[Self.number($0)] == "closed" },
      "a failure that was filed reopens nothing: \(states)")
    #expect(
      (stats["retest_comments"] as? [String: Int] ?? [:]).isEmpty,
      "nothing said: \(stats)")

    // A later failure, dated before the fix was closed: the fix still awaits its retest.
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("before-fix.csv"),
      ["2": ["Result": "Fail", "Tester": "Ana", "Date": "2026-11-21"]])
    let early = try CLIRunner.run(
      ["tickets", "--from", "before-fix.csv"], in: dir,
      environment: Self.environment)
    #expect(
      early.stderr.contains(
        "0 reopened, 0 still failing (commented), 1 unchanged"),
      "\(early.stderr)")
    states = try #require(try server.stats()["states"] as? [String: String])
    #expect(states[Self.number(keys[0])] == "closed", "\(states)")
    // The same in a spreadsheet's spelling: 11/21/2026 is that day too.
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("before-fix-spelled.csv"),
      ["2": ["Result": "Fail", "Tester": "Ana", "Date": "11/21/2026"]])
    let spelled = try CLIRunner.run(
      ["tickets", "--from", "before-fix-spelled.csv"], in: dir,
      environment: Self.environment)
    #expect(
      spelled.stderr.contains(
        "0 reopened, 0 still failing (commented), 1 unchanged"),
      "\(spelled.stderr)")
    states = try #require(try server.stats()["states"] as? [String: String])
    #expect(states[Self.number(keys[0])] == "closed", "\(states)")

    // A retest dated today, after the fix, that fails: that reopens the ticket, with one comment.
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("retest.csv"),
      ["2": ["Result": "Fail", "Tester": "Ana", "Date": Scratch.today()]])
    let retest = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(retest.status == 0, "\(retest.stderr)")
    #expect(
      retest.stderr.contains(
        "1 retested row with a ticket; 0 closed, 1 reopened"),
      "\(retest.stderr)")
    stats = try server.stats()
    states = try #require(stats["states"] as? [String: String])
    #expect(states[Self.number(keys[0])] == "open", "\(states)")
    #expect(
      states[Self.number(keys[1])] == "closed"
        && states[Self.number(keys[2])] == "closed", "\(states)")
    let comments = try #require(stats["retest_comments"] as? [String: Int])
    #expect(comments == [Self.number(keys[0]): 1], "\(comments)")
  }

  @Test(
    "a Pass in the copy dated before the failure, or undated, is no retest: the bug stays open and the run says why; a Pass dated after closes it",
    arguments: ["github", "redmine", "jira-cloud"])
  func passBeforeFailureIsNoRetest(exporter: String) throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(
      server, exporter: exporter,
      failures: [
        "2": ["Result": "Fail", "Tester": "Sam", "Date": "2026-11-20"],
        "3": ["Result": "Fail", "Tester": "Sam", "Date": "2026-11-20"],
      ])
    #expect(keys[0].isEmpty == false && keys[1].isEmpty == false, "\(keys)")
    // Someone changes the copy to Pass without retesting: row 2 dated the day before the failure,
    // row 3 with no date at all.
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("no-retest.csv"),
      [
        "2": ["Result": "Pass", "Tester": "Ana", "Date": "2026-11-19"],
        "3": ["Result": "Pass", "Tester": "Ana", "Date": ""],
      ])
    let stale = try CLIRunner.run(
      ["tickets", "--from", "no-retest.csv"], in: dir,
      environment: Self.environment)
    #expect(stale.status == 0, "\(stale.stderr)")
    #expect(stale.stderr.contains("0 closed"), "\(stale.stderr)")
    #expect(
      stale.stderr.contains(
        "the Pass naming \(keys[0]) is dated 2026-11-19, before the failure of 2026-11-20"
      ),
      "\(stale.stderr)")
    #expect(
      stale.stderr.contains("the Pass naming \(keys[1]) has no Date"),
      "\(stale.stderr)")
    var stats = try server.stats()
    var states = try #require(stats["states"] as? [String: String])
    #expect(
      states[Self.number(keys[0])] == "open"
        && states[Self.number(keys[1])] == "open",
      "a Pass that is no retest closes nothing: \(states)")
    #expect(
      (stats["retest_comments"] as? [String: Int] ?? [:]).isEmpty,
      "nothing said to the tracker: \(stats)")

    // The retest, dated today: row 2's bug is closed, with one comment; row 3 still awaits its date.
    try TesterScript.fill(
      dir.appendingPathComponent("no-retest.csv"),
      dir.appendingPathComponent("retest.csv"),
      ["2": ["Result": "Pass", "Tester": "Ana", "Date": Scratch.today()]])
    let retest = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(retest.status == 0, "\(retest.stderr)")
    #expect(retest.stderr.contains("1 closed"), "\(retest.stderr)")
    stats = try server.stats()
    states = try #require(stats["states"] as? [String: String])
    #expect(states[Self.number(keys[0])] == "closed", "\(states)")
    #expect(states[Self.number(keys[1])] == "open", "\(states)")
  }

  @Test(
    "a row failing again on a ticket still open gets one comment saying so and the tester's notes; the ticket stays open",
    arguments: RetestCommandTests.everyTracker)
  func stillFailing(exporter: String) throws {
    let server = try Self.server(faults: "comment-drop:1")
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("retest.csv"),
      [
        "3": [
          "Result": "Fail", "Tester": "Ana", "Date": Scratch.today(),
          "Notes": "still skips the third star",
        ]
      ])
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "0 closed, 0 reopened, 1 still failing (commented), 0 unchanged"),
      "\(run.stderr)")
    var stats = try server.stats()
    let three = Self.number(keys[1])
    let states = try #require(stats["states"] as? [String: String])
    #expect(states[three] == "open", "\(states)")
    #expect(
      (stats["transitions"] as? [String: Int])?[three] ?? 0 == 0,
      "no transition: \(stats)")
    let texts = try #require(stats["retest_texts"] as? [String: [String]])
    #expect(texts[three]?.count == 1, "one comment, its answer lost: \(texts)")
    let text = texts[three]?.first ?? ""
    #expect(
      text.contains("The check still fails; the ticket stays open.")
        && text.contains("still skips the third star")
        && text.contains("Retested by Ana"), "\(text)")
    #expect(texts.count == 1, "nothing said on the other tickets: \(texts)")

    let again = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(
      again.stderr.contains("0 still failing (commented), 1 unchanged"),
      "\(again.stderr)")
    stats = try server.stats()
    #expect(
      (stats["retest_comments"] as? [String: Int])?[three] == 1,
      "the retest is followed once: \(stats)")
  }

  /// The samples' criteria tickets filed by `criteria run`, and a fresh audit of them; returns the folder,
  /// the Rating on iOS ticket's key, and the audit's Rating on iOS row numbers.
  static func componentTickets(
    _ server: FakeTrackerProcess, exporter: String, extra: String = ""
  ) throws -> (URL, String, [String]) {
    let dir = try CLIRunner.scratch()
    let export = try CLIRunner.run(
      ["export", Self.samples, "--to", "csv", "--output", "audit.csv"], in: dir)
    #expect(export.status == 0, "\(export.stderr)")
    try dir.write(
      Self.config(server, exporter: exporter, extra: extra), to: "criteria.yml")
    let run = try CLIRunner.run(["run"], in: dir, environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let entries = try Self.ledgerEntries(in: dir)
    let key = try #require(
      entries["native/controls/rating@ios"]?["key"] as? String, "\(entries)")
    let audit = try TesterScript.read(dir.appendingPathComponent("audit.csv"))
    let idColumn = try #require(audit.header.firstIndex(of: "ID"))
    let rating = audit.rows.filter {
      $0.value[idColumn].hasPrefix("native/controls/rating/")
        && $0.value[idColumn].hasSuffix("@ios")
    }.keys.sorted { Int($0) ?? 0 < Int($1) ?? 0 }
    #expect(rating.count > 2, "\(rating)")
    return (dir, key, rating)
  }

  /// The fresh audit filled as `edits` says into `retest.csv`, and `criteria tickets` run on it.
  static func retestAudit(in dir: URL, _ edits: [String: [String: Any]]) throws
    -> CLIRunner.Outcome
  {
    try TesterScript.fill(
      dir.appendingPathComponent("audit.csv"),
      dir.appendingPathComponent("retest.csv"), edits)
    return try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir, environment: environment)
  }

  @Test(
    "a component's criteria ticket (criteria run) is closed only when every check of the component on its platform passes, named or not; once, saying so",
    arguments: ["github", "azure-devops", "jira-cloud"])
  func componentTicket(exporter: String) throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, key, rating) = try Self.componentTickets(
      server, exporter: exporter)
    let today = Scratch.today()
    let named = try #require(rating.first)
    // The row naming the ticket passes; the component's other checks on iOS are not tested yet: open.
    // Then every one passes (none of the others naming it): closed, once.
    for (everyCheck, state) in [
      (false, "open"), (true, "closed"), (true, "closed"),
    ] {
      var edits: [String: [String: Any]] = [
        named: [
          "Result": "Pass", "Tester": "Ana", "Date": today, "Ticket": key,
        ]
      ]
      if everyCheck {
        for row in rating.dropFirst() {
          edits[row] = ["Result": "Pass", "Tester": "Ana", "Date": today]
        }
      }
      let retest = try Self.retestAudit(in: dir, edits)
      #expect(retest.status == 0, "\(retest.stderr)")
      let stats = try server.stats()
      #expect(
        (stats["states"] as? [String: String])?[Self.number(key)] == state,
        "\(retest.stderr)")
    }
    let stats = try server.stats()
    let texts = (stats["retest_texts"] as? [String: [String]])?[
      Self.number(key)]
    #expect(texts?.count == 1, "\(texts ?? [])")
    #expect(
      texts?.first?.contains(
        "Every check of this ticket passes in the audit now (or does not apply), so criteria closes this ticket."
      ) == true, "\(texts ?? [])")
    #expect(
      (stats["transitions"] as? [String: Int])?[Self.number(key)] ?? 1 <= 1,
      "closed once")
  }

  @Test(
    "Azure DevOps: a criteria ticket's close is chosen among the states of its own work-item type (a Task): a state it lacks fails before any comment, the next one named is taken"
  )
  func componentTicketOfItsType() throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, key, rating) = try Self.componentTickets(
      server, exporter: "azure-devops", extra: "      closed_status: Resolved")
    let today = Scratch.today()
    var edits: [String: [String: Any]] = [:]
    for row in rating {
      edits[row] = ["Result": "Pass", "Tester": "Ana", "Date": today]
    }
    edits[rating[0]]?["Ticket"] = key
    let retest = try Self.retestAudit(in: dir, edits)
    #expect(retest.status == 1, "\(retest.stderr)")
    // The Task's states are named, not the Bug's (which has Resolved).
    #expect(
      retest.stderr.contains("New, Active, Closed, Removed"),
      "\(retest.stderr)")
    let stats = try server.stats()
    #expect(
      (stats["retest_texts"] as? [String: [String]])?[Self.number(key)] ?? []
        == [], "no comment says criteria closes it: \(stats)")
    #expect(
      (stats["states"] as? [String: String])?[Self.number(key)] == "open")

    // Statuses in order of preference: the Task lacks Resolved, so it closes with Closed.
    try dir.write(
      Self.config(
        server, exporter: "azure-devops",
        extra: "      closed_status: [Resolved, Closed]"), to: "criteria.yml")
    let again = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("1 closed"), "\(again.stderr)")
    #expect(
      (try server.stats()["states"] as? [String: String])?[Self.number(key)]
        == "closed")
  }

  @Test(
    "a ticket that a failing or untested row names is not closed by another row naming it that passes; once every row passes, it is"
  )
  func sharedTicketStaysOpen() throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "github")
    // Row 2's defect also breaks row 5 (a tester wrote its key there); row 2 passes the retest, row 5
    // fails it.
    let today = Scratch.today()
    try TesterScript.fill(
      dir.appendingPathComponent("filled-tickets.csv"),
      dir.appendingPathComponent("retest.csv"),
      [
        "2": ["Result": "Pass", "Tester": "Ana", "Date": today],
        "5": [
          "Result": "Fail", "Tester": "Ana", "Date": today, "Ticket": keys[0],
        ],
      ])
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains("0 closed, 0 reopened, 1 still failing (commented)"),
      "\(run.stderr)")
    let stats = try server.stats()
    let states = try #require(stats["states"] as? [String: String])
    #expect(states[Self.number(keys[0])] == "open", "\(states)")
    let texts = try #require(stats["retest_texts"] as? [String: [String]])
    #expect(
      texts[Self.number(keys[0])]?.first?.contains("still fails") == true,
      "\(texts)")
    // Row 5 passes too, but row 6, which names the ticket as well, is not tested yet: still open. Once
    // it passes, the ticket is closed.
    for (sixth, closed) in [("", false), ("Pass", true)] {
      try TesterScript.fill(
        dir.appendingPathComponent("retest.csv"),
        dir.appendingPathComponent("retest.csv"),
        [
          "5": ["Result": "Pass", "Tester": "Ana", "Date": today],
          "6": [
            "Result": sixth, "Tester": "Ana", "Date": today, "Ticket": keys[0],
          ],
        ])
      let next = try CLIRunner.run(
        ["tickets", "--from", "retest.csv"], in: dir,
        environment: Self.environment)
      #expect(next.status == 0, "\(next.stderr)")
      let state = (try server.stats()["states"] as? [String: String])?[
        Self.number(keys[0])]
      #expect(state == (closed ? "closed" : "open"), "\(next.stderr)")
    }
  }

  /// The retest followed (`tickets --from retest.csv`), one ticket closed and one reopened; the tracker's
  /// counters after it.
  static func followed(
    _ server: FakeTrackerProcess, in dir: URL, keys: [String],
    said: String = "1 closed, 1 reopened",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    try retest(server, in: dir, keys: keys)
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir, environment: environment)
    #expect(
      run.stderr.contains(said), "\(run.stderr)",
      sourceLocation: sourceLocation)
    return try server.stats()
  }

  @Test(
    "every comment and every transition lost on the way back: asked about, never sent twice",
    arguments: ["github", "redmine", "jira-cloud", "azure-devops", "linear"])
  func lostAnswers(exporter: String) throws {
    let server = try Self.server(faults: "comment-drop:1,update-drop:1")
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: exporter)
    let stats = try Self.followed(server, in: dir, keys: keys)
    let transitions = try #require(stats["transitions"] as? [String: Int])
    let comments = try #require(stats["retest_comments"] as? [String: Int])
    for key in keys.prefix(2) {
      #expect(transitions[Self.number(key)] == 1, "\(key): \(transitions)")
      #expect(comments[Self.number(key)] == 1, "\(key): \(comments)")
    }
  }

  @Test(
    "a retest comment whose answer is lost is found on a later page of a busy ticket's comments, never posted twice",
    arguments: [
      "github", "jira-cloud", "azure-devops", "linear", "gitlab",
      "gitlab-oldest-first",
    ])
  func lostAnswerOnBusyTicket(exporter: String) throws {
    let server = try Self.server(faults: "comment-drop:1")
    defer { server.stop() }
    // A team's own definition listing notes oldest first: the pages its answers' Link headers name.
    let (dir, keys) = try Self.filed(server, exporter: exporter) { dir in
      guard exporter == "gitlab-oldest-first" else { return }
      let shipped = try String(
        contentsOf: CLIRunner.packageRoot.appendingPathComponent(
          "exporters/gitlab.yml"), encoding: .utf8)
      let own =
        shipped
        .replacingOccurrences(of: "name: gitlab\n", with: "name: \(exporter)\n")
        .replacingOccurrences(
          of: "/notes?per_page=100", with: "/notes?per_page=100&sort=asc")
      #expect(own.contains("sort=asc") && own.contains("name: \(exporter)"))
      try dir.write(own, to: "exporters/\(exporter).yml")
    }
    // More comments than one page of the list holds (GitHub and Jira 100, Azure DevOps 200), before the
    // retest's; Linear lists only the comments with a retest marker (50 a page), so people's comments
    // there quote markers of earlier retests.
    for key in keys.prefix(2) {
      try server.act(
        "chatter", key: key, count: 250,
        text: exporter == "linear"
          ? "quoting an earlier retest: criteria:retest=earlier"
          : "A person's comment")
    }
    // GitLab closes without a reason, so the ticket closed as not planned is reopened too.
    let stats = try Self.followed(
      server, in: dir, keys: keys,
      said: exporter.hasPrefix("gitlab")
        ? "1 closed, 2 reopened" : "1 closed, 1 reopened")
    let texts = try #require(stats["retest_texts"] as? [String: [String]])
    for key in keys.prefix(2) {
      let posted = (texts[Self.number(key)] ?? []).filter {
        !$0.hasPrefix("quoting an earlier retest")
      }
      #expect(posted.count == 1, "\(key): \(posted.count) retest comments")
    }
  }

  @Test(
    "a status the tracker does not offer fails the row with the ones it does, before any comment",
    arguments: ["jira-dc", "azure-devops"])
  func missingStatus(exporter: String) throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(
      server, exporter: exporter, extra: "      closed_status: Shipped")
    try Self.retest(server, in: dir, keys: keys)
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv"], in: dir,
      environment: Self.environment)
    #expect(run.status == 1, "\(run.stderr)")
    let offered =
      exporter == "jira-dc"
      ? "Start progress → In Progress, Resolve → Done"
      : "New, Active, Resolved, Closed, Removed"
    #expect(
      run.stderr.contains("no way to 'Shipped' for \(keys[0])"), "\(run.stderr)"
    )
    #expect(run.stderr.contains("(it offers: \(offered))"), "\(run.stderr)")
    #expect(run.stderr.contains("closed_status"), "\(run.stderr)")
    let stats = try server.stats()
    let comments = stats["retest_comments"] as? [String: Int] ?? [:]
    #expect(
      comments[Self.number(keys[0])] == nil,
      "nothing said on a ticket left open")
    #expect(
      comments[Self.number(keys[1])] == 1, "the reopen still goes: \(comments)")
  }

  @Test(
    "--dry-run writes each retest's requests (comment, then close or reopen) and sends nothing"
  )
  func dryRun() throws {
    let server = try Self.server()
    defer { server.stop() }
    let (dir, keys) = try Self.filed(server, exporter: "redmine")
    let today = try Self.retest(server, in: dir, keys: keys)
    let before = try server.stats()["requests"] as? Int
    let run = try CLIRunner.run(
      ["tickets", "--from", "retest.csv", "--dry-run"], in: dir,
      environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try server.stats()["requests"] as? Int == before,
      "a dry run sends nothing")
    let files = try #require(FileManager.default.enumerator(atPath: dir.path))
      .compactMap {
        $0 as? String
      }.filter { ($0 as NSString).lastPathComponent.hasPrefix("retest-") }
    #expect(files.count == 3, "\(files)")
    let passing = try #require(
      files.first { $0.hasSuffix("retest-\(Self.number(keys[0])).json") })
    let document = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: dir.appendingPathComponent(passing)))
        as? [String: Any])
    #expect(document["action"] as? String == "close")
    let requests = try #require(document["requests"] as? [[String: Any]])
    #expect(requests.map { $0["method"] as? String } == ["PUT", "PUT"])
    let note =
      ((requests.first?["body"] as? [String: Any])?["issue"] as? [String: Any])?[
        "notes"]
    #expect(
      (note as? String)?.contains("Retested by Ana on \(today): Pass")
        == true, "\(requests)")
    let status =
      ((requests.last?["body"] as? [String: Any])?["issue"] as? [String: Any])?[
        "status_id"]
    #expect(status as? String == "5")
  }

  @Test(
    "follow_retest on a definition without comment, close and reopen blocks is a config error naming the key"
  )
  func unsupported() throws {
    let server = try Self.server()
    defer { server.stop() }
    let dir = try CLIRunner.scratch()
    // A team's own definition with no comment:, close: or reopen: block.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("exporters"),
      withIntermediateDirectories: true)
    try dir.write(
      """
      name: plain
      create:
        url: "{{url}}/issues.json"
        body: '{"title": "{{title}}"}'
      auth:
        header: X-Token
        scheme: plain
      created:
        key: id
      """, to: "exporters/plain.yml")
    try dir.write(Self.config(server, exporter: "plain"), to: "criteria.yml")
    try dir.write(
      "Component,Result,Ticket,ID\nX,Pass,7,a/b/c@ios\n", to: "audit.csv")
    let run = try CLIRunner.run(
      ["tickets", "--from", "audit.csv"], in: dir, environment: Self.environment
    )
    #expect(run.status == 78, "\(run.stderr)")
    #expect(run.stderr.contains("follow_retest"), "\(run.stderr)")
  }
}
