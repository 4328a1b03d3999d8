import Crypto
import Foundation
import HandshakeCore
import HandshakeQR
import HandshakeWalletPass
import HandshakeTestSupport
import Testing

/// The `.pkpass` checked by tools we did not write: `zipinfo` shows the layout Wallet requires (every
/// file at the root), `openssl cms -verify` accepts the detached signature over manifest.json with a test
/// CA made by openssl for the run, the signature carries its signing time, and the manifest's SHA-1s are
/// those `sha1sum` computes. Needs openssl, unzip (zipinfo) and coreutils (scripts/install-test-tools);
/// a missing one fails the test.
@Suite("Apple Wallet pass")
struct WalletPassTests {
    func card() throws -> SignedCard {
        let identity = Identity.generate()
        var profile = CardProfile(identity: identity, now: Date())
        try profile.edit(now: Date()) {
            $0.name = "Ada Lovelace"
            $0.company = "Analytical Engines"
            $0.emails = ["ada@example.com"]
        }
        profile.share([.name, .company, .emails], now: Date())
        return try profile.issueCard(identity: identity)
    }

    @Test("zipinfo shows the layout, openssl verifies the signature with its signing time, the manifest is right")
    func againstOpenSSL() async throws {
        let ca = try await PassCertificateAuthority()
        let signer = try PassSigner(certificatePEM: try ca.text("pass.pem"), privateKeyPEM: try ca.text("pass.key"), chainPEM: try ca.text("ca.pem"))
        #expect(signer.passTypeIdentifier == "pass.org.example.handshake")
        #expect(signer.teamIdentifier == "TEAM123456")
        let card = try card()
        let pass = WalletPass(card: card, passTypeIdentifier: "pass.org.example.handshake", teamIdentifier: "TEAM123456")
        let bytes = try PassPackage.pkpass(pass, signer: signer, now: Date())
        let file = ca.path("card.pkpass")
        try Data(bytes).write(to: URL(fileURLWithPath: file))

        let listing = try await Tool.require("zipinfo", "-1", file)
        #expect(listing.split(separator: "\n").map(String.init) == ["icon.png", "icon@2x.png", "manifest.json", "pass.json", "signature"])
        let unpacked = ca.path("unpacked")
        try await Tool.require("unzip", "-q", file, "-d", unpacked)

        let verify = try await ca.verifyWithOpenSSL(signature: unpacked + "/signature", manifest: unpacked + "/manifest.json")
        #expect(verify.status == 0 && verify.stderr.contains("Verification successful"), "\(verify.stderr)")
        let printed = try await Tool.require("openssl", "cms", "-cmsout", "-print", "-inform", "DER", "-in", unpacked + "/signature")
        #expect(printed.contains("signingTime"), "\(printed)")
        #expect(printed.contains("Pass Type ID: pass.org.example.handshake") && printed.contains("Handshake Test WWDR"))

        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: unpacked + "/manifest.json"))) as? [String: String])
        #expect(manifest.keys.sorted() == ["icon.png", "icon@2x.png", "pass.json"])
        for (name, hash) in manifest {
            let sum = try await Tool.require("sha1sum", unpacked + "/" + name)
            #expect(sum.hasPrefix(hash + " "), "\(name): \(sum) vs \(hash)")
        }

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: unpacked + "/pass.json"))) as? [String: Any])
        #expect(json["formatVersion"] as? Int == 1 && json["passTypeIdentifier"] as? String == "pass.org.example.handshake")
        #expect(json["teamIdentifier"] as? String == "TEAM123456")
        let barcode = try #require((json["barcodes"] as? [[String: Any]])?.first)
        #expect(barcode["format"] as? String == "PKBarcodeFormatQR")
        // The barcode is the signed card itself: reading it back gives the same, verified card.
        let message = try #require(barcode["message"] as? String)
        #expect(try CardText.read(Array(message.utf8), now: Date()).card == card)
        let primary = (json["generic"] as? [String: Any])?["primaryFields"] as? [[String: String]]
        #expect(primary?.first?["value"] == "Ada Lovelace")

        let icon = try await Tool.require("file", unpacked + "/icon.png")
        #expect(icon.contains("29 x 29"), "\(icon)")

        // A manifest changed after signing no longer verifies: the check above can fail.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: unpacked + "/manifest.json"))
        let altered = try await ca.verifyWithOpenSSL(signature: unpacked + "/signature", manifest: unpacked + "/manifest.json")
        #expect(altered.status != 0)
    }

    @Test("signed elsewhere: the manifest goes out, the signature comes back, and a wrong manifest is refused")
    func remoteSigning() async throws {
        let ca = try await PassCertificateAuthority()
        let signer = try PassSigner(certificatePEM: try ca.text("pass.pem"), privateKeyPEM: try ca.text("pass.key"))
        let pass = WalletPass(card: try card(), passTypeIdentifier: "pass.org.example.handshake", teamIdentifier: "TEAM123456")
        let manifest = try PassPackage.manifest(for: pass)
        let signature = try signer.sign(manifest: manifest, now: Date())
        let bytes = try PassPackage.pkpass(pass, manifest: manifest, signature: signature)
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))  // a zip archive
        let other = WalletPass(card: try card(), passTypeIdentifier: "pass.org.example.handshake", teamIdentifier: "TEAM123456")
        #expect(throws: WalletPassError.manifestDoesNotMatch) { try PassPackage.pkpass(other, manifest: manifest, signature: signature) }
    }

    @Test("signed from the manifest's digest alone: openssl verifies it with its signing time, and not for another manifest")
    func signedFromTheDigest() async throws {
        let ca = try await PassCertificateAuthority()
        let signer = try PassSigner(certificatePEM: try ca.text("pass.pem"), privateKeyPEM: try ca.text("pass.key"), chainPEM: try ca.text("ca.pem"))
        let pass = WalletPass(card: try card(), passTypeIdentifier: "pass.org.example.handshake", teamIdentifier: "TEAM123456")
        let manifest = try PassPackage.manifest(for: pass)
        let signature = try signer.sign(manifestDigest: Array(SHA256.hash(data: manifest)), now: Date(timeIntervalSince1970: 1_795_000_000))
        let bytes = try PassPackage.pkpass(pass, manifest: manifest, signature: signature)
        let file = ca.path("card.pkpass")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let unpacked = ca.path("unpacked")
        try await Tool.require("unzip", "-q", file, "-d", unpacked)

        let verify = try await ca.verifyWithOpenSSL(signature: unpacked + "/signature", manifest: unpacked + "/manifest.json")
        #expect(verify.status == 0 && verify.stderr.contains("Verification successful"), "\(verify.stderr)")
        let printed = try await Tool.require("openssl", "cms", "-cmsout", "-print", "-inform", "DER", "-in", unpacked + "/signature")
        #expect(printed.contains("signingTime") && printed.contains("Nov 18 11:06:40 2026 GMT"), "\(printed.components(separatedBy: "signingTime").last?.prefix(200) ?? "")")
        #expect(printed.contains("Pass Type ID: pass.org.example.handshake") && printed.contains("Handshake Test WWDR"))

        try Data("{}".utf8).write(to: URL(fileURLWithPath: unpacked + "/manifest.json"))
        #expect(try await ca.verifyWithOpenSSL(signature: unpacked + "/signature", manifest: unpacked + "/manifest.json").status != 0)
        #expect(throws: WalletPassError.signing("a SHA-256 digest is 32 bytes, not 20")) {
            try signer.sign(manifestDigest: [UInt8](repeating: 0, count: 20), now: Date())
        }
    }

    @Test("a key that is not the certificate's and text that is not PEM are refused with a sentence")
    func refusals() async throws {
        let ca = try await PassCertificateAuthority()
        #expect(throws: WalletPassError.keyDoesNotMatchCertificate) {
            try PassSigner(certificatePEM: try ca.text("pass.pem"), privateKeyPEM: try ca.text("ca.key"))
        }
        do {
            _ = try PassSigner(certificatePEM: "not a certificate", privateKeyPEM: try ca.text("pass.key"))
            Issue.record("accepted text that is not a certificate")
        } catch let error as WalletPassError {
            #expect(error.description.hasPrefix("The pass certificate can't be read"))
        }
    }
}
