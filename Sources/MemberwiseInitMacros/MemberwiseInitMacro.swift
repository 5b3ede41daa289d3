import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `@MemberwiseInit`: see the macro's declaration in the `MemberwiseInit` module for the rules.
public struct MemberwiseInitMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structure = declaration.as(StructDeclSyntax.self) else {
      throw MacroExpansionErrorMessage("@MemberwiseInit applies to a struct")
    }
    let parameters = try structure.memberBlock.members.flatMap { member in
      try member.decl.as(VariableDeclSyntax.self).map(Parameter.all(in:)) ?? []
    }
    let access = Self.access(of: structure.modifiers)
    let list = parameters.map(\.declaration).joined(separator: ", ")
    let body = parameters.map { "self.\($0.name) = \($0.name)" }.joined(
      separator: "\n")
    return ["\(raw: access)init(\(raw: list)) {\n\(raw: body)\n}"]
  }

  /// The initializer's access: the struct's, where it is wider than internal.
  static func access(of modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

/// One stored property, as the initializer's parameter.
struct Parameter {
  var name: String
  var type: String
  var defaultValue: String?
  var escaping: Bool

  var declaration: String {
    let prefix = escaping ? "@escaping " : ""
    return "\(name): \(prefix)\(type)" + (defaultValue.map { " = \($0)" } ?? "")
  }

  /// The parameters a property declaration gives: none for a static, lazy or computed one, or a `let`
  /// with an initial value.
  static func all(in variable: VariableDeclSyntax) throws -> [Parameter] {
    let skipped: Set<TokenKind> = [
      .keyword(.static), .keyword(.class), .keyword(.lazy),
    ]
    if variable.modifiers.contains(where: {
      skipped.contains($0.name.tokenKind)
    }) {
      return []
    }
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    return try variable.bindings.compactMap { binding in
      if isComputed(binding) || (isLet && binding.initializer != nil) {
        return nil
      }
      guard
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
          .trimmedDescription
      else {
        throw MacroExpansionErrorMessage(
          "@MemberwiseInit: write '\(binding.pattern.trimmedDescription)' as one property per name"
        )
      }
      guard let type = binding.typeAnnotation?.type else {
        throw MacroExpansionErrorMessage(
          "@MemberwiseInit: write the type of '\(name)' (the initializer's parameter needs it)"
        )
      }
      var defaultValue = binding.initializer?.value.trimmedDescription
      if defaultValue == nil, !isLet, type.is(OptionalTypeSyntax.self) {
        defaultValue = "nil"
      }
      return Parameter(
        name: name, type: type.trimmedDescription, defaultValue: defaultValue,
        escaping: isFunction(type))
    }
  }

  /// A property with a getter (or `get`/`set`) is computed; one with only `willSet`/`didSet` is stored.
  static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
    switch binding.accessorBlock?.accessors {
    case nil: return false
    case .getter: return true
    case .accessors(let accessors):
      let observers: Set<TokenKind> = [.keyword(.willSet), .keyword(.didSet)]
      return accessors.contains {
        !observers.contains($0.accessorSpecifier.tokenKind)
      }
    }
  }

  /// A non-optional function type, which a parameter stored beyond the call must mark `@escaping`.
  static func isFunction(_ type: TypeSyntax) -> Bool {
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return isFunction(attributed.baseType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return isFunction(only.type)
    }
    return type.is(FunctionTypeSyntax.self)
  }
}

@main
struct MemberwiseInitPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [MemberwiseInitMacro.self]
}
