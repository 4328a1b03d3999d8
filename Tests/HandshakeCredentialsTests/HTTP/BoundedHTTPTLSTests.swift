import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCredentials

/// https through the bounded exchange, against Python's ssl (OpenSSL) with a certificate made by the openssl
/// tool for `localhost` and 127.0.0.1: the name is sent (SNI) and checked against the certificate, and a
/// certificate nobody trusts is a sentence, not an answer.
@Suite(.serialized) struct BoundedHTTPTLSTests {
    final class Server: Sendable {
        let process: Process
        let port: Int
        let certificate: String

        init() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (cert, key) = (folder.appendingPathComponent("cert.pem").path, folder.appendingPathComponent("key.pem").path)
            try await Tool.require(
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert)
            certificate = try String(contentsOfFile: cert, encoding: .utf8)
            let script = try ArticleCode.packageRoot(of: #filePath).appendingPathComponent("Tests/HandshakeCredentialsTests/Conformance/tls_server.py")
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, cert, key]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line.append(byte) }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw Tool.Failure("the Python https server did not start") }
            self.port = port
        }

        deinit { kill(process.processIdentifier, SIGKILL) }
    }

    @Test func aTrustedCertificateForTheNameAnswersAndAnUntrustedOneIsASentence() async throws {
        let server = try await Server()
        var trusting = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 10_000)
        trusting.trustRoots = [server.certificate]
        let byName = try await trusting.send(BoundedHTTP.Request("GET", try #require(URL(string: "https://localhost:\(server.port)/x"))))
        let seen = try #require(try JSONSerialization.jsonObject(with: byName.body) as? [String: Any])
        #expect(byName.status == 200 && seen["sni"] as? String == "localhost" && seen["host"] as? String == "localhost:\(server.port)")
        // By address: no name to send, and the certificate is checked against the address.
        let byAddress = try await trusting.send(BoundedHTTP.Request("GET", try #require(URL(string: "https://127.0.0.1:\(server.port)/x"))))
        #expect(byAddress.status == 200)

        let systemTrust = BoundedHTTP(timeout: .seconds(60), maxResponseBytes: 10_000)
        let request = BoundedHTTP.Request("GET", try #require(URL(string: "https://localhost:\(server.port)/x")))
        do throws(BoundedHTTP.Failure) {
            _ = try await systemTrust.send(request)
            Issue.record("a certificate nobody trusts was accepted")
        } catch {
            #expect(
                error.description
                    == "Could not reach localhost: its certificate is not valid for this address, or not signed by an authority this computer trusts.",
                "\(error.description)")
        }
    }
}
