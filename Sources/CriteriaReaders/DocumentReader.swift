import CriteriaModel
import Foundation

/// What reading one document produced: the component (nil when it could not be read) and every diagnostic.
public struct ReadResult: Sendable {
  /// The component, or nil after an error that stopped the read.
  public var component: Component?
  /// Errors and warnings, in line order.
  public var diagnostics: [Diagnostic]

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Reads MagentaA11y documents of either format; the entry point of this module.
public struct DocumentReader: Sendable {
  /// Creates a reader.
  public init() {}

  /// Reads a document from disk; `shownAs` is the path its diagnostics and component name (default: `path`).
  public func read(path: String, shownAs: String? = nil) -> ReadResult {
    let shown = shownAs ?? path
    if let size = FileKind.size(path), size > Self.maximumSize {
      return ReadResult(
        component: nil,
        diagnostics: [
          Diagnostic(
            .error, SourceLocation(file: shown, line: 0),
            "the file is \(size >> 20) MiB; a criteria document is at most \(Self.maximumSize >> 20) MiB, so this is not one"
          )
        ])
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      let message =
        exists
        ? "the file cannot be read; check its permissions" : "no such file"
      return ReadResult(
        component: nil,
        diagnostics: [
          Diagnostic(.error, SourceLocation(file: shown, line: 0), message)
        ])
    }
    return read(bytes: [UInt8](data), path: shown)
  }

  /// How an error about a file that is not a criteria document at all begins.
  public static let notADocument = "no MagentaA11y sections found"

  /// The largest document read (the largest real MagentaA11y document is about 20 KiB).
  public static let maximumSize = 8 << 20

  /// Reads a document's bytes; `path` is used for diagnostics and to derive the component id.
  public func read(bytes: [UInt8], path: String) -> ReadResult {
    do throws(ReadError) {
      guard bytes.count <= Self.maximumSize else {
        throw ReadError(
          SourceLocation(file: path, line: 0),
          "the file is \(bytes.count >> 20) MiB; a criteria document is at most \(Self.maximumSize >> 20) MiB, so this is not one"
        )
      }
      let text = try DocumentText(path: path, bytes: bytes)
      let raw = try DocumentFormats.format(of: text).init().read(text)
      var (component, diagnostics) = raw.component(text)
      diagnostics += text.repairs
      let sorted = diagnostics.sorted {
        ($0.location.line, $0.severity) < ($1.location.line, $1.severity)
      }
      return ReadResult(component: component, diagnostics: sorted)
    } catch {
      return ReadResult(component: nil, diagnostics: [error.diagnostic])
    }
  }
}
