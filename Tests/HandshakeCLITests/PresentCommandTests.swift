import Foundation
import Testing

/// `handshake present` end to end: a verifier written in Python (Tests/HandshakeCredentialsTests/Conformance/
/// oid4vp_verifier_server.py) serves a signed request object on loopback and checks the answer with PyJWT and
/// joserfc.
@Suite("handshake present (OpenID4VP wallet)")
struct PresentCommandTests {
    /// The Python verifier, running until the test ends.
    final class Verifier {
        let process = Process()
        let log: URL
        let link: String
        let clientID: String

        init(in directory: URL) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("HandshakeCredentialsTests/Conformance/oid4vp_verifier_server.py")
            log = directory.appendingPathComponent("verifier.log")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, log.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // The first line names the link; the server is listening by then. A dead server ends the read.
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                line.append(byte)
            }
            let first = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any], "the Python verifier did not start")
            link = try #require(first["link"] as? String)
            clientID = try #require(first["client_id"] as? String)
        }

        /// What the verifier received, one entry per POST.
        var received: [[String: Any]] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        deinit {
            // SIGKILL: the test process's threads block SIGTERM, and a child inherits that mask.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    let ada: CLI

    init() throws {
        ada = try CLI()
        try #require(ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(ada.run("card", "set", "--email", "ada@example.com", "--phone", "+44 20 7946 0018", "--company", "Analytical Engines").status == 0)
    }

    @Test func anAnswerReachesTheVerifierWithTheAskedFieldsOnly() throws {
        let verifier = try Verifier(in: ada.home)
        let result = try ada.run(["present", verifier.link, "--yes", "--json", "--allow", "name", "--allow", "emails", "--allow", "phones"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(report["sent"] as? Bool == true)
        #expect(report["clientID"] as? String == verifier.clientID)
        #expect((report["redirectURI"] as? String)?.hasSuffix("/done#code-1") == true)
        #expect((report["disclosed"] as? [String: [String]]) == ["card": ["name", "emails"]])
        let posted = try #require(verifier.received.first)
        #expect(posted["content_type"] as? String == "application/x-www-form-urlencoded")
        #expect((posted["form"] as? [String: String])?["state"] == "state-42")
        let verified = try #require(posted["verified"] as? [String: Any], "\(posted)")
        #expect(verified["holder"] as? String == report["holder"] as? String)
        let subject = try #require((verified["subjects"] as? [String: Any])?["card"] as? [String: Any])
        #expect(Set(subject.keys) == ["id", "name", "emails"])
        // The holder is a key made for this verifier, not Ada's identity; no contact was created.
        let identity = try ada.run("card", "show", "--json")
        #expect(!identity.stdout.contains(report["holder"] as? String ?? "-"))
        #expect(try ada.run("contacts", "--json").stdout.contains("decentralized_identifier") == false)
    }

    @Test func aWithheldRequiredFieldSendsNothing() throws {
        let verifier = try Verifier(in: ada.home)
        let result = try ada.run(["present", verifier.link, "--yes", "--allow", "name"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs emails"), "\(result.stderr)")
        #expect(verifier.received.isEmpty)
        // Without a terminal and without --yes, nobody is asked and nothing is sent.
        let unconfirmed = try ada.run(["present", verifier.link])
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.stderr.contains("--yes"), "\(unconfirmed.stderr)")
        #expect(verifier.received.isEmpty)
    }

    @Test func scanPointsAtPresentAndBadRequestsAreRefused() throws {
        let verifier = try Verifier(in: ada.home)
        let scanned = try ada.run("scan", verifier.link)
        #expect(scanned.status == 0)
        #expect(scanned.stdout.contains("handshake present"), "\(scanned.stdout)")
        let refused = try ada.run(["present", "openid4vp://?client_id=x509_san_dns:verifier.example&request_uri=https%3A%2F%2Fverifier.example%2Fr", "--yes"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("trust list"), "\(refused.stderr)")
        // A request_uri that redirects, or answers with more than a request object can be, is refused.
        for (path, sentence) in [("redirect", "status 302"), ("huge", "more than 65536 bytes")] {
            let result = try ada.run(["present", verifier.link.replacingOccurrences(of: "%2Frequest", with: "%2F" + path), "--yes"])
            #expect(result.status == 1)
            #expect(result.stderr.contains(sentence), "\(result.stderr)")
        }
        let bad = try ada.run(["present", verifier.link, "--allow", "avatar"])
        #expect(bad.status == 2)
    }
}
