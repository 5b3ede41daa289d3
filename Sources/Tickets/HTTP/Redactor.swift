import Foundation

/// Keeps secrets out of everything criteria prints or writes: log lines, messages, the ledger.
///
/// It hides, wherever they appear: the run's secret values (the token, its Basic encodings, a password in
/// the tracker URL); the user-info part of any URL (`https://user:password@host`); credential-looking query
/// values (`?private_token=…`, `key=`, `token=`, `signature=` …); and, in a request, every header whose name
/// looks like a credential (`Authorization`, `*token*`, `*key*`, `*secret*`, `Cookie`) or that carries a
/// secret value, whatever a user-defined tracker calls it.
public struct Redactor: Sendable {
  /// What replaces a secret.
  public static let mask = "[redacted]"
  static let secretQueryNames: Set<String> = [
    "key", "token", "access_token", "private_token", "api_key", "apikey",
    "api-key", "password", "passwd",
    "secret", "client_secret", "signature", "sig", "auth", "session",
  ]

  /// Values hidden wherever they appear, longest first (so a value containing another is hidden whole).
  public private(set) var secrets: [String]

  /// Creates a redactor for these secret values (values shorter than 4 characters are not secrets).
  public init(secrets: [String] = []) {
    var values = Set<String>()
    for secret in secrets where secret.count >= 4 {
      values.insert(secret)
      // The forms a secret travels in: percent-encoded in a URL, Base64 in a Basic header.
      if let encoded = secret.addingPercentEncoding(
        withAllowedCharacters: .alphanumerics)
      {
        values.insert(encoded)
      }
    }
    self.secrets = values.sorted { $0.count > $1.count }
  }

  /// A redactor for a tracker run: the token, the account with the token as Basic credentials, and any
  /// password in the tracker URL.
  public init(credentials: Credentials?, url: String? = nil) {
    var values: [String] = []
    if let credentials {
      values.append(credentials.token)
      values.append(Data(":\(credentials.token)".utf8).base64EncodedString())
      values.append(
        Data("\(credentials.user ?? ""):\(credentials.token)".utf8)
          .base64EncodedString())
    }
    if let url, let password = URLComponents(string: url)?.password {
      values.append(password)
    }
    self.init(secrets: values)
  }

  /// Whether a header of this name carries credentials by its name alone.
  public static func isSecretHeaderName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["authorization", "proxy-authorization", "cookie", "set-cookie"]
      .contains(lower)
      || ["token", "key", "secret", "password", "auth", "session", "signature"]
        .contains { lower.contains($0) }
  }

  /// The text with every secret hidden.
  public func text(_ text: String) -> String {
    var result = text
    for secret in secrets where result.contains(secret) {
      result = result.replacingOccurrences(of: secret, with: Self.mask)
    }
    return Self.hideURLCredentials(result)
  }

  /// The request as log lines, secrets hidden.
  public func describe(_ request: HTTPRequest) -> String {
    var lines = ["> \(request.method) \(text(request.url))"]
    for (name, value) in request.headers {
      let hidden =
        Self.isSecretHeaderName(name) || secrets.contains { value.contains($0) }
      lines.append("> \(name): \(hidden ? Self.mask : text(value))")
    }
    return lines.joined(separator: "\n")
  }

  /// Hides `user:password@` in URLs and credential-looking query values, anywhere in a text.
  static func hideURLCredentials(_ text: String) -> String {
    guard text.contains("://") || text.contains("=") else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var rest = Substring(text)
    // user-info: after "://", everything up to the last "@" before the next "/", "?", "#" or space.
    while let scheme = rest.range(of: "://") {
      result += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let authorityEnd =
        rest.firstIndex { "/?# \n\t\"'<>".contains($0) } ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        result += mask + "@"
        rest = rest[rest.index(after: at)...]
      }
    }
    result += rest
    return hideQueryValues(result)
  }

  private static func hideQueryValues(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var index = text.startIndex
    while let equals = text[index...].firstIndex(of: "=") {
      // The name runs back from "=" to the previous "?", "&", ";", space or quote.
      let nameStart =
        text[index..<equals].lastIndex { "?&; \n\t\"'{,(".contains($0) }.map {
          text.index(after: $0)
        } ?? index
      let name = text[nameStart..<equals].lowercased()
      output += text[index...equals]
      let valueEnd =
        text[text.index(after: equals)...].firstIndex {
          "&; \n\t\"'#<>),}".contains($0)
        } ?? text.endIndex
      if secretQueryNames.contains(name), valueEnd > text.index(after: equals) {
        output += mask
      } else {
        output += text[text.index(after: equals)..<valueEnd]
      }
      index = valueEnd
    }
    output += text[index...]
    return output
  }
}
