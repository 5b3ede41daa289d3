import ACR
import CriteriaModel
import Options

/// A `criteria.yml` file: where the criteria are, what to select, and what to write.
public struct CriteriaConfig: Sendable {
  /// One entry of `outputs`.
  public struct Output: Sendable {
    /// A name for `--only`; defaults to the exporter name.
    public var name: String
    /// The exporter that renders it.
    public var exporter: String
    /// Where it goes, relative to the config file (for a tracker: where --dry-run writes payloads).
    public var path: String
    /// Whether the name is a file format or a tracker.
    public var kind: OutputKind
    /// Whether it files tickets.
    public var isTracker: Bool { kind == .tracker }
    /// Exporter options.
    public var options: ExportOptions
    /// The key path of this entry, for messages: `outputs[2]`.
    public var keyPath: String
  }

  /// The config format version; only 1 exists.
  public var version: Int
  /// Files, folders and globs of criteria documents, relative to the config file.
  public var sources: [String]
  /// The languages the documents and the testers' notes are written in (`language`, `notes_language`).
  ///
  /// The notes' own is given when it is not the documents' (English MagentaA11y documents with notes in
  /// German, say). The HTML pages mark their text with them.
  public var languages = TextLanguages()
  /// What to export.
  public var selection: Selection
  /// Files of WCAG mapping rules (`wcag.rules`) that add to or replace the built-in ones, as absolute paths.
  public var wcagRules: [String] = []
  /// The `acr:` section: product and report facts for `criteria acr`.
  public var acr: ACRSettings?
  /// The kinds of document-style warning a run does not print (`warnings.quiet`).
  public var quietWarnings: Set<DocumentStyle> = []
  /// What to write.
  public var outputs: [Output]
  /// The folder the config file is in; relative paths start here.
  public var baseDirectory: String
  /// The config file's path.
  public var file: String
}

/// What an output's `exporter` names.
public enum OutputKind: Sendable, Hashable {
  /// A file exporter, which renders an artifact.
  case file
  /// A tracker, which files tickets.
  case tracker
}

/// The exporters and trackers a config may name: the loader asks it about each output's `exporter`.
public protocol OutputNames {
  /// What `name` is; an error's message says what is available and suggests the nearest name.
  func kind(ofOutput name: String) throws(UnknownOutput) -> OutputKind
}

/// An output name no exporter or tracker answers to.
public struct UnknownOutput: Error, Sendable {
  /// What is wrong, with the names available.
  public var message: String

  public init(_ message: String) { self.message = message }
}
