import MemberwiseInitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@MemberwiseInit` writes, against the rules of Swift's own memberwise initializer (SE-0242).
@Suite struct MemberwiseInitMacroTests {
  let macros: [String: MacroSpec] = [
    "MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)
  ]

  func expand(
    _ source: String, into expanded: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertMacroExpansion(
      source, expandedSource: expanded, diagnostics: diagnostics,
      macroSpecs: macros,
      indentationWidth: .spaces(2)
    ) { failure in
      Issue.record(
        Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  }

  @Test func publicStructGetsAPublicInitializerInDeclarationOrder() {
    expand(
      """
      @MemberwiseInit
      public struct Request {
        /// The audit.
        public var audit: String
        public var draft: Bool = false
        public var platform: String?
        public let edition: String?
        public let kind = "acr"
      }
      """,
      into: """
        public struct Request {
          /// The audit.
          public var audit: String
          public var draft: Bool = false
          public var platform: String?
          public let edition: String?
          public let kind = "acr"

          public init(audit: String, draft: Bool = false, platform: String? = nil, edition: String?) {
            self.audit = audit
            self.draft = draft
            self.platform = platform
            self.edition = edition
          }
        }
        """)
  }

  @Test func computedStaticAndLazyPropertiesAreNotParameters() {
    expand(
      """
      @MemberwiseInit
      package struct Counts {
        static let zero = 0
        var kept: Int { didSet { changed = true } }
        var changed: Bool = false
        lazy var label: String = "\\(kept)"
        var total: Int { kept }
        var twice: Int {
          get { kept * 2 }
          set { kept = newValue / 2 }
        }
      }
      """,
      into: """
        package struct Counts {
          static let zero = 0
          var kept: Int { didSet { changed = true } }
          var changed: Bool = false
          lazy var label: String = "\\(kept)"
          var total: Int { kept }
          var twice: Int {
            get { kept * 2 }
            set { kept = newValue / 2 }
          }

          package init(kept: Int, changed: Bool = false) {
            self.kept = kept
            self.changed = changed
          }
        }
        """)
  }

  @Test func functionPropertiesEscapeAndInternalStructsStayInternal() {
    expand(
      """
      @MemberwiseInit
      struct Hooks {
        var progress: @Sendable (Int) -> Void
        var optional: ((Int) -> Void)?
      }
      """,
      into: """
        struct Hooks {
          var progress: @Sendable (Int) -> Void
          var optional: ((Int) -> Void)?

          init(progress: @escaping @Sendable (Int) -> Void, optional: ((Int) -> Void)? = nil) {
            self.progress = progress
            self.optional = optional
          }
        }
        """)
  }

  @Test func aPropertyWithoutItsTypeIsAnError() {
    expand(
      """
      @MemberwiseInit
      public struct Counts {
        public var kept = 0
      }
      """,
      into: """
        public struct Counts {
          public var kept = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@MemberwiseInit: write the type of 'kept' (the initializer's parameter needs it)",
          line: 1, column: 1)
      ])
  }

  @Test func onlyStructs() {
    expand(
      """
      @MemberwiseInit
      public enum Kind {}
      """,
      into: """
        public enum Kind {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@MemberwiseInit applies to a struct", line: 1, column: 1)
      ])
  }
}
