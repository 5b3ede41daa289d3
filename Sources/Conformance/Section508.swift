/// The Revised Section 508 chapters of VPAT 2.5's WCAG 2.2 and Revised Section 508 edition: each
/// provision's number and handle, in the catalogue's order (OpenACR's `2.5-edition-wcag-2.2-508-en`,
/// checked entry by entry against it by a test).
public enum Section508 {
  /// One provision: its number (`302.1`) and handle (`Without Vision`).
  public struct Provision: Sendable, Hashable {
    public var id: String
    public var handle: String
  }

  /// One chapter: the OpenACR id, VPAT's label and its provisions.
  public struct Chapter: Sendable, Hashable {
    public var id: String
    public var label: String
    public var provisions: [Provision]
  }

  /// The standard as VPAT's "Applicable Standards/Guidelines" names it.
  public static let standard =
    "Revised Section 508 standards published January 18, 2017 and corrected January 22, 2018"

  /// Chapters 3 to 6.
  public static let chapters: [Chapter] = [
    Chapter(
      id: "functional_performance_criteria",
      label: "Chapter 3: Functional Performance Criteria (FPC)",
      provisions: [
        Provision(id: "302.1", handle: "Without Vision"),
        Provision(id: "302.2", handle: "With Limited Vision"),
        Provision(id: "302.3", handle: "Without Perception of Color"),
        Provision(id: "302.4", handle: "Without Hearing"),
        Provision(id: "302.5", handle: "With Limited Hearing"),
        Provision(id: "302.6", handle: "Without Speech"),
        Provision(id: "302.7", handle: "With Limited Manipulation"),
        Provision(id: "302.8", handle: "With Limited Reach and Strength"),
        Provision(
          id: "302.9",
          handle: "With Limited Language, Cognitive, and Learning Abilities"),
      ]),
    Chapter(
      id: "hardware", label: "Chapter 4: Hardware",
      provisions: [
        Provision(id: "402.2.1", handle: "Information Displayed On-Screen"),
        Provision(id: "402.2.2", handle: "Transactional Outputs"),
        Provision(
          id: "402.2.3", handle: "Speech Delivery Type and Coordination"),
        Provision(id: "402.2.4", handle: "User Control"),
        Provision(id: "402.2.5", handle: "Braille Instructions"),
        Provision(id: "402.3.1", handle: "Private Listening"),
        Provision(id: "402.3.2", handle: "Non-private Listening"),
        Provision(id: "402.4", handle: "Characters on Display Screens"),
        Provision(id: "402.5", handle: "Characters on Variable Message Signs"),
        Provision(id: "403.1", handle: "General (Biometrics)"),
        Provision(
          id: "404.1",
          handle:
            "General (Preservation of Information Provided for Accessibility)"),
        Provision(id: "405.1", handle: "General (Privacy)"),
        Provision(id: "406.1", handle: "General (Standard Connections)"),
        Provision(id: "407.2", handle: "Contrast (Operable Parts)"),
        Provision(id: "407.3.1", handle: "Tactilely Discernible"),
        Provision(id: "407.3.2", handle: "Alphabetic Keys"),
        Provision(id: "407.3.3", handle: "Numeric Keys"),
        Provision(id: "407.4", handle: "Key Repeat"),
        Provision(id: "407.5", handle: "Timed Response"),
        Provision(id: "407.6", handle: "Operation"),
        Provision(id: "407.7", handle: "Tickets, Fare Cards, and Keycards"),
        Provision(id: "407.8.1", handle: "Vertical Reference Plane"),
        Provision(id: "407.8.1.1", handle: "Vertical Plane for Side Reach"),
        Provision(id: "407.8.1.2", handle: "Vertical Plane for Forward Reach"),
        Provision(id: "407.8.2", handle: "Side Reach"),
        Provision(id: "407.8.2.1", handle: "Unobstructed Side Reach"),
        Provision(id: "407.8.2.2", handle: "Obstructed Side Reach"),
        Provision(id: "407.8.3", handle: "Forward Reach"),
        Provision(id: "407.8.3.1", handle: "Unobstructed Forward Reach"),
        Provision(id: "407.8.3.2", handle: "Obstructed Forward Reach"),
        Provision(
          id: "407.8.3.2.1",
          handle: "Operable Part Height for ICT with Obstructed Forward Reach"),
        Provision(
          id: "407.8.3.2.2",
          handle: "Knee and Toe Space under ICT with Obstructed Forward Reach"),
        Provision(id: "408.2", handle: "Visibility"),
        Provision(id: "408.3", handle: "Flashing"),
        Provision(id: "409.1", handle: "General (Status Indicators)"),
        Provision(id: "410.1", handle: "General (Color Coding)"),
        Provision(id: "411.1", handle: "General (Audible Signals)"),
        Provision(id: "412.2.1", handle: "Volume Gain for Wireline Telephones"),
        Provision(id: "412.2.2", handle: "Volume Gain for Non-Wireline ICT"),
        Provision(id: "412.3.1", handle: "Wireless Handsets"),
        Provision(id: "412.3.2", handle: "Wireline Handsets"),
        Provision(id: "412.4", handle: "Digital Encoding of Speech"),
        Provision(id: "412.5", handle: "Real-Time Text Functionality"),
        Provision(id: "412.6", handle: "Caller ID"),
        Provision(id: "412.7", handle: "Video Communication"),
        Provision(id: "412.8.1", handle: "TTY Connectability"),
        Provision(id: "412.8.2", handle: "Voice and Hearing Carry Over"),
        Provision(id: "412.8.3", handle: "Signal Compatibility"),
        Provision(
          id: "412.8.4", handle: "Voice Mail and Other Messaging Systems"),
        Provision(
          id: "413.1.1", handle: "Decoding and Display of Closed Captions"),
        Provision(id: "413.1.2", handle: "Pass-Through of Closed Caption Data"),
        Provision(id: "414.1.1", handle: "Digital Television Tuners"),
        Provision(id: "414.1.2", handle: "Other ICT"),
        Provision(id: "415.1.1", handle: "Caption Controls"),
        Provision(id: "415.1.2", handle: "Audio Description Controls"),
      ]),
    Chapter(
      id: "software", label: "Chapter 5: Software",
      provisions: [
        Provision(
          id: "502.2.1", handle: "User Control of Accessibility Features"),
        Provision(
          id: "502.2.2", handle: "No Disruption of Accessibility Features"),
        Provision(id: "502.3.1", handle: "Object Information"),
        Provision(id: "502.3.2", handle: "Modification of Object Information"),
        Provision(id: "502.3.3", handle: "Row, Column, and Headers"),
        Provision(id: "502.3.4", handle: "Values"),
        Provision(id: "502.3.5", handle: "Modification of Values"),
        Provision(id: "502.3.6", handle: "Label Relationships"),
        Provision(id: "502.3.7", handle: "Hierarchical Relationships"),
        Provision(id: "502.3.8", handle: "Text"),
        Provision(id: "502.3.9", handle: "Modification of Text"),
        Provision(id: "502.3.10", handle: "List of Actions"),
        Provision(id: "502.3.11", handle: "Actions on Objects"),
        Provision(id: "502.3.12", handle: "Focus Cursor"),
        Provision(id: "502.3.13", handle: "Modification of Focus Cursor"),
        Provision(id: "502.3.14", handle: "Event Notification"),
        Provision(id: "502.4", handle: "Platform Accessibility Features"),
        Provision(id: "503.2", handle: "User Preferences"),
        Provision(id: "503.3", handle: "Alternative User Interfaces"),
        Provision(id: "503.4.1", handle: "Caption Controls"),
        Provision(id: "503.4.2", handle: "Audio Description Controls"),
        Provision(id: "504.2", handle: "Content Creation or Editing"),
        Provision(
          id: "504.2.1",
          handle:
            "Preservation of Information Provided for Accessibility in Format Conversion"
        ),
        Provision(id: "504.2.2", handle: "PDF Export"),
        Provision(id: "504.3", handle: "Prompts"),
        Provision(id: "504.4", handle: "Templates"),
      ]),
    Chapter(
      id: "support_documentation_and_services",
      label: "Chapter 6: Support Documentation and Services",
      provisions: [
        Provision(
          id: "602.2", handle: "Accessibility and Compatibility Features"),
        Provision(id: "602.3", handle: "Electronic Support Documentation"),
        Provision(
          id: "602.4",
          handle: "Alternate Formats for Non-Electronic Support Documentation"),
        Provision(
          id: "603.2",
          handle: "Information on Accessibility and Compatibility Features"),
        Provision(id: "603.3", handle: "Accommodation of Communication Needs"),
      ]),
  ]

  /// A provision by number.
  public static func provision(_ id: String) -> Provision? {
    chapters.lazy.flatMap(\.provisions).first { $0.id == id }
  }

  /// The chapter a provision is in.
  public static func chapter(of id: String) -> Chapter? {
    chapters.first { $0.provisions.contains { $0.id == id } }
  }
}
