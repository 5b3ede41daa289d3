import CXlsxWriter

/// The libxlsxwriter this build runs with, for `criteria --version`.
public enum XLSXLibrary {
  /// Its version as the library reports it, such as `1.1.4`.
  public static var version: String { String(cString: lxw_version()) }
}
