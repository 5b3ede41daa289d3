import Foundation

/// An HTTP request a tracker wants sent.
public struct HTTPRequest: Sendable, Hashable {
  public var method: String
  public var url: String
  public var headers: [(String, String)]
  public var body: Data?
  /// Whether sending it twice is harmless (reads and searches).
  ///
  /// Requests that create something are not, and the transport must never resend them on its own;
  /// the filer decides, after searching.
  public var resendable: Bool

  /// Creates a request; by default only GET and HEAD are resendable.
  public init(
    method: String, url: String, headers: [(String, String)] = [],
    body: Data? = nil, resendable: Bool? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.resendable = resendable ?? ["GET", "HEAD"].contains(method)
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
      && lhs.headers.map { $0.0 + ":" + $0.1 }
        == rhs.headers.map { $0.0 + ":" + $0.1 }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(method)
    hasher.combine(url)
    hasher.combine(body)
  }
}

/// What came back.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header names lower-cased.
  public var headers: [String: String]
  public var body: Data

  /// The body as JSON, if it is JSON.
  public var json: Any? { try? JSONSerialization.jsonObject(with: body) }

  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The body as text, cut for messages.
  public var snippet: String {
    String(decoding: body.prefix(300), as: UTF8.self)
  }
}

/// A request that could not be completed at the transport level.
public struct TransportError: Error, Sendable, CustomStringConvertible {
  /// libcurl's message.
  public var message: String
  /// Whether trying again may help (timeouts, resets, refused connections).
  public var retryable: Bool
  /// Whether no request to this server can succeed (TLS verification failed): the run stops.
  public var fatal = false
  /// Whether the server answered (so a create may have been carried out) but the answer could not be taken.
  public var answered = false
  /// Whether the request certainly never left (no connection could be made): nothing can have been created.
  public var neverSent = false
  /// Whether the tracker gave no answer to several requests in a row (stalls, refused or dropped
  /// connections): the run stops rather than wait on every ticket in turn.
  public var unreachable = false
  public var description: String { message }
}

/// Sends requests; the real one is libcurl, tests may substitute another.
public protocol HTTPTransport: AnyObject {
  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse
}
