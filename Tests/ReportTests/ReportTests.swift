import Foundation
import TestSupport
import Testing

@testable import Report

@Suite("the HTML audit report")
struct ReportTests {
  @Test(
    "SHA-256 gives FIPS 180-4's example digests (the CSP hash of the report's script)",
    arguments: [
      (
        "abc",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
      ),
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        String(repeating: "a", count: 1000),
        "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
      ),
    ])
  func sha256(message: String, hex: String) {
    #expect(
      Digest.sha256(Array(message.utf8)).map { String(format: "%02x", $0) }
        .joined() == hex)
  }
}
