import CLibCrypto

/// SHA-256 (FIPS 180-4) through OpenSSL's libcrypto, for the Content-Security-Policy hash of the
/// report's one inline script.
///
/// Foundation on Linux has no digest; libcrypto is the one libcurl already loads. The browser checks the
/// hash itself (a wrong one blocks the script, and the browser tests would fail), and the unit tests
/// check the NIST example vectors.
enum Digest {
  /// The 32-byte SHA-256 digest of `message`.
  static func sha256(_ message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = message.withUnsafeBytes { bytes in
      EVP_Digest(
        bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
    }
    // EVP_Digest fails only when memory runs out; a wrong digest would block the script silently.
    precondition(done == 1 && length == 32, "OpenSSL's SHA-256 failed")
    return Array(digest.prefix(Int(length)))
  }
}
