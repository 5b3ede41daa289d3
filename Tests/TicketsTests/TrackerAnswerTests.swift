import Foundation
import Options
import Testing

@testable import Tickets

/// Each tracker reads its answers as typed values, where a field of an unexpected type is missing rather
/// than hiding the rest of the answer.
@Suite("tracker answers read as typed values")
struct TrackerAnswerTests {
  func answer(_ json: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: [:], body: Data(json.utf8))
  }

  @Test(
    "GitHub: a number written as a number or text; an issue without one is an error; an odd field is left out"
  )
  func github() throws {
    let github = try makeTracker("github", url: "https://api.github.example")
    #expect(
      try github.created(
        from: answer(#"{"number":7,"html_url":"https://x/7"}"#))
        == FiledTicket(key: "#7", url: "https://x/7"))
    #expect(try github.created(from: answer(#"{"number":"8"}"#)).key == "#8")
    #expect(throws: TicketError.self) {
      _ = try github.created(from: answer(#"{"number":{"n":7}}"#))
    }
    #expect(throws: TicketError.self) {
      _ = try github.created(from: answer("<html>sign in</html>"))
    }
    // `closed_at` of another type: the state still reads.
    let snapshot = github.snapshot(
      from: answer(
        #"{"state":"closed","state_reason":"not_planned","closed_at":false}"#))
    #expect(snapshot?.category == .notPlanned && snapshot?.resolvedOn == nil)
    // A list with one odd entry still yields the others' bodies.
    #expect(
      github.followUpComments(
        in: answer(#"[{"id":5,"body":"a"},"x",{"body":"b"},{"body":3}]"#))
        == [
          FollowUpComment(id: "5", text: "a"),
          FollowUpComment(id: nil, text: "b"),
        ])
  }

  @Test(
    "Jira: a resolution of another shape leaves the status readable; bulk results keep their places past an odd entry"
  )
  func jira() throws {
    // Both Jira APIs wait ten seconds for their search index unless the output says otherwise.
    for name in ["jira-cloud", "jira-dc"] {
      let entry = try #require(
        try TrackerRegistry.entries(definitionFolders: []).first {
          $0.name == name
        })
      let plain = try entry.make(
        ExportOptions([
          "url": .string("https://acme.atlassian.example"),
          "project": .string("A11Y"),
        ]))
      #expect(plain.searchSettleTime == 10)
    }
    let jira = try makeTracker(
      "jira-cloud", url: "https://acme.atlassian.example",
      extra: ["bulk": .bool(true)])
    let snapshot = jira.snapshot(
      from: answer(
        #"{"key":"A-1","fields":{"status":{"name":"Done","statusCategory":{"key":"done"}},"resolution":"Won't Do"}}"#
      ))
    #expect(snapshot?.status == "Done" && snapshot?.category == .done)
    let bulk = try #require(jira.bulkCreate)
    let results = bulk.bulkResults(
      answer(
        #"{"issues":[{"key":"A-1"},"odd",{"key":"A-3"}],"errors":[{"failedElementNumber":3,"elementErrors":{"errors":{"summary":"too long","x":{"y":1}}}}]}"#,
        status: 201),
      count: 4)
    #expect(
      results == [
        .created(
          FiledTicket(
            key: "A-1", url: "https://acme.atlassian.example/browse/A-1")),
        .unknown,
        .created(
          FiledTicket(
            key: "A-3", url: "https://acme.atlassian.example/browse/A-3")),
        .rejected("Jira rejected it: summary: too long"),
      ])
  }

  @Test(
    "Azure DevOps: ids as numbers; a page that is not JSON is a refused token; fields by their dotted names"
  )
  func azure() throws {
    let azure = try makeTracker(
      "azure-devops", url: "https://dev.azure.example/acme")
    let created = try azure.created(
      from: answer(#"{"id":12,"_links":{"html":{"href":"https://x/12"}}}"#))
    #expect(created == FiledTicket(key: "12", url: "https://x/12"))
    do {
      _ = try azure.created(from: answer("<html>Sign in</html>", status: 203))
      Issue.record("an HTML page was read as a work item")
    } catch {
      #expect(error.isAuthentication)
    }
    let snapshot = azure.snapshot(
      from: answer(
        #"{"id":12,"fields":{"System.State":"Closed","System.ChangedDate":"2026-11-24T10:00:00Z","System.Rev":4}}"#
      ))
    #expect(snapshot?.category == .done && snapshot?.resolvedOn == "2026-11-24")
  }

  @Test(
    "Linear: an odd node does not hide the issue found by its marker; errors give Linear's words; a missing issue is deleted"
  )
  func linear() throws {
    let linear = try makeTracker("linear", url: "https://api.linear.example")
    var ticket = try #require(
      try sampleTickets(grouping: .componentPlatform, copies: 1).first)
    ticket.clientID = nil
    let found = linear.found(
      in: answer(
        #"{"data":{"issues":{"nodes":[5,{"identifier":"ENG-1","url":"u","description":"x \#(ticket.marker)"}]}}}"#
      ), ticket: ticket)
    #expect(found == FiledTicket(key: "ENG-1", url: "u"))
    #expect(
      linear.refusal(
        in: answer(
          #"{"errors":[{"message":"Argument Validation Error","extensions":{"userPresentableMessage":"Title is too long"}}]}"#
        )) == "Argument Validation Error (Title is too long)")
    #expect(
      linear.snapshot(
        from: answer(#"{"errors":[{"message":"Entity not found: Issue"}]}"#))
        == .deleted)
    #expect(linear.searchFailure(in: answer(#"{"data":{}}"#)) != nil)
    #expect(
      linear.searchFailure(
        in: answer(#"{"data":{"issue":null,"issues":{"nodes":[]}}}"#)) == nil)
  }
}
