import Foundation

/// JSON for tracker requests and answers: typed bodies in, typed answers out.
enum JSONBody {
  /// A request body's bytes: the value's JSON with its keys sorted and slashes as they are.
  ///
  /// A ticket's revision is the fingerprint of these bytes, so they must stay the same from release
  /// to release for the same content: the typed value is encoded, then written by the one serializer
  /// every body has always gone through (`JSONSerialization`, sorted keys).
  static func encode(_ value: some Encodable) throws(TicketError) -> Data {
    do {
      let encoded = try JSONEncoder().encode(value)
      return try JSONSerialization.data(
        withJSONObject: try JSONSerialization.jsonObject(
          with: encoded, options: [.fragmentsAllowed]),
        options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    } catch {
      throw TicketError("cannot encode the request body: \(error)")
    }
  }

  /// Bytes as decoded JSON (a request body built here, or an answer), or nil when they are not JSON.
  static func parsed(_ data: Data?) -> Any? {
    data.flatMap { try? JSONSerialization.jsonObject(with: $0) }
  }

  /// Follows a dotted path (`issue.id`, `items.0.number`) through decoded JSON: for the paths a
  /// tracker definition names, which are the user's, not the code's.
  static func value(at path: String, in json: Any?) -> Any? {
    var current = json
    for part in path.split(separator: ".") {
      if let index = Int(part), let array = current as? [Any] {
        current = array.indices.contains(index) ? array[index] : nil
      } else {
        current = (current as? [String: Any])?[String(part)]
      }
    }
    return current
  }

  /// A string, or a number as text.
  static func string(_ value: Any?) -> String? {
    switch value {
    case let s as String: s
    case let n as NSNumber: n.stringValue
    case let i as Int: String(i)
    default: nil
    }
  }
}

extension HTTPResponse {
  /// Why this answer is not `what` as the tracker documents it, or nil when its JSON `holds`.
  ///
  /// An HTML page, a body that is not JSON, or JSON of another shape (`{}` where a list is due) is
  /// never read as an empty answer: the lookup's outcome is unknown.
  func unreadable(
    by tracker: String, as what: String, holds: (Any) -> Bool
  ) -> String? {
    if let json, holds(json) { return nil }
    return
      "\(tracker) answered \(status) with something that is not \(what): \(snippet)"
  }

  /// `unreadable` for an answer whose list is at `path` (dot-separated; empty for the answer itself).
  func unreadable(by tracker: String, as what: String, listAt path: String)
    -> String?
  {
    unreadable(by: tracker, as: what) {
      JSONBody.value(at: path, in: $0) is [Any]
    }
  }

  /// The body as the answer type `T`, or nil when it is not JSON of that shape.
  ///
  /// Answer types read their fields through `Lenient`, so a field of another type than expected is
  /// missing rather than spoiling the whole answer.
  func decoded<T: Decodable>(_ type: T.Type) -> T? {
    try? JSONDecoder().decode(type, from: body)
  }
}

/// A field of a tracker's answer: nil when it is missing, null or of another type, so one unexpected
/// field never hides the rest of the answer.
@propertyWrapper
struct Lenient<Value: Decodable>: Decodable {
  var wrappedValue: Value?

  init(wrappedValue: Value? = nil) { self.wrappedValue = wrappedValue }

  init(from decoder: any Decoder) throws {
    wrappedValue = try? Value(from: decoder)
  }
}

extension KeyedDecodingContainer {
  /// A missing key is a missing `Lenient` field, not an error.
  func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws
    -> Lenient<Value>
  {
    (try? decodeIfPresent(type, forKey: key)) ?? Lenient()
  }
}

/// A string or a number in an answer, as text: trackers write ids as either (GitHub's issue number,
/// Azure DevOps' work item id, a Jira transition id).
struct JSONText: Decodable, Hashable {
  var value: String

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if let text = try? single.decode(String.self) {
      value = text
    } else if let whole = try? single.decode(Int.self) {
      value = String(whole)
    } else {
      value = NSNumber(value: try single.decode(Double.self)).stringValue
    }
  }
}

/// A key made at run time (Jira's custom field ids, Azure DevOps' field names).
struct DynamicKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// One error of a GraphQL answer (Linear): its message and its extensions' code.
struct GraphQLError: Decodable {
  @Lenient var message: String?
  @Lenient var extensions: Extensions?

  struct Extensions: Decodable {
    @Lenient var code: String?
    @Lenient var userPresentableMessage: String?
  }
}

/// An answer's `errors` list, when it has one: a GraphQL answer's errors, or Jira's failed bulk elements.
struct AnswerErrors: Decodable {
  @Lenient var errors: [Lenient<GraphQLError>]?
}
