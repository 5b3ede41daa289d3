/// Writes the initializer Swift would synthesize for a struct, at the struct's own access level.
///
/// Swift writes a memberwise initializer only at `internal` access, so a public type another module
/// builds needs one written by hand: the same list of `self.x = x` in every type. This macro writes it
/// instead, by the rules of Swift's own memberwise initializer (SE-0242):
///
/// - one parameter per stored instance property, in declaration order, labelled with its name;
/// - a `var` with an initial value takes that value as the parameter's default, an optional `var`
///   without one defaults to `nil`; a `let` with an initial value is not a parameter;
/// - computed and static properties are not parameters; a property of function type is `@escaping`;
/// - the initializer is `public` in a public struct, `package` in a package struct.
///
/// A property whose type is not written out (`var count = 0`) is an error: the initializer needs the
/// type, and the macro sees only the source.
@attached(member, names: named(init))
public macro MemberwiseInit() =
  #externalMacro(module: "MemberwiseInitMacros", type: "MemberwiseInitMacro")
