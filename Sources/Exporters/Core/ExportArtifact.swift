import Foundation

/// What an exporter produces, before anything touches the disk.
public enum ExportArtifact: Sendable {
  /// One file's bytes.
  case file(Data)
  /// Several files, by relative path, for a folder output (one `.feature` per component, say).
  case folder([(name: String, data: Data)])
  /// A file that a C library must write itself to a path it is given (libxlsxwriter writes only to paths).
  case writtenByLibrary(@Sendable (String) throws(ExportError) -> Void)
}
