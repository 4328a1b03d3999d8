import Foundation

/// A folder with a test CA and a Pass Type ID certificate it issued (RSA 2048, with the UID and OU that
/// Apple's pass certificates carry), made by openssl for the run, so no key is ever committed.
public final class PassCertificateAuthority {
    public let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-ca-\(UUID().uuidString)", isDirectory: true)
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    public func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    public init() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await Tool.require("openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path("ca.key"))
        try await Tool.require("openssl", "req", "-x509", "-new", "-key", path("ca.key"), "-days", "30", "-subj", "/CN=Handshake Test WWDR/O=Test", "-out", path("ca.pem"))
        try await Tool.require("openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path("pass.key"))
        try await Tool.require(
            "openssl", "req", "-new", "-key", path("pass.key"), "-out", path("pass.csr"),
            "-subj", "/UID=pass.org.example.handshake/CN=Pass Type ID: pass.org.example.handshake/OU=TEAM123456/O=Example/C=GB")
        try await Tool.require(
            "openssl", "x509", "-req", "-in", path("pass.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
            "-days", "30", "-out", path("pass.pem"))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `openssl cms -verify` of a pass's detached `signature` over `manifest` (the unpacked files' paths),
    /// trusting only this CA.
    public func verifyWithOpenSSL(signature: String, manifest: String) async throws -> Tool.Result {
        try await Tool.run(
            "openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", signature, "-content", manifest,
            "-CAfile", path("ca.pem"), "-purpose", "any", "-out", "/dev/null")
    }
}
