/// One registered output: its name, help, and how to make it from an output's options.
///
/// The file exporters (`ExporterEntry`, `Made` an exporter) and the trackers (`TrackerEntry`, `Made` a
/// tracker) are entries of this one shape, so `criteria exporters` and a config's `exporter:` treat
/// them alike.
public struct RegistryEntry<Made>: Sendable {
  /// The name users write as an output's `exporter` (or after `--to`).
  public var name: String
  /// One line for `criteria exporters`.
  public var summary: String
  /// The options it takes, with their help.
  public var optionHelp: [String: String]
  /// Where it comes from: "built in", or the definition file.
  public var origin: String
  /// Makes it; unknown or ill-typed options are errors.
  public var make: @Sendable (ExportOptions) throws(ExportError) -> Made

  /// Creates an entry.
  public init(
    name: String, summary: String, optionHelp: [String: String],
    origin: String = "built in",
    make: @escaping @Sendable (ExportOptions) throws(ExportError) -> Made
  ) {
    self.name = name
    self.summary = summary
    self.optionHelp = optionHelp
    self.origin = origin
    self.make = make
  }
}
