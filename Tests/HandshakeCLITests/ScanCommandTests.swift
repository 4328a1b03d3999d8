import Foundation
import Testing

/// `handshake scan` and the VC-JWT export, end to end through the program.
@Suite("handshake scan and card export --format vc-jwt")
struct ScanCommandTests {
    let ada: CLI

    init() async throws {
        ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--email", "ada@example.com").status == 0)
    }

    @Test func anExportedCredentialScansAsVerifiedAndAddsTheCard() async throws {
        let path = ada.file("card.jwt").path
        #expect(try await ada.run("card", "export", "--format", "vc-jwt", "-o", path).status == 0)
        let bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob").status == 0)
        let scanned = try await bob.run("scan", "--json", path)
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: scanned.stdoutBytes) as? [String: Any])
        #expect(json["kind"] as? String == "jwt")
        #expect(json["route"] as? String == "credential")
        #expect(json["status"] as? String == "verified")
        #expect(json["algorithm"] as? String == "EdDSA")
        #expect((json["card"] as? [String: Any])?["name"] as? String == "Ada Lovelace")
        // Scanning stores nothing; adding the credential stores the card inside it.
        #expect(try await bob.run("contacts", "--json").stdout.contains("Ada") == false)
        let added = try await bob.run("add", "--yes", path)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await bob.run("contacts", "--json").stdout.contains("Ada Lovelace"))
    }

    @Test func aDataModel2CredentialIsWrittenOnRequestAndReadLikeAnyOther() async throws {
        let path = ada.file("card-v2.jwt").path
        let exported = try await ada.run("card", "export", "--format", "vc-jwt", "--vc-version", "2", "-o", path)
        #expect(exported.status == 0, "\(exported.stderr)")
        let token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        let claims = try #require(Data(base64Encoded: Self.padded(String(payload))).flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect((claims["@context"] as? [Any])?.first as? String == "https://www.w3.org/ns/credentials/v2")
        #expect(claims["vc"] == nil && claims["validFrom"] is String)
        let bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob").status == 0)
        let added = try await bob.run("add", "--yes", path)
        #expect(added.status == 0 && added.stdout.contains("A Verifiable Credential signed by did:key:"), "\(added.stdout)\(added.stderr)")
        #expect(try await bob.run("contacts", "--json").stdout.contains("Ada Lovelace"))

        let wrong = try await ada.run("card", "export", "--format", "vc-jwt", "--vc-version", "3")
        #expect(wrong.status == 64 || wrong.status == 2, "a usage error")
        #expect(wrong.stderr.contains("--vc-version must be 1.1 or 2"), "\(wrong.stderr)")
    }

    static func padded(_ base64URL: String) -> String {
        let base64 = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
    }

    @Test func otherTextIsNamedAndRefused() async throws {
        for (text, sentence) in [("WIFI:S:Cafe;T:WPA;P:x;;", "Wi-Fi"), ("https://example.com", "web link"), ("hello there", "plain text")] {
            let result = try await ada.run("scan", text)
            #expect(result.status == 1)
            #expect(result.stderr.contains(sentence), "\(result.stderr)")
        }
    }

    @Test func aPlaintextEnvelopeIsUnverified() async throws {
        let result = try await ada.run("scan", "--json", "{\"format\":\"plaintext\",\"card\":{\"name\":\"Linus\"}}")
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(json["status"] as? String == "unverified")
    }
}
