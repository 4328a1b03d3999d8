import Foundation
import HandshakeTestSupport
import Testing

/// `handshake present` end to end: a verifier written in Python (Tests/HandshakeCredentialsTests/Conformance/
/// oid4vp_verifier_server.py) serves a signed request object on loopback and checks the answer with PyJWT and
/// joserfc.
@Suite("handshake present (OpenID4VP wallet)")
struct PresentCommandTests {
    typealias Verifier = PythonVerifier

    let ada: CLI

    init() async throws {
        ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--email", "ada@example.com", "--phone", "+44 20 7946 0018", "--company", "Analytical Engines").status == 0)
    }

    @Test func anAnswerReachesTheVerifierWithTheAskedFieldsOnly() async throws {
        let verifier = try await Verifier(in: ada.home)
        let result = try await ada.run(["present", verifier.link, "--yes", "--json", "--allow", "name", "--allow", "emails", "--allow", "phones"])
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
        let identity = try await ada.run("card", "show", "--json")
        #expect(!identity.stdout.contains(report["holder"] as? String ?? "-"))
        #expect(try await ada.run("contacts", "--json").stdout.contains("decentralized_identifier") == false)
    }

    @Test func aWithheldRequiredFieldSendsNothing() async throws {
        let verifier = try await Verifier(in: ada.home)
        let result = try await ada.run(["present", verifier.link, "--yes", "--allow", "name"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs emails"), "\(result.stderr)")
        #expect(verifier.received.isEmpty)
        // Without a terminal and without --yes, nobody is asked and nothing is sent.
        let unconfirmed = try await ada.run(["present", verifier.link])
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.stderr.contains("--yes"), "\(unconfirmed.stderr)")
        #expect(verifier.received.isEmpty)
    }

    @Test func scanPointsAtPresentAndBadRequestsAreRefused() async throws {
        let verifier = try await Verifier(in: ada.home)
        let scanned = try await ada.run("scan", verifier.link)
        #expect(scanned.status == 0)
        #expect(scanned.stdout.contains("handshake present"), "\(scanned.stdout)")
        let refused = try await ada.run(["present", "openid4vp://?client_id=x509_san_dns:verifier.example&request_uri=https%3A%2F%2Fverifier.example%2Fr", "--yes"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("trust list"), "\(refused.stderr)")
        // A request_uri that redirects, or answers with more than a request object can be, is refused.
        for (path, sentence) in [("redirect", "status 302"), ("huge", "more than 65536 bytes")] {
            let result = try await ada.run(["present", verifier.link.replacingOccurrences(of: "%2Frequest", with: "%2F" + path), "--yes"])
            #expect(result.status == 1)
            #expect(result.stderr.contains(sentence), "\(result.stderr)")
        }
        let bad = try await ada.run(["present", verifier.link, "--allow", "avatar"])
        #expect(bad.status == 2)
    }
}
