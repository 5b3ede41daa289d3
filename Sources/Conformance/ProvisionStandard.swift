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

    /// The provisions of a table written one a line as the standard lists them: the number, a space,
    /// the handle (`302.1 Without Vision`).
    static func list(_ table: String) -> [Provision] {
      table.split(separator: "\n").compactMap { line in
        let words = line.trimmingCharacters(in: .whitespaces)
          .split(separator: " ", maxSplits: 1)
        guard words.count == 2 else { return nil }
        return Provision(id: String(words[0]), handle: String(words[1]))
      }
    }
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
  /// Whether a clause with sub-clauses of its own, or an informative one, is a heading.
  ///
  /// EN 301 549's 5.1, 11.5 and 11.0 are: VPAT asks no level of them. The Revised Section 508 catalogue
  /// lists requirements only, and its 504.2 is a requirement with sub-requirements.
  public var clauseHeadings = false

  /// Whether VPAT prints the provision as a heading row ("Heading cell – no response required").
  public func isHeading(_ provision: Provision, in chapter: Chapter) -> Bool {
    guard clauseHeadings else { return false }
    return provision.handle.hasSuffix("(informative)")
      || chapter.provisions.contains { $0.id.hasPrefix(provision.id + ".") }
  }

  /// What VPAT's template prints in a heading row's Conformance Level cell.
  public static let headingCell = "Heading cell – no response required"

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
        provisions: Provision.list(
          """
          302.1 Without Vision
          302.2 With Limited Vision
          302.3 Without Perception of Color
          302.4 Without Hearing
          302.5 With Limited Hearing
          302.6 Without Speech
          302.7 With Limited Manipulation
          302.8 With Limited Reach and Strength
          302.9 With Limited Language, Cognitive, and Learning Abilities
          """)),
      Chapter(
        id: "hardware", label: "Chapter 4: Hardware",
        provisions: Provision.list(
          """
          402.2.1 Information Displayed On-Screen
          402.2.2 Transactional Outputs
          402.2.3 Speech Delivery Type and Coordination
          402.2.4 User Control
          402.2.5 Braille Instructions
          402.3.1 Private Listening
          402.3.2 Non-private Listening
          402.4 Characters on Display Screens
          402.5 Characters on Variable Message Signs
          403.1 General (Biometrics)
          404.1 General (Preservation of Information Provided for Accessibility)
          405.1 General (Privacy)
          406.1 General (Standard Connections)
          407.2 Contrast (Operable Parts)
          407.3.1 Tactilely Discernible
          407.3.2 Alphabetic Keys
          407.3.3 Numeric Keys
          407.4 Key Repeat
          407.5 Timed Response
          407.6 Operation
          407.7 Tickets, Fare Cards, and Keycards
          407.8.1 Vertical Reference Plane
          407.8.1.1 Vertical Plane for Side Reach
          407.8.1.2 Vertical Plane for Forward Reach
          407.8.2 Side Reach
          407.8.2.1 Unobstructed Side Reach
          407.8.2.2 Obstructed Side Reach
          407.8.3 Forward Reach
          407.8.3.1 Unobstructed Forward Reach
          407.8.3.2 Obstructed Forward Reach
          407.8.3.2.1 Operable Part Height for ICT with Obstructed Forward Reach
          407.8.3.2.2 Knee and Toe Space under ICT with Obstructed Forward Reach
          408.2 Visibility
          408.3 Flashing
          409.1 General (Status Indicators)
          410.1 General (Color Coding)
          411.1 General (Audible Signals)
          412.2.1 Volume Gain for Wireline Telephones
          412.2.2 Volume Gain for Non-Wireline ICT
          412.3.1 Wireless Handsets
          412.3.2 Wireline Handsets
          412.4 Digital Encoding of Speech
          412.5 Real-Time Text Functionality
          412.6 Caller ID
          412.7 Video Communication
          412.8.1 TTY Connectability
          412.8.2 Voice and Hearing Carry Over
          412.8.3 Signal Compatibility
          412.8.4 Voice Mail and Other Messaging Systems
          413.1.1 Decoding and Display of Closed Captions
          413.1.2 Pass-Through of Closed Caption Data
          414.1.1 Digital Television Tuners
          414.1.2 Other ICT
          415.1.1 Caption Controls
          415.1.2 Audio Description Controls
          """)),
      Chapter(
        id: "software", label: "Chapter 5: Software",
        provisions: Provision.list(
          """
          502.2.1 User Control of Accessibility Features
          502.2.2 No Disruption of Accessibility Features
          502.3.1 Object Information
          502.3.2 Modification of Object Information
          502.3.3 Row, Column, and Headers
          502.3.4 Values
          502.3.5 Modification of Values
          502.3.6 Label Relationships
          502.3.7 Hierarchical Relationships
          502.3.8 Text
          502.3.9 Modification of Text
          502.3.10 List of Actions
          502.3.11 Actions on Objects
          502.3.12 Focus Cursor
          502.3.13 Modification of Focus Cursor
          502.3.14 Event Notification
          502.4 Platform Accessibility Features
          503.2 User Preferences
          503.3 Alternative User Interfaces
          503.4.1 Caption Controls
          503.4.2 Audio Description Controls
          504.2 Content Creation or Editing
          504.2.1 Preservation of Information Provided for Accessibility in Format Conversion
          504.2.2 PDF Export
          504.3 Prompts
          504.4 Templates
          """)),
      Chapter(
        id: "support_documentation_and_services",
        label: "Chapter 6: Support Documentation and Services",
        provisions: Provision.list(
          """
          602.2 Accessibility and Compatibility Features
          602.3 Electronic Support Documentation
          602.4 Alternate Formats for Non-Electronic Support Documentation
          603.2 Information on Accessibility and Compatibility Features
          603.3 Accommodation of Communication Needs
          """)),
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
        provisions: Provision.list(
          """
          4.2.1 Usage without vision
          4.2.2 Usage with limited vision
          4.2.3 Usage without perception of colour
          4.2.4 Usage without hearing
          4.2.5 Usage with limited hearing
          4.2.6 Usage with no or limited vocal capability
          4.2.7 Usage with limited manipulation or strength
          4.2.8 Usage with limited reach
          4.2.9 Minimize photosensitive seizure triggers
          4.2.10 Usage with limited cognition, language or learning
          4.2.11 Privacy
          """)),
      Chapter(
        id: "en_301_549_generic_requirements",
        label: "Chapter 5: Generic Requirements",
        provisions: Provision.list(
          """
          5.1 Closed functionality
          5.1.2 General
          5.1.2.1 Closed functionality
          5.1.2.2 Assistive technology
          5.1.3 Non-visual access
          5.1.3.1 Audio output of visual information
          5.1.3.2 Auditory output delivery including speech
          5.1.3.3 Auditory output correlation
          5.1.3.4 Speech output user control
          5.1.3.5 Speech output automatic interruption
          5.1.3.6 Speech output for non-text content
          5.1.3.7 Speech output for video information
          5.1.3.8 Masked entry
          5.1.3.9 Private access to personal data
          5.1.3.10 Non-interfering audio output
          5.1.3.11 Private listening volume
          5.1.3.12 Speaker volume
          5.1.3.13 Volume reset
          5.1.3.14 Spoken languages
          5.1.3.15 Non-visual error identification
          5.1.3.16 Receipts, tickets, and transactional outputs
          5.1.4 Functionality closed to text enlargement
          5.1.5 Visual output for auditory information
          5.1.6 Operation without keyboard interface
          5.1.6.1 Closed functionality
          5.1.6.2 Input focus
          5.1.7 Access without speech
          5.2 Activation of accessibility features
          5.3 Biometrics
          5.4 Preservation of accessibility information during conversion
          5.5 Operable parts
          5.5.1 Means of operation
          5.5.2 Operable parts discernibility
          5.6 Locking or toggle controls
          5.6.1 Tactile or auditory status
          5.6.2 Visual status
          5.7 Key repeat
          5.8 Double-strike key acceptance
          5.9 Simultaneous user actions
          """)),
      Chapter(
        id: "en_301_549_ict_with_two-way_voice",
        label: "Chapter 6: ICT with Two-Way Voice Communication",
        provisions: Provision.list(
          """
          6.1 Audio bandwidth for speech
          6.2 Real-time text (RTT) functionality
          6.2.1.1 RTT communication
          6.2.1.2 Concurrent voice and text
          6.2.2.1 Visually distinguishable display
          6.2.2.2 Programmatically determinable send and receive direction
          6.2.2.3 Speaker identification
          6.2.2.4 Visual indicator of Audio with RTT
          6.2.3 Interoperability
          6.2.4 RTT responsiveness
          6.3 Caller ID
          6.4 Alternatives to voice-based services
          6.5 Video communication
          6.5.1 General (informative)
          6.5.2 Resolution
          6.5.3 Frame rate
          6.5.4 Synchronization between audio and video
          6.5.5 Visual indicator of audio with video
          6.5.6 Speaker identification with video (sign language) communication
          6.6 Alternatives to video-based services (advisory only)
          """)),
      Chapter(
        id: "en_301_549_ict_with_video",
        label: "Chapter 7: ICT with Video Capabilities",
        provisions: Provision.list(
          """
          7.1 Caption processing technology
          7.1.1 Captioning playback
          7.1.2 Captioning synchronization
          7.1.3 Preservation of captioning
          7.1.4 Captions characteristics
          7.1.5 Spoken subtitles
          7.2.1 Audio description playback
          7.2.2 Audio description synchronization
          7.2.3 Preservation of audio description
          7.3 User controls for captions and audio description
          """)),
      Chapter(
        id: "en_301_549_hardware", label: "Chapter 8: Hardware",
        provisions: Provision.list(
          """
          8.1.1 Generic requirements
          8.1.2 Standard connections
          8.1.3 Colour
          8.2 Hardware products with speech output
          8.2.1.1 Speech volume range
          8.2.1.2 Incremental volume control
          8.2.2.1 Fixed-line devices
          8.2.2.2 Wireless communication devices
          8.3 Stationary ICT
          8.3.2.1 Unobstructed high forward reach
          8.3.2.2 Unobstructed low forward reach
          8.3.2.3.1 Clear space
          8.3.2.3.2 Obstructed (< 510 mm) forward reach
          8.3.2.3.3 Obstructed (< 635 mm) forward reach
          8.3.2.4 Knee and toe clearance width
          8.3.2.5 Toe clearance
          8.3.2.6 Knee clearance
          8.3.3.1 Unobstructed high side reach
          8.3.3.2 Unobstructed low side reach
          8.3.3.3.1 Obstructed (≤ 255 mm) side reach
          8.3.3.3.2 Obstructed (≤ 610 mm) side reach
          8.3.4.1 Change in level
          8.3.4.2 Clear floor or ground space
          8.3.4.3.2 Forward approach
          8.3.4.3.3 Parallel approach
          8.3.5 Visibility
          8.3.6 Installation instructions
          8.4 Mechanically Operable parts
          8.4.1 Numeric keys
          8.4.2.1 Means of operation of mechanical parts
          8.4.2.2 Force of operation of mechanical parts
          8.4.3 Keys, tickets and fare cards
          8.5 Tactile indication of speech mode
          """)),
      // The catalogue lists Clause 9 without provisions: the WCAG tables are its table.
      Chapter(id: "en_301_549_web", label: "Chapter 9: Web", provisions: []),
      Chapter(
        id: "en_301_549_non-web-documents",
        label: "Chapter 10: Non-Web Documents",
        provisions: Provision.list(
          """
          10.0 General (informative)
          10.5 Caption positioning
          10.6 Audio description timing
          """)),
      Chapter(
        id: "en_301_549_software", label: "Chapter 11: Software",
        provisions: Provision.list(
          """
          11.0 General (informative)
          11.5 Interoperability with assistive technology
          11.5.1 Closed functionality
          11.5.2 Accessibility services
          11.5.2.1 Platform accessibility service support for software that provides a user interface
          11.5.2.2 Platform accessibility service support for assistive technologies
          11.5.2.3 Use of accessibility services
          11.5.2.4 Assistive technology
          11.5.2.5 Object information
          11.5.2.6 Row, column, and headers
          11.5.2.7 Values
          11.5.2.8 Label relationships
          11.5.2.9 Parent-child relationships
          11.5.2.10 Text
          11.5.2.11 List of available actions
          11.5.2.12 Execution of available actions
          11.5.2.13 Tracking of focus and selection attributes
          11.5.2.14 Modification of focus and selection attributes
          11.5.2.15 Change notification
          11.5.2.16 Modifications of states and properties
          11.5.2.17 Modifications of values and text
          11.6 Documented accessibility usage
          11.6.1 User control of accessibility features
          11.6.2 No disruption of accessibility features
          11.7 User preferences
          11.8 Authoring tools
          11.8.1 Content technology
          11.8.2 Accessible content creation
          11.8.3 Preservation of accessibility information in transformations
          11.8.4 Repair assistance
          11.8.5 Templates
          """)),
      Chapter(
        id: "en_301_549_documentation_and_support_services",
        label: "Chapter 12: Documentation and Support Services",
        provisions: Provision.list(
          """
          12.1 Product documentation
          12.1.1 Accessibility and compatibility features
          12.1.2 Accessible documentation
          12.2 Support services
          12.2.2 Information on accessibility and compatibility features
          12.2.3 Effective communication
          12.2.4 Accessible documentation
          """)),
      Chapter(
        id: "en_301_549_ict_providing_relay_or_emergency_service_access",
        label: "Chapter 13: ICT Providing Relay or Emergency Service Access",
        provisions: Provision.list(
          """
          13.1 Relay services requirements
          13.1.2 Text relay services
          13.1.3 Sign relay services
          13.1.4 Lip-reading relay services
          13.1.5 Captioned telephony services
          13.1.6 Speech to speech relay services
          13.2 Access to relay services
          13.3 Access to emergency services
          """)),
    ], clauseHeadings: true)
}
