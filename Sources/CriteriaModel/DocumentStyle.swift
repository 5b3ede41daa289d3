/// A kind of warning about how a criteria document is written rather than what it asks a tester to do.
///
/// The document is read the tolerant way either way, so a person who does not own the documents can
/// silence these (`criteria run --quiet`, or `warnings.quiet` in the config) without losing a check.
public enum DocumentStyle: String, CaseIterable, Sendable, Hashable {
  /// A `##` section MagentaA11y does not have, kept as a developer note.
  case section
  /// A misspelt section heading read as the one it resembles (`## Andriod Developer Notes`).
  case heading
  /// A check listed under another test group than MagentaA11y lists it (Group under Gestures).
  case placement
  /// A "Full information" link that points to another component.
  case link
  /// A bullet that tells the tester how to set up, kept as a tester note rather than a check.
  case setup

  /// The config's and the messages' list of the kinds: `section, heading, placement, link, setup`.
  public static var names: String {
    allCases.map(\.rawValue).joined(separator: ", ")
  }
}
