import CCurl

/// The libcurl this build runs with, for `criteria --version` and messages.
public enum CurlLibrary {
  /// Its version and TLS backend as the library reports them, such as `7.88.1 (OpenSSL/3.0.17)`.
  public static var version: String {
    guard let info = criteria_curl_version_info() else { return "unknown" }
    let version = info.pointee.version.map { String(cString: $0) } ?? "unknown"
    let tls = info.pointee.ssl_version.map { " (\(String(cString: $0)))" } ?? ""
    return version + tls
  }
}
