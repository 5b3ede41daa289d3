import Audit
import CriteriaModel
import Foundation

/// A writer from the criteria model to one output format.
///
/// Rendering is pure: an exporter returns an artifact, and a sink decides where it goes (a file, a
/// folder, or nowhere in a dry run).
public protocol Exporter: Sendable {
  /// The name users write in configs and on the command line, e.g. `xlsx`.
  static var name: String { get }
  /// One line for `criteria exporters`.
  static var summary: String { get }
  /// The option keys this exporter accepts, with a one-line description each.
  static var optionHelp: [String: String] { get }
  /// Whether the output is a folder of files rather than one file.
  static var writesFolder: Bool { get }

  /// Creates the exporter with its options; unknown or ill-typed options are errors.
  init(options: ExportOptions) throws(ExportError)

  /// Renders the catalog.
  func export(_ catalog: Catalog, context: ExportContext) throws(ExportError)
    -> ExportArtifact
}

extension Exporter {
  public static var optionHelp: [String: String] { [:] }
  public static var writesFolder: Bool { false }
}

/// Values that make output reproducible: the generation date comes from here, never from the clock inside an exporter.
public struct ExportContext: Sendable {
  /// The date written into outputs (document properties, headers).
  public var date: Date = Date()
  /// The tool version, for generator fields.
  public var toolVersion: String = CriteriaVersion.current

  /// The date as `YYYY-MM-DD` in UTC, for headers and report dates.
  public var day: String { timestamp("yyyy-MM-dd") }

  public init(
    date: Date = Date(), toolVersion: String = CriteriaVersion.current
  ) {
    self.date = date
    self.toolVersion = toolVersion
  }

  /// The date in UTC as `format` (a `DateFormatter` pattern) spells it, in the POSIX locale.
  public func timestamp(_ format: String) -> String {
    UTCDate.string(date, format)
  }

  /// The context of a run: the date is `SOURCE_DATE_EPOCH` when it is set (the reproducible-builds
  /// convention, whole seconds since 1970 UTC), else now.
  ///
  /// A value that is not a whole number of seconds is an error, not a silent fallback to the clock.
  public init(environment: [String: String]) throws(ExportError) {
    guard let raw = environment["SOURCE_DATE_EPOCH"] else {
      self.init()
      return
    }
    let text = raw.trimmingCharacters(in: .whitespaces)
    guard let seconds = Int64(text), seconds >= 0, seconds <= 253_402_300_799
    else {
      throw ExportError(
        "SOURCE_DATE_EPOCH: '\(raw)' is not a whole number of seconds since 1970-01-01 UTC "
          + "(such as 1767225600); unset it to use the current time")
    }
    self.init(date: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }
}

/// An exporter of the audit checklist (workbook, CSV) that can rebuild it with an older audit's results
/// carried over (`criteria refresh`).
public protocol AuditExporter: Exporter {
  /// The columns and words the checklist is written with.
  var layout: AuditLayout { get }
  /// Renders the checklist with `carry`'s results (nil: a fresh checklist).
  func export(
    _ catalog: Catalog, carrying carry: AuditCarry?, context: ExportContext
  ) throws(ExportError) -> ExportArtifact
}
