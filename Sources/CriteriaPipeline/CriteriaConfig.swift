import ACR
import CriteriaModel
import Exporters

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
    /// The file exporter or tracker the name resolved to.
    public var entry: OutputRegistry.Entry
    /// Whether it files tickets.
    public var isTracker: Bool {
      if case .tracker = entry { return true }
      return false
    }
    /// Exporter options.
    public var options: ExportOptions
    /// The key path of this entry, for messages: `outputs[2]`.
    public var keyPath: String
  }

  /// The config format version; only 1 exists.
  public var version: Int
  /// Files, folders and globs of criteria documents, relative to the config file.
  public var sources: [String]
  /// What to export.
  public var selection: Selection
  /// Files of WCAG mapping rules (`wcag.rules`) that add to or replace the built-in ones, as absolute paths.
  public var wcagRules: [String] = []
  /// The `acr:` section: product and report facts for `criteria acr`.
  public var acr: ACRSettings?
  /// What to write.
  public var outputs: [Output]
  /// The folder the config file is in; relative paths start here.
  public var baseDirectory: String
  /// The config file's path.
  public var file: String
}
