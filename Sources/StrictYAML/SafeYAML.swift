import CYaml
import Yams

/// YAML read the safe way.
///
/// Anchors and aliases are refused before Yams sees the text: Yams expands an alias into a copy of
/// its anchor while composing (and compares mapping keys), so a few hundred bytes of nested aliases
/// ("billion laughs") would take hours and all memory. No criteria document, config or tracker
/// definition needs them.
public enum SafeYAML {
  /// The largest YAML text read (front matter, a config, a tracker definition).
  public static let maximumSize = 1 << 20

  /// A problem found before parsing, with the 1-based line within the YAML text.
  public struct Refusal: Error, Sendable {
    public var line: Int
    public var message: String
  }

  /// The root node of `yaml`, after refusing anchors, aliases and oversized text.
  ///
  /// Scalars keep their text untyped (Yams's basic resolver): every reader asks for the type it wants
  /// (`YAMLMap.int`, `YAMLNode.bool`), so the default resolver's seven regular expressions, compiled
  /// and run on every mapping key, bought nothing.
  public static func compose(_ yaml: String) throws -> Node? {
    if let refusal = refusal(yaml) { throw refusal }
    return try Yams.compose(yaml: yaml, .basic)
  }

  /// Why the YAML is not read, or nil.
  ///
  /// Scans tokens with libyaml (the scanner Yams itself uses), so an `&` or
  /// `*` inside quotes, comments or block scalars is text, as it should be.
  public static func refusal(_ yaml: String) -> Refusal? {
    if yaml.utf8.count > maximumSize {
      return Refusal(
        line: 1,
        message:
          "the YAML is larger than \(maximumSize >> 20) MiB; criteria does not read it"
      )
    }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(yaml.utf8)
    return bytes.withUnsafeBufferPointer { buffer -> Refusal? in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var token = yaml_token_t()
      while yaml_parser_scan(&parser, &token) == 1 {
        let type = token.type
        let line = Int(token.start_mark.line) + 1
        yaml_token_delete(&token)
        switch type {
        case YAML_ANCHOR_TOKEN, YAML_ALIAS_TOKEN:
          return Refusal(
            line: line,
            message:
              "YAML anchors and aliases (&name, *name) are not accepted; write the value out in full"
          )
        case YAML_STREAM_END_TOKEN:
          return nil
        default:
          continue
        }
      }
      return nil  // a syntax error: Yams reports it with its own words
    }
  }
}
