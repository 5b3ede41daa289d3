/// A standard of VPAT 2.5's 508 and International editions beside WCAG: chapters of provisions.
///
/// Each provision has its number and handle, in the catalogues' order (OpenACR's
/// `2.5-edition-wcag-2.2-508-en` and `2.5-edition-wcag-2.2-508-eu-en`, checked entry by entry against them
/// by a test), and one conformance level for the whole product.
public struct ProvisionStandard: Sendable, Hashable {
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
  public var name: String
  /// The heading of its part of the report.
  public var reportHeading: String
  /// The chapters, in the catalogue's order (EN 301 549's Chapter 9, Web, has no provisions: it is the WCAG
  /// tables).
  public var chapters: [Chapter]

  /// A provision by number.
  public func provision(_ id: String) -> Provision? {
    chapters.lazy.flatMap(\.provisions).first { $0.id == id }
  }

  /// The chapter a provision is in.
  public func chapter(of id: String) -> Chapter? {
    chapters.first { $0.provisions.contains { $0.id == id } }
  }

  /// The Revised Section 508 standards: Chapters 3 to 6.
  public static let section508 = ProvisionStandard(
    name:
      "Revised Section 508 standards published January 18, 2017 and corrected January 22, 2018",
    reportHeading: "Revised Section 508 Report",
    chapters: [
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
          Provision(
            id: "402.5", handle: "Characters on Variable Message Signs"),
          Provision(id: "403.1", handle: "General (Biometrics)"),
          Provision(
            id: "404.1",
            handle:
              "General (Preservation of Information Provided for Accessibility)"
          ),
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
          Provision(
            id: "407.8.1.2", handle: "Vertical Plane for Forward Reach"),
          Provision(id: "407.8.2", handle: "Side Reach"),
          Provision(id: "407.8.2.1", handle: "Unobstructed Side Reach"),
          Provision(id: "407.8.2.2", handle: "Obstructed Side Reach"),
          Provision(id: "407.8.3", handle: "Forward Reach"),
          Provision(id: "407.8.3.1", handle: "Unobstructed Forward Reach"),
          Provision(id: "407.8.3.2", handle: "Obstructed Forward Reach"),
          Provision(
            id: "407.8.3.2.1",
            handle: "Operable Part Height for ICT with Obstructed Forward Reach"
          ),
          Provision(
            id: "407.8.3.2.2",
            handle: "Knee and Toe Space under ICT with Obstructed Forward Reach"
          ),
          Provision(id: "408.2", handle: "Visibility"),
          Provision(id: "408.3", handle: "Flashing"),
          Provision(id: "409.1", handle: "General (Status Indicators)"),
          Provision(id: "410.1", handle: "General (Color Coding)"),
          Provision(id: "411.1", handle: "General (Audible Signals)"),
          Provision(
            id: "412.2.1", handle: "Volume Gain for Wireline Telephones"),
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
          Provision(
            id: "413.1.2", handle: "Pass-Through of Closed Caption Data"),
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
          Provision(
            id: "502.3.2", handle: "Modification of Object Information"),
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
            handle: "Alternate Formats for Non-Electronic Support Documentation"
          ),
          Provision(
            id: "603.2",
            handle: "Information on Accessibility and Compatibility Features"),
          Provision(
            id: "603.3", handle: "Accommodation of Communication Needs"),
        ]),
    ])

  /// EN 301 549 V3.2.1: Chapters 4 to 13.
  public static let en301549 = ProvisionStandard(
    name:
      "EN 301 549 Accessibility requirements for ICT products and services - V3.2.1 (2021-03)",
    reportHeading: "EN 301 549 Report",
    chapters: [
      Chapter(
        id: "en_301_549_functional_performance",
        label: "Chapter 4: Functional Performance Statements",
        provisions: [
          Provision(id: "4.2.1", handle: "Usage without vision"),
          Provision(id: "4.2.2", handle: "Usage with limited vision"),
          Provision(id: "4.2.3", handle: "Usage without perception of colour"),
          Provision(id: "4.2.4", handle: "Usage without hearing"),
          Provision(id: "4.2.5", handle: "Usage with limited hearing"),
          Provision(
            id: "4.2.6", handle: "Usage with no or limited vocal capability"),
          Provision(
            id: "4.2.7", handle: "Usage with limited manipulation or strength"),
          Provision(id: "4.2.8", handle: "Usage with limited reach"),
          Provision(
            id: "4.2.9", handle: "Minimize photosensitive seizure triggers"),
          Provision(
            id: "4.2.10",
            handle: "Usage with limited cognition, language or learning"),
          Provision(id: "4.2.11", handle: "Privacy"),
        ]),
      Chapter(
        id: "en_301_549_generic_requirements",
        label: "Chapter 5: Generic Requirements",
        provisions: [
          Provision(id: "5.1", handle: "Closed functionality"),
          Provision(id: "5.1.2", handle: "General"),
          Provision(id: "5.1.2.1", handle: "Closed functionality"),
          Provision(id: "5.1.2.2", handle: "Assistive technology"),
          Provision(id: "5.1.3", handle: "Non-visual access"),
          Provision(
            id: "5.1.3.1", handle: "Audio output of visual information"),
          Provision(
            id: "5.1.3.2", handle: "Auditory output delivery including speech"),
          Provision(id: "5.1.3.3", handle: "Auditory output correlation"),
          Provision(id: "5.1.3.4", handle: "Speech output user control"),
          Provision(
            id: "5.1.3.5", handle: "Speech output automatic interruption"),
          Provision(
            id: "5.1.3.6", handle: "Speech output for non-text content"),
          Provision(
            id: "5.1.3.7", handle: "Speech output for video information"),
          Provision(id: "5.1.3.8", handle: "Masked entry"),
          Provision(id: "5.1.3.9", handle: "Private access to personal data"),
          Provision(id: "5.1.3.10", handle: "Non-interfering audio output"),
          Provision(id: "5.1.3.11", handle: "Private listening volume"),
          Provision(id: "5.1.3.12", handle: "Speaker volume"),
          Provision(id: "5.1.3.13", handle: "Volume reset"),
          Provision(id: "5.1.3.14", handle: "Spoken languages"),
          Provision(id: "5.1.3.15", handle: "Non-visual error identification"),
          Provision(
            id: "5.1.3.16",
            handle: "Receipts, tickets, and transactional outputs"),
          Provision(
            id: "5.1.4", handle: "Functionality closed to text enlargement"),
          Provision(
            id: "5.1.5", handle: "Visual output for auditory information"),
          Provision(
            id: "5.1.6", handle: "Operation without keyboard interface"),
          Provision(id: "5.1.6.1", handle: "Closed functionality"),
          Provision(id: "5.1.6.2", handle: "Input focus"),
          Provision(id: "5.1.7", handle: "Access without speech"),
          Provision(id: "5.2", handle: "Activation of accessibility features"),
          Provision(id: "5.3", handle: "Biometrics"),
          Provision(
            id: "5.4",
            handle:
              "Preservation of accessibility information during conversion"),
          Provision(id: "5.5", handle: "Operable parts"),
          Provision(id: "5.5.1", handle: "Means of operation"),
          Provision(id: "5.5.2", handle: "Operable parts discernibility"),
          Provision(id: "5.6", handle: "Locking or toggle controls"),
          Provision(id: "5.6.1", handle: "Tactile or auditory status"),
          Provision(id: "5.6.2", handle: "Visual status"),
          Provision(id: "5.7", handle: "Key repeat"),
          Provision(id: "5.8", handle: "Double-strike key acceptance"),
          Provision(id: "5.9", handle: "Simultaneous user actions"),
        ]),
      Chapter(
        id: "en_301_549_ict_with_two-way_voice",
        label: "Chapter 6: ICT with Two-Way Voice Communication",
        provisions: [
          Provision(id: "6.1", handle: "Audio bandwidth for speech"),
          Provision(id: "6.2", handle: "Real-time text (RTT) functionality"),
          Provision(id: "6.2.1.1", handle: "RTT communication"),
          Provision(id: "6.2.1.2", handle: "Concurrent voice and text"),
          Provision(id: "6.2.2.1", handle: "Visually distinguishable display"),
          Provision(
            id: "6.2.2.2",
            handle: "Programmatically determinable send and receive direction"),
          Provision(id: "6.2.2.3", handle: "Speaker identification"),
          Provision(
            id: "6.2.2.4", handle: "Visual indicator of Audio with RTT"),
          Provision(id: "6.2.3", handle: "Interoperability"),
          Provision(id: "6.2.4", handle: "RTT responsiveness"),
          Provision(id: "6.3", handle: "Caller ID"),
          Provision(id: "6.4", handle: "Alternatives to voice-based services"),
          Provision(id: "6.5", handle: "Video communication"),
          Provision(id: "6.5.1", handle: "General (informative)"),
          Provision(id: "6.5.2", handle: "Resolution"),
          Provision(id: "6.5.3", handle: "Frame rate"),
          Provision(
            id: "6.5.4", handle: "Synchronization between audio and video"),
          Provision(
            id: "6.5.5", handle: "Visual indicator of audio with video"),
          Provision(
            id: "6.5.6",
            handle:
              "Speaker identification with video (sign language) communication"),
          Provision(
            id: "6.6",
            handle: "Alternatives to video-based services (advisory only)"),
        ]),
      Chapter(
        id: "en_301_549_ict_with_video",
        label: "Chapter 7: ICT with Video Capabilities",
        provisions: [
          Provision(id: "7.1", handle: "Caption processing technology"),
          Provision(id: "7.1.1", handle: "Captioning playback"),
          Provision(id: "7.1.2", handle: "Captioning synchronization"),
          Provision(id: "7.1.3", handle: "Preservation of captioning"),
          Provision(id: "7.1.4", handle: "Captions characteristics"),
          Provision(id: "7.1.5", handle: "Spoken subtitles"),
          Provision(id: "7.2.1", handle: "Audio description playback"),
          Provision(id: "7.2.2", handle: "Audio description synchronization"),
          Provision(id: "7.2.3", handle: "Preservation of audio description"),
          Provision(
            id: "7.3",
            handle: "User controls for captions and audio description"),
        ]),
      Chapter(
        id: "en_301_549_hardware", label: "Chapter 8: Hardware",
        provisions: [
          Provision(id: "8.1.1", handle: "Generic requirements"),
          Provision(id: "8.1.2", handle: "Standard connections"),
          Provision(id: "8.1.3", handle: "Colour"),
          Provision(id: "8.2", handle: "Hardware products with speech output"),
          Provision(id: "8.2.1.1", handle: "Speech volume range"),
          Provision(id: "8.2.1.2", handle: "Incremental volume control"),
          Provision(id: "8.2.2.1", handle: "Fixed-line devices"),
          Provision(id: "8.2.2.2", handle: "Wireless communication devices"),
          Provision(id: "8.3", handle: "Stationary ICT"),
          Provision(id: "8.3.2.1", handle: "Unobstructed high forward reach"),
          Provision(id: "8.3.2.2", handle: "Unobstructed low forward reach"),
          Provision(id: "8.3.2.3.1", handle: "Clear space"),
          Provision(
            id: "8.3.2.3.2", handle: "Obstructed (< 510 mm) forward reach"),
          Provision(
            id: "8.3.2.3.3", handle: "Obstructed (< 635 mm) forward reach"),
          Provision(id: "8.3.2.4", handle: "Knee and toe clearance width"),
          Provision(id: "8.3.2.5", handle: "Toe clearance"),
          Provision(id: "8.3.2.6", handle: "Knee clearance"),
          Provision(id: "8.3.3.1", handle: "Unobstructed high side reach"),
          Provision(id: "8.3.3.2", handle: "Unobstructed low side reach"),
          Provision(
            id: "8.3.3.3.1", handle: "Obstructed (≤ 255 mm) side reach"),
          Provision(
            id: "8.3.3.3.2", handle: "Obstructed (≤ 610 mm) side reach"),
          Provision(id: "8.3.4.1", handle: "Change in level"),
          Provision(id: "8.3.4.2", handle: "Clear floor or ground space"),
          Provision(id: "8.3.4.3.2", handle: "Forward approach"),
          Provision(id: "8.3.4.3.3", handle: "Parallel approach"),
          Provision(id: "8.3.5", handle: "Visibility"),
          Provision(id: "8.3.6", handle: "Installation instructions"),
          Provision(id: "8.4", handle: "Mechanically Operable parts"),
          Provision(id: "8.4.1", handle: "Numeric keys"),
          Provision(
            id: "8.4.2.1", handle: "Means of operation of mechanical parts"),
          Provision(
            id: "8.4.2.2", handle: "Force of operation of mechanical parts"),
          Provision(id: "8.4.3", handle: "Keys, tickets and fare cards"),
          Provision(id: "8.5", handle: "Tactile indication of speech mode"),
        ]),
      // The catalogue lists Clause 9 without provisions: the WCAG tables are its table.
      Chapter(id: "en_301_549_web", label: "Chapter 9: Web", provisions: []),
      Chapter(
        id: "en_301_549_non-web-documents",
        label: "Chapter 10: Non-Web Documents",
        provisions: [
          Provision(id: "10.0", handle: "General (informative)"),
          Provision(id: "10.5", handle: "Caption positioning"),
          Provision(id: "10.6", handle: "Audio description timing"),
        ]),
      Chapter(
        id: "en_301_549_software", label: "Chapter 11: Software",
        provisions: [
          Provision(id: "11.0", handle: "General (informative)"),
          Provision(
            id: "11.5", handle: "Interoperability with assistive technology"),
          Provision(id: "11.5.1", handle: "Closed functionality"),
          Provision(id: "11.5.2", handle: "Accessibility services"),
          Provision(
            id: "11.5.2.1",
            handle:
              "Platform accessibility service support for software that provides a user interface"
          ),
          Provision(
            id: "11.5.2.2",
            handle:
              "Platform accessibility service support for assistive technologies"
          ),
          Provision(id: "11.5.2.3", handle: "Use of accessibility services"),
          Provision(id: "11.5.2.4", handle: "Assistive technology"),
          Provision(id: "11.5.2.5", handle: "Object information"),
          Provision(id: "11.5.2.6", handle: "Row, column, and headers"),
          Provision(id: "11.5.2.7", handle: "Values"),
          Provision(id: "11.5.2.8", handle: "Label relationships"),
          Provision(id: "11.5.2.9", handle: "Parent-child relationships"),
          Provision(id: "11.5.2.10", handle: "Text"),
          Provision(id: "11.5.2.11", handle: "List of available actions"),
          Provision(id: "11.5.2.12", handle: "Execution of available actions"),
          Provision(
            id: "11.5.2.13",
            handle: "Tracking of focus and selection attributes"),
          Provision(
            id: "11.5.2.14",
            handle: "Modification of focus and selection attributes"),
          Provision(id: "11.5.2.15", handle: "Change notification"),
          Provision(
            id: "11.5.2.16", handle: "Modifications of states and properties"),
          Provision(
            id: "11.5.2.17", handle: "Modifications of values and text"),
          Provision(id: "11.6", handle: "Documented accessibility usage"),
          Provision(
            id: "11.6.1", handle: "User control of accessibility features"),
          Provision(
            id: "11.6.2", handle: "No disruption of accessibility features"),
          Provision(id: "11.7", handle: "User preferences"),
          Provision(id: "11.8", handle: "Authoring tools"),
          Provision(id: "11.8.1", handle: "Content technology"),
          Provision(id: "11.8.2", handle: "Accessible content creation"),
          Provision(
            id: "11.8.3",
            handle:
              "Preservation of accessibility information in transformations"),
          Provision(id: "11.8.4", handle: "Repair assistance"),
          Provision(id: "11.8.5", handle: "Templates"),
        ]),
      Chapter(
        id: "en_301_549_documentation_and_support_services",
        label: "Chapter 12: Documentation and Support Services",
        provisions: [
          Provision(id: "12.1", handle: "Product documentation"),
          Provision(
            id: "12.1.1", handle: "Accessibility and compatibility features"),
          Provision(id: "12.1.2", handle: "Accessible documentation"),
          Provision(id: "12.2", handle: "Support services"),
          Provision(
            id: "12.2.2",
            handle: "Information on accessibility and compatibility features"),
          Provision(id: "12.2.3", handle: "Effective communication"),
          Provision(id: "12.2.4", handle: "Accessible documentation"),
        ]),
      Chapter(
        id: "en_301_549_ict_providing_relay_or_emergency_service_access",
        label: "Chapter 13: ICT Providing Relay or Emergency Service Access",
        provisions: [
          Provision(id: "13.1", handle: "Relay services requirements"),
          Provision(id: "13.1.2", handle: "Text relay services"),
          Provision(id: "13.1.3", handle: "Sign relay services"),
          Provision(id: "13.1.4", handle: "Lip-reading relay services"),
          Provision(id: "13.1.5", handle: "Captioned telephony services"),
          Provision(id: "13.1.6", handle: "Speech to speech relay services"),
          Provision(id: "13.2", handle: "Access to relay services"),
          Provision(id: "13.3", handle: "Access to emergency services"),
        ]),
    ])
}
