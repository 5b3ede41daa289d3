/// The Revised Section 508 provisions whose answer carries to an EN 301 549 provision that asks the same,
/// so a vendor answers each once for the International edition.
///
/// Read from the two standards' texts side by side (the 508 provision's handle and the EN 301 549 clause
/// it was harmonised with): the functional performance criteria of 508 Chapter 3 and EN 301 549 clause
/// 4.2; the platform accessibility services of 508 502.2 and 502.3 and EN 301 549 11.6 and 11.5.2;
/// user preferences (503.2, 11.7); authoring tools (504, 11.8); support documentation and services
/// (602 and 603, clause 12). Provisions with no one counterpart (502.4, 503.3, 503.4, 602.4; EN 301 549
/// 4.2.9 photosensitive seizures and 4.2.11 privacy) carry nothing.
public enum ProvisionCarry {
  /// Revised Section 508 provision → the EN 301 549 provision its answer carries to.
  public static let toEN301549: [String: String] = [
    // Without Vision / Usage without vision
    "302.1": "4.2.1",
    // With Limited Vision / Usage with limited vision
    "302.2": "4.2.2",
    // Without Perception of Color / Usage without perception of colour
    "302.3": "4.2.3",
    // Without Hearing / Usage without hearing
    "302.4": "4.2.4",
    // With Limited Hearing / Usage with limited hearing
    "302.5": "4.2.5",
    // Without Speech / Usage with no or limited vocal capability
    "302.6": "4.2.6",
    // With Limited Manipulation / Usage with limited manipulation or strength
    "302.7": "4.2.7",
    // With Limited Reach and Strength / Usage with limited reach
    "302.8": "4.2.8",
    // With Limited Language, Cognitive, and Learning Abilities
    "302.9": "4.2.10",
    // User Control of Accessibility Features
    "502.2.1": "11.6.1",
    // No Disruption of Accessibility Features
    "502.2.2": "11.6.2",
    // Object Information
    "502.3.1": "11.5.2.5",
    // Modification of Object Information / of states and properties
    "502.3.2": "11.5.2.16",
    // Row, Column, and Headers
    "502.3.3": "11.5.2.6",
    // Values
    "502.3.4": "11.5.2.7",
    // Modification of Values / Modifications of values and text
    "502.3.5": "11.5.2.17",
    // Label Relationships
    "502.3.6": "11.5.2.8",
    // Hierarchical Relationships / Parent-child relationships
    "502.3.7": "11.5.2.9",
    // Text
    "502.3.8": "11.5.2.10",
    // Modification of Text / Modifications of values and text
    "502.3.9": "11.5.2.17",
    // List of Actions / List of available actions
    "502.3.10": "11.5.2.11",
    // Actions on Objects / Execution of available actions
    "502.3.11": "11.5.2.12",
    // Focus Cursor / Tracking of focus and selection attributes
    "502.3.12": "11.5.2.13",
    // Modification of Focus Cursor / of focus and selection attributes
    "502.3.13": "11.5.2.14",
    // Event Notification / Change notification
    "502.3.14": "11.5.2.15",
    // User Preferences
    "503.2": "11.7",
    // Content Creation or Editing / Accessible content creation
    "504.2": "11.8.2",
    // Preservation of Information ... in Format Conversion / in transformations
    "504.2.1": "11.8.3",
    // Prompts / Repair assistance
    "504.3": "11.8.4",
    // Templates
    "504.4": "11.8.5",
    // Accessibility and Compatibility Features
    "602.2": "12.1.1",
    // Electronic Support Documentation / Accessible documentation
    "602.3": "12.1.2",
    // Information on Accessibility and Compatibility Features
    "603.2": "12.2.2",
    // Accommodation of Communication Needs / Effective communication
    "603.3": "12.2.3",
  ]

  /// The Revised Section 508 provisions whose answers carry to an EN 301 549 provision, in number order.
  public static func sources(of en: String) -> [String] {
    toEN301549.filter { $0.value == en }.map(\.key).sorted {
      $0.split(separator: ".").map { Int($0) ?? 0 }
        .lexicographicallyPrecedes(
          $1.split(separator: ".").map { Int($0) ?? 0 })
    }
  }
}
