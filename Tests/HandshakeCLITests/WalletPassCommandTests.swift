import Foundation
import HandshakeTestSupport
import Testing

/// `handshake card wallet-pass`: the program's pass verifies with openssl against the test CA, and a key
/// that is not the certificate's is refused with exit 1 and nothing written.
@Suite("handshake card wallet-pass")
struct WalletPassCommandTests {
    @Test("writes a signed .pkpass whose QR code is the card; refuses another key")
    func walletPass() async throws {
        let ca = try await PassCertificateAuthority()
        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        let output = ca.path("ada.pkpass")
        let made = try await ada.run(
            "card", "wallet-pass", "--certificate", ca.path("pass.pem"), "--key", ca.path("pass.key"), "--chain", ca.path("ca.pem"), "-o", output)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("the pass pass.org.example.handshake of Ada Lovelace"), "\(made.stdout)")

        try await Tool.require("unzip", "-q", output, "-d", ca.path("unpacked"))
        let verify = try await ca.verifyWithOpenSSL(signature: ca.path("unpacked/signature"), manifest: ca.path("unpacked/manifest.json"))
        #expect(verify.status == 0, "\(verify.stderr)")
        let pass = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ca.path("unpacked/pass.json")))) as? [String: Any])
        let message = try #require((pass["barcodes"] as? [[String: Any]])?.first?["message"] as? String)
        let verdict = try await ada.run("card", "verify", "--json", message)
        #expect(verdict.status == 0 && verdict.stdout.contains("Ada Lovelace"), "\(verdict.stdout)")

        let refused = try await ada.run(
            "card", "wallet-pass", "--certificate", ca.path("pass.pem"), "--key", ca.path("ca.key"), "-o", ca.path("other.pkpass"))
        #expect(refused.status == 1 && refused.stderr.contains("does not belong to the pass certificate"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ca.path("other.pkpass")))
    }

    @Test("--server: the registered server signs from the manifest's digest; openssl verifies the pass")
    func signedByTheServer() async throws {
        let ca = try await PassCertificateAuthority()
        let server = try await ServeCommandTests.Server.running(
            options: ["--pass-certificate", ca.path("pass.pem"), "--pass-key", ca.path("pass.key"), "--pass-chain", ca.path("ca.pem")])
        defer { if server.process.isRunning { server.process.terminate() } }
        let plainServer = try await ServeCommandTests.Server.running()
        defer { if plainServer.process.isRunning { plainServer.process.terminate() } }

        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        #expect(try await ada.run("card", "wallet-pass", "--server", "--key", ca.path("pass.key"), "-o", ca.path("x.pkpass")).status == 2)
        try #require(await ada.run("server", "register", "--server", server.url).status == 0)
        let output = ca.path("ada.pkpass")
        let made = try await ada.run("card", "wallet-pass", "--server", "-o", output)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("the pass pass.org.example.handshake of Ada Lovelace"), "\(made.stdout)")
        try await Tool.require("unzip", "-q", output, "-d", ca.path("unpacked"))
        let verify = try await ca.verifyWithOpenSSL(signature: ca.path("unpacked/signature"), manifest: ca.path("unpacked/manifest.json"))
        #expect(verify.status == 0, "\(verify.stderr)")

        // A server started without a pass certificate says so.
        let bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob").status == 0)
        try #require(await bob.run("server", "register", "--server", plainServer.url).status == 0)
        let refused = try await bob.run("card", "wallet-pass", "--server", "-o", ca.path("bob.pkpass"))
        #expect(refused.status == 1 && refused.stderr.contains("This server does not sign Wallet passes"), "\(refused.stderr)")
        #expect(try await server.stop() == 0)
        #expect(try await plainServer.stop() == 0)
    }
}
