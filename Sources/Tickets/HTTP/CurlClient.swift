import CCurl
import CriteriaModel
import Foundation
import Logging

/// HTTP over libcurl.
///
/// One easy handle is reused for every request, so connections are kept alive. TLS verification is
/// always on; a CA file can be added. Secrets never reach the log.
public final class CurlClient: HTTPTransport {
  /// Settings for the client.
  public struct Settings: Sendable {
    public var userAgent =
      "criteria/\(CriteriaVersion.current) (+accessibility acceptance criteria)"
    public var caFile: String?
    public var connectTimeout: Int = 10
    public var timeout: Int = 60
    /// A request moving fewer than `lowSpeedLimit` bytes a second for `lowSpeedTime` seconds has
    /// stalled: libcurl ends it, and it fails like a dropped connection (libcurl's low-speed limit).
    public var lowSpeedLimit: Int = 64
    public var lowSpeedTime: Int = 30
    /// Reuse one connection across requests (the default); false opens a new one each time.
    public var reuseConnections = true
    /// Where each request and response status is logged (at debug level), secrets redacted.
    public var logger = Logger(label: "criteria.http")
    /// Hides this run's secrets in the log and in error messages.
    public var redactor = Redactor()

    /// Creates settings.
    public init() {}
  }

  private let handle: UnsafeMutableRawPointer
  private let settings: Settings
  private static let globalInit: Void = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
  }()

  /// Creates a client.
  public init(settings: Settings = Settings()) throws(TransportError) {
    _ = Self.globalInit
    guard let handle = curl_easy_init() else {
      throw TransportError(message: "libcurl could not start", retryable: false)
    }
    self.handle = handle
    self.settings = settings
  }

  deinit { curl_easy_cleanup(handle) }

  public func send(_ request: HTTPRequest) throws(TransportError)
    -> HTTPResponse
  {
    curl_easy_reset(handle)
    let sink = ResponseSink()
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
    for (name, value) in request.headers {
      headerList = curl_slist_append(headerList, "\(name): \(value)")
    }
    // Without this libcurl sends "Expect: 100-continue" for larger bodies and waits for the server.
    headerList = curl_slist_append(headerList, "Expect:")
    // Each option is set only while every one before it was accepted; the first refusal is reported.
    var code = CURLE_OK
    func set(_ option: () -> CURLcode) {
      if code == CURLE_OK { code = option() }
    }
    set { criteria_curl_setopt_string(handle, CURLOPT_URL, request.url) }
    set {
      criteria_curl_setopt_string(handle, CURLOPT_USERAGENT, settings.userAgent)
    }
    set { criteria_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
    // Timeouts, the low-speed limit that ends a stalled request, and TLS verification (always on).
    var numbers: [(CURLoption, Int)] = [
      (CURLOPT_CONNECTTIMEOUT, settings.connectTimeout),
      (CURLOPT_TIMEOUT, settings.timeout),
      (CURLOPT_LOW_SPEED_LIMIT, settings.lowSpeedLimit),
      (CURLOPT_LOW_SPEED_TIME, settings.lowSpeedTime),
      (CURLOPT_SSL_VERIFYPEER, 1), (CURLOPT_SSL_VERIFYHOST, 2),
      (CURLOPT_NOSIGNAL, 1),
    ]
    if !settings.reuseConnections {
      numbers += [(CURLOPT_FRESH_CONNECT, 1), (CURLOPT_FORBID_REUSE, 1)]
    }
    for (option, value) in numbers {
      set { criteria_curl_setopt_long(handle, option, value) }
    }
    if let caFile = settings.caFile {
      set { criteria_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
    }
    sink.upload = request.body ?? Data()
    let box = Unmanaged.passRetained(sink)
    defer { box.release() }
    set { setMethod(request, sink: box.toOpaque()) }
    set { criteria_curl_setopt_write_function(handle, curlWriteBody) }
    set {
      criteria_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, box.toOpaque())
    }
    set { criteria_curl_setopt_header_function(handle, curlWriteHeader) }
    set {
      criteria_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, box.toOpaque())
    }
    guard code == CURLE_OK else {
      throw TransportError(message: Self.message(code), retryable: false)
    }
    settings.logger.debug("\(settings.redactor.describe(request))")
    let result = curl_easy_perform(handle)
    if sink.overflowed {
      throw TransportError(
        message:
          "\(request.method) \(settings.redactor.text(request.url)): the answer is larger than "
          + "\(ResponseSink.limit >> 20) MiB; criteria does not read it",
        retryable: false, answered: true)
    }
    guard result == CURLE_OK else {
      if Self.certificateProblem(result) {
        let hint =
          settings.caFile.map {
            "check that \($0) (ca_file) holds the CA that signed the server's certificate"
          }
          ?? "if the server uses a private CA, name its certificate file with the ca_file option (verification is never turned off)"
        throw TransportError(
          message:
            "\(settings.redactor.text(request.url)): TLS verification failed (\(Self.message(result))); \(hint)",
          retryable: false, fatal: true)
      }
      throw TransportError(
        message:
          "\(request.method) \(settings.redactor.text(request.url)): \(Self.message(result))",
        retryable: Self.retryable(result),
        neverSent: [
          CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST,
          CURLE_COULDNT_RESOLVE_PROXY,
        ].contains(result))
    }
    var status = 0
    _ = criteria_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    settings.logger.debug("< HTTP \(status)")
    return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
  }

  private func setMethod(_ request: HTTPRequest, sink: UnsafeMutableRawPointer)
    -> CURLcode
  {
    guard let body = request.body else {
      if request.method == "GET" {
        return criteria_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
      }
      return criteria_curl_setopt_string(
        handle, CURLOPT_CUSTOMREQUEST, request.method)
    }
    var code: CURLcode
    if request.resendable {
      // The size first, then COPYPOSTFIELDS: libcurl copies the bytes, so the Data may go away.
      code = criteria_curl_setopt_long(
        handle, CURLOPT_POSTFIELDSIZE, body.count)
      if code == CURLE_OK {
        let bytes = [CChar](unsafeUninitializedCapacity: body.count + 1) {
          buffer, count in
          body.withUnsafeBytes { raw in
            for (index, byte) in raw.enumerated() {
              buffer[index] = CChar(bitPattern: byte)
            }
          }
          buffer[body.count] = 0
          count = body.count + 1
        }
        code = bytes.withUnsafeBufferPointer {
          criteria_curl_setopt_string(
            handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
        }
      }
    } else {
      // A create. When a reused connection dies before any answer, libcurl resends a POSTFIELDS body on a
      // new connection by itself, and the tracker may then hold the ticket twice. A body read through a
      // callback that cannot rewind makes libcurl fail instead (CURLE_SEND_FAIL_REWIND), and the filer
      // searches for the ticket's marker before it sends anything again.
      code = criteria_curl_setopt_long(handle, CURLOPT_POST, 1)
      code =
        code == CURLE_OK
        ? criteria_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
        : code
      code =
        code == CURLE_OK
        ? criteria_curl_setopt_read_function(handle, curlReadBody) : code
      code =
        code == CURLE_OK
        ? criteria_curl_setopt_pointer(handle, CURLOPT_READDATA, sink) : code
    }
    if code == CURLE_OK, request.method != "POST" {
      code = criteria_curl_setopt_string(
        handle, CURLOPT_CUSTOMREQUEST, request.method)
    }
    return code
  }

  static func certificateProblem(_ code: CURLcode) -> Bool {
    [
      CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
    ].contains(code)
  }

  static func message(_ code: CURLcode) -> String {
    String(cString: curl_easy_strerror(code))
  }

  static func retryable(_ code: CURLcode) -> Bool {
    [
      CURLE_OPERATION_TIMEDOUT, CURLE_COULDNT_CONNECT, CURLE_RECV_ERROR,
      CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
      CURLE_PARTIAL_FILE, CURLE_COULDNT_RESOLVE_HOST, CURLE_SEND_FAIL_REWIND,
    ].contains(code)
  }
}

/// Collects a response's body and headers from libcurl's callbacks.
final class ResponseSink {
  /// The largest answer read; a tracker's answer is a few kilobytes, and a huge one is a fault or an attack.
  static let limit = 16 << 20
  var body = Data()
  var overflowed = false
  var headers: [String: String] = [:]
  /// A create's body, handed to libcurl by `curlReadBody`, and how much of it has been sent.
  var upload = Data()
  var uploaded = 0

  /// The sink a callback's user pointer (`CURLOPT_WRITEDATA` and the like) points to.
  static func from(_ user: UnsafeMutableRawPointer) -> ResponseSink {
    Unmanaged<ResponseSink>.fromOpaque(user).takeUnretainedValue()
  }
}

private let curlReadBody: curl_read_callback = { buffer, size, count, user in
  guard let buffer, let user else { return 0 }
  let sink = ResponseSink.from(user)
  let length = min(size * count, sink.upload.count - sink.uploaded)
  guard length > 0 else { return 0 }
  sink.upload.withUnsafeBytes { raw in
    guard let start = raw.baseAddress else { return }
    UnsafeMutableRawPointer(buffer).copyMemory(
      from: start + sink.uploaded, byteCount: length)
  }
  sink.uploaded += length
  return length
}

private let curlWriteBody: curl_write_callback = { data, size, count, user in
  guard let data, let user else { return 0 }
  let sink = ResponseSink.from(user)
  guard sink.body.count + size * count <= ResponseSink.limit else {
    sink.overflowed = true
    return 0  // libcurl stops the transfer
  }
  sink.body.append(
    UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
    count: size * count)
  return size * count
}

private let curlWriteHeader: curl_write_callback = { data, size, count, user in
  guard let data, let user else { return 0 }
  let sink = ResponseSink.from(user)
  let line = String(
    decoding: UnsafeRawBufferPointer(start: data, count: size * count),
    as: UTF8.self)
  // A new response (after a redirect or 100 Continue).
  if line.hasPrefix("HTTP/") { sink.headers = [:] }
  if let colon = line.firstIndex(of: ":") {
    let name = line[..<colon].lowercased()
    sink.headers[name] = line[line.index(after: colon)...].trimmingCharacters(
      in: .whitespacesAndNewlines)
  }
  return size * count
}
