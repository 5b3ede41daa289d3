import Foundation

/// Query strings of the URLs criteria builds: percent-encoding for values, and one parameter read or set.
enum URLQuery {
  static func escape(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// The value of the query's parameter `name` in `url` as written, or nil when it has none.
  static func value(_ name: String, in url: String) -> String? {
    guard let mark = url.firstIndex(of: "?") else { return nil }
    return url[url.index(after: mark)...].split(separator: "&").lazy.compactMap
    {
      $0.hasPrefix(name + "=") ? String($0.dropFirst(name.count + 1)) : nil
    }.first
  }

  /// `url` with the query's parameter `name` set to `value` (escaped), in its place or added at the end.
  static func setting(_ name: String, to value: String, in url: String)
    -> String
  {
    let pair = name + "=" + escape(value)
    guard let mark = url.firstIndex(of: "?") else { return url + "?" + pair }
    var pairs = url[url.index(after: mark)...].split(separator: "&").map(
      String.init)
    if let index = pairs.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      pairs[index] = pair
    } else {
      pairs.append(pair)
    }
    return url[..<mark] + "?" + pairs.joined(separator: "&")
  }
}

extension HTTPRequest {
  /// The same request with its URL's query parameter `name` set to `value` (the next page of a list).
  func setting(_ name: String, to value: String) -> HTTPRequest {
    var next = self
    next.url = URLQuery.setting(name, to: value, in: url)
    return next
  }
}
