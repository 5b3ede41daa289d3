import Foundation

/// Jira's JQL reads a search index that lags creates; reading one issue by its key does not. Keys are
/// numbered in order within a project, so the issue after the newest one the index holds tells whether
/// the index is behind.
extension JiraIssueAPI {
  public var laggingSearch: (any LaggingSearch)? { self }

  public func newestIndexedRequest(credentials: Credentials) -> HTTPRequest {
    let jql = "project = \"\(settings.project)\" ORDER BY key DESC"
    return HTTPRequest(
      method: "GET",
      url: settings.url + searchPath + "?fields=key&maxResults=1&jql="
        + URLQuery.escape(jql),
      headers: headers(credentials))
  }

  public func newestIndexed(in response: HTTPResponse) -> NewestIndexed? {
    guard let issues = response.decoded(JiraIssue.Search.self)?.issues else {
      return nil
    }
    guard let first = issues.first else { return NewestIndexed.none }
    return first.wrappedValue?.key.map { .key($0.value) }
  }

  public func keyAfter(_ newest: NewestIndexed) -> String? {
    switch newest {
    case .none:
      // A project named by its key starts at 1; one named by its id gives no key to read.
      let project = settings.project
      guard let first = project.unicodeScalars.first,
        CharacterSet.uppercaseLetters.contains(first)
      else { return nil }
      return project + "-1"
    case .key(let key):
      guard let dash = key.lastIndex(of: "-"),
        let number = Int(key[key.index(after: dash)...]), number > 0,
        number < Int.max
      else { return nil }
      return key[..<dash] + "-\(number + 1)"
    }
  }

  public func issueRequest(key: String, credentials: Credentials) -> HTTPRequest
  {
    HTTPRequest(
      method: "GET", url: issueURL(filed(key)) + "?fields=key",
      headers: headers(credentials))
  }
}
