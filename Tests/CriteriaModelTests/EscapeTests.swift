import CriteriaModel
import Foundation
import TestSupport
import Testing

/// Text from outside (a tracker's status, a cell, a title) in each format criteria writes: escaped where
/// the format can carry the character, U+FFFD where it cannot, and read back by a real parser.
@Suite("Escaping hostile text per format")
struct EscapeTests {
  static let hostile =
    "a\u{1B}[2J\u{07}b\u{9B}c\u{85}d\u{FFFE}e\u{FFFF}f\u{0}g\u{2028}h \"q\" \\ _x0041_ <&>"

  /// Runs Python with `script`, the text given on standard input as UTF-8 (bounded in time).
  func python(_ script: String, input: String) throws -> (
    status: Int32, out: String, err: String
  ) {
    let outcome = try ProcessRunner.run(
      "python3", ["-c", script], input: Data(input.utf8), timeout: 60)
    return (outcome.status, outcome.stdout, outcome.stderr)
  }

  @Test(
    "HTML: the five characters become references wherever they stand (a quote before a combining mark too); other text is kept; Python's html.parser reads the text back"
  )
  func html() throws {
    #expect(HTMLEscape.text("Résumé — ok") == "Résumé — ok")
    #expect(HTMLEscape.text("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
    #expect(HTMLEscape.text("\"\u{301}x") == "&quot;\u{301}x")
    let text = "x=\"\u{301} onmouseover='y' <i>é</i> & 😀"
    let page =
      "<p title=\"\(HTMLEscape.text(text))\">\(HTMLEscape.text(text))</p>"
    let run = try python(
      """
      import sys, json
      from html.parser import HTMLParser
      class P(HTMLParser):
          def handle_starttag(self, tag, attrs):
              self.title = dict(attrs)["title"]
          def handle_data(self, data):
              self.data = data
      p = P(); p.feed(sys.stdin.buffer.read().decode("utf-8"))
      print(json.dumps([p.title, p.data]))
      """, input: page)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      try JSONDecoder().decode([String].self, from: Data(run.out.utf8)) == [
        text, text,
      ])
  }

  @Test(
    "YAML double-quoted scalars carry every character, and yaml.safe_load gives the exact text back"
  )
  func yaml() throws {
    let document = "value: \(YAMLEscape.doubleQuoted(Self.hostile))\n"
    #expect(
      document.contains("\\x1B") && document.contains("\\x9B")
        && document.contains("\\uFFFE"))
    let run = try python(
      """
      import sys, yaml, json
      print(json.dumps(yaml.safe_load(sys.stdin.buffer.read().decode("utf-8"))["value"]))
      """, input: document)
    #expect(run.status == 0, "\(run.err)")
    let back = try JSONDecoder().decode(String.self, from: Data(run.out.utf8))
    #expect(back == Self.hostile)
  }

  @Test(
    "XML text: what XML 1.0 cannot hold becomes U+FFFD, the rest parses as it was"
  )
  func xml() throws {
    let document = "<r>\(HTMLEscape.xml(Self.hostile))</r>"
    let run = try python(
      """
      import sys, json
      from xml.dom import minidom
      print(json.dumps(minidom.parseString(sys.stdin.buffer.read()).documentElement.firstChild.data))
      """, input: document)
    #expect(run.status == 0, "\(run.err)")
    let back = try JSONDecoder().decode(String.self, from: Data(run.out.utf8))
    #expect(
      back
        == "a\u{FFFD}[2J\u{FFFD}b\u{9B}c\u{85}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{2028}h \"q\" \\ _x0041_ <&>"
    )
  }

  @Test(
    "sheet text (OOXML _xHHHH_): escaped, a literal _x0041_ kept literal, and unescaped to the exact text"
  )
  func ooxml() {
    let escaped = OOXMLText.escape(Self.hostile)
    #expect(
      escaped.contains("_x001B_") && escaped.contains("_xFFFE_")
        && escaped.contains("_x005F_x0041_"))
    #expect(!escaped.unicodeScalars.contains { OOXMLText.needsEscape($0) })
    #expect(OOXMLText.unescape(escaped) == Self.hostile)
    #expect(OOXMLText.escape("plain_text") == "plain_text")
    #expect(OOXMLText.unescape("_x00_ and _xZZZZ_") == "_x00_ and _xZZZZ_")
  }
}

@Suite("Which addresses become links")
struct LinkTargetTests {
  @Test(
    "http, https and mailto become links, read as a browser reads them; any other scheme, or none, stays text",
    arguments: [
      (
        "https://www.magentaa11y.com/checklist-native/button/",
        "https://www.magentaa11y.com/checklist-native/button/"
      ),
      ("  HTTP://tracker.example/A-1 ", "HTTP://tracker.example/A-1"),
      ("mailto:a11y@example.com", "mailto:a11y@example.com"),
      ("javascript:alert(1)", nil), (" JavaScript:alert(1)", nil),
      ("java\tscript:alert(1)", nil),
      ("\u{1}javascript:alert(1)", nil),
      ("data:text/html,<script>alert(1)</script>", nil),
      ("file:///etc/passwd", nil), ("/relative/page", nil), ("https:", nil),
      ("https:/x", nil), ("", nil),
    ] as [(String, String?)])
  func schemes(address: String, link: String?) {
    #expect(LinkTarget.web(address) == link)
  }
}
