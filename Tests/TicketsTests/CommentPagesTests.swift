import Foundation
import Testing

@testable import Tickets

/// A ticket's comments come in pages, and a marker on a later page must be found before anything is sent.
///
/// Each tracker's next page is read from its answer the way its API documents it.
@Suite("Comment lists read page by page")
struct CommentPagesTests {
  static let filed = FiledTicket(key: "7", url: "https://t.example/7")
  static let credentials = Credentials(
    token: "secret-token", user: "a@example.com")

  static func answer(_ object: Any, headers: [String: String] = [:]) throws
    -> HTTPResponse
  {
    HTTPResponse(
      status: 200, headers: headers,
      body: try JSONSerialization.data(withJSONObject: object))
  }

  /// A tracker of this name, and its first request for a ticket's comments.
  static func first(_ name: String, url: String) throws -> (
    any Tracker, HTTPRequest
  ) {
    let tracker = try makeTracker(name, url: url)
    let request = try #require(
      tracker.commentsRequest(filed: filed, credentials: credentials))
    return (tracker, request)
  }

  static func comments(_ count: Int) -> [[String: Any]] {
    (0..<count).map { ["id": $0 + 1, "body": "comment \($0 + 1)"] }
  }

  @Test(
    "GitHub: the next page while the Link header names one or a page comes full"
  )
  func github() throws {
    let (tracker, first) = try Self.first(
      "github", url: "https://api.github.com")
    #expect(first.url.hasSuffix("/issues/7/comments?per_page=100"))
    let full = try tracker.nextCommentPage(
      after: first, answer: Self.answer(Self.comments(100)))
    #expect(full?.url.hasSuffix("/comments?per_page=100&page=2") == true)
    #expect(full?.headers.map(\.0) == first.headers.map(\.0))
    let linked = try tracker.nextCommentPage(
      after: try #require(full),
      answer: Self.answer(
        Self.comments(30),
        headers: ["link": "<https://api.github.com/x?page=3>; rel=\"next\""]))
    #expect(linked?.url.hasSuffix("/comments?per_page=100&page=3") == true)
    #expect(
      try tracker.nextCommentPage(
        after: first, answer: Self.answer(Self.comments(99))) == nil)
    #expect(
      try tracker.nextCommentPage(after: first, answer: Self.answer([])) == nil)
  }

  @Test(
    "Jira: the next page from startAt while the comments fall short of the total"
  )
  func jira() throws {
    let (tracker, first) = try Self.first(
      "jira-cloud", url: "https://acme.atlassian.net")
    let next = try tracker.nextCommentPage(
      after: first,
      answer: Self.answer([
        "startAt": 0, "maxResults": 100, "total": 250,
        "comments": Self.comments(100),
      ]))
    #expect(
      next?.url.hasSuffix(
        "/comment?orderBy=-created&maxResults=100&startAt=100") == true)
    let last = try tracker.nextCommentPage(
      after: try #require(next),
      answer: Self.answer([
        "startAt": 200, "maxResults": 100, "total": 250,
        "comments": Self.comments(50),
      ]))
    #expect(last == nil)
    // A server that gives no total: full pages go on.
    let untold = try tracker.nextCommentPage(
      after: first,
      answer: Self.answer(["startAt": 100, "comments": Self.comments(100)]))
    #expect(untold?.url.hasSuffix("&startAt=200") == true)
  }

  @Test(
    "Azure DevOps: the next page with the answer's continuation token, escaped")
  func azure() throws {
    let (tracker, first) = try Self.first(
      "azure-devops", url: "https://dev.azure.com/acme")
    let next = try tracker.nextCommentPage(
      after: first,
      answer: Self.answer([
        "totalCount": 450, "count": 200, "comments": [],
        "continuationToken": "a b/c",
      ]))
    #expect(next?.url == first.url + "&continuationToken=a%20b%2Fc")
    #expect(
      try tracker.nextCommentPage(
        after: first,
        answer: Self.answer(["totalCount": 3, "count": 3, "comments": []]))
        == nil)
  }

  @Test(
    "Linear: the same query after the page's end cursor while pageInfo says more follow"
  )
  func linear() throws {
    let tracker = try makeTracker("linear", url: "https://api.linear.app")
    let first = try #require(
      tracker.commentsRequest(
        filed: FiledTicket(key: "issue-uuid", url: "https://linear.app/i"),
        credentials: Self.credentials))
    func page(_ more: Bool) throws -> HTTPResponse {
      try Self.answer([
        "data": [
          "issue": [
            "comments": [
              "nodes": [],
              "pageInfo": ["hasNextPage": more, "endCursor": "cursor-1"],
            ]
          ]
        ]
      ])
    }
    let next = try #require(
      try tracker.nextCommentPage(after: first, answer: page(true)))
    let asked = try #require(
      try JSONSerialization.jsonObject(with: next.body ?? Data())
        as? [String: Any])
    let variables = try #require(asked["variables"] as? [String: Any])
    #expect(variables["id"] as? String == "issue-uuid")
    #expect(variables["after"] as? String == "cursor-1")
    #expect(variables["filter"] != nil)
    #expect(next.url == first.url && next.resendable)
    #expect(
      try tracker.nextCommentPage(after: first, answer: page(false)) == nil)
  }

  @Test(
    "a definition's comment list pages by its Link header's next entry, only on the host it asked"
  )
  func definedCommentPages() throws {
    let tracker = try makeTracker("gitlab", url: "http://127.0.0.1:9")
    let first = try #require(
      tracker.commentsRequest(
        filed: FiledTicket(key: "7", url: ""), credentials: Self.credentials))
    func next(_ link: String) throws -> String? {
      tracker.nextCommentPage(
        after: first, answer: try Self.answer([], headers: ["link": link]))?.url
    }
    let page2 =
      "http://127.0.0.1:9/api/v4/projects/A11Y/issues/7/notes?per_page=100&page=2"
    #expect(
      try next(
        "<http://127.0.0.1:9/x?page=1>; rel=\"first\", <\(page2)>; rel=\"next\", <http://127.0.0.1:9/x?page=9>; rel=\"last\""
      ) == page2)
    #expect(try next("<\(page2)>; rel=next") == page2)
    #expect(try next("<http://127.0.0.1:9/x?page=1>; rel=\"first\"") == nil)
    // The token never goes to another host or port.
    #expect(
      try next("<http://elsewhere.example/notes?page=2>; rel=\"next\"") == nil)
    #expect(try next("<http://127.0.0.1:10/notes?page=2>; rel=\"next\"") == nil)
    #expect(try next("<https://127.0.0.1:9/notes?page=2>; rel=\"next\"") == nil)
  }
}
