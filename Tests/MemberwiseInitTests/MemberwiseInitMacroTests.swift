import MemberwiseInitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@MemberwiseInit` writes, against the rules of Swift's own memberwise initializer (SE-0242).
@Suite struct MemberwiseInitMacroTests {
  let macros: [String: MacroSpec] = [
    "MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)
  ]

  /// Expands `@MemberwiseInit` on `header { members }` and expects the same declaration with
  /// `initializer` added after the members (nil: nothing added), and `diagnostics`.
  func expand(
    _ header: String, _ members: String, adds initializer: String?,
    diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func indented(_ text: String) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false).map {
        "  \($0)"
      }
      .joined(separator: "\n")
    }
    let body = members.isEmpty ? "" : indented(members) + "\n"
    let added =
      initializer.map { (members.isEmpty ? "" : "\n") + indented($0) + "\n" }
      ?? ""
    assertMacroExpansion(
      "@MemberwiseInit\n\(header) {\n\(body)}",
      expandedSource: "\(header) {\n\(body)\(added)}",
      diagnostics: diagnostics, macroSpecs: macros, indentationWidth: .spaces(2)
    ) { failure in
      Issue.record(
        Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  }

  @Test func publicStructGetsAPublicInitializerInDeclarationOrder() {
    expand(
      "public struct Request",
      """
      /// The audit.
      public var audit: String
      public var draft: Bool = false
      public var platform: String?
      public let edition: String?
      public let kind = "acr"
      """,
      adds: """
        public init(audit: String, draft: Bool = false, platform: String? = nil, edition: String?) {
          self.audit = audit
          self.draft = draft
          self.platform = platform
          self.edition = edition
        }
        """)
  }

  @Test func computedStaticAndLazyPropertiesAreNotParameters() {
    expand(
      "package struct Counts",
      """
      static let zero = 0
      var kept: Int { didSet { changed = true } }
      var changed: Bool = false
      lazy var label: String = "\\(kept)"
      var total: Int { kept }
      var twice: Int {
        get { kept * 2 }
        set { kept = newValue / 2 }
      }
      """,
      adds: """
        package init(kept: Int, changed: Bool = false) {
          self.kept = kept
          self.changed = changed
        }
        """)
  }

  @Test func functionPropertiesEscapeAndInternalStructsStayInternal() {
    expand(
      "struct Hooks",
      """
      var progress: @Sendable (Int) -> Void
      var optional: ((Int) -> Void)?
      """,
      adds: """
        init(progress: @escaping @Sendable (Int) -> Void, optional: ((Int) -> Void)? = nil) {
          self.progress = progress
          self.optional = optional
        }
        """)
  }

  @Test func aPropertyWithoutItsTypeIsAnError() {
    expand(
      "public struct Counts", "public var kept = 0", adds: nil,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@MemberwiseInit: write the type of 'kept' (the initializer's parameter needs it)",
          line: 1, column: 1)
      ])
  }

  @Test func onlyStructs() {
    expand(
      "public enum Kind", "", adds: nil,
      diagnostics: [
        DiagnosticSpec(
          message: "@MemberwiseInit applies to a struct", line: 1, column: 1)
      ])
  }
}
