import Foundation
import HandshakeTestSupport
import Testing

@Suite("handshake card")
struct CardCommandTests {
    let ada: CLI

    init() async throws {
        ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--company", "Analytical Engines", "--title", "Analyst",
                             "--email", "ada@example.com", "--phone", "+44 20 7946 0000",
                             "--link", "github=https://github.com/ada", "--skill", "mathematics").status == 0)
    }

    @Test("card set --avatar shrinks a camera photo over 64 KB to fit, as phones do")
    func avatarPhotoIsShrunk() async throws {
        // A noisy 2400×1600 picture from ImageMagick: megabytes as a JPEG, like a camera's.
        let photo = ada.file("camera.jpg").path
        _ = try await Tool.require("convert", "-size", "2400x1600", "-seed", "11", "plasma:fractal", "-quality", "95", photo)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int)
        #expect(size > 65_536)
        let result = try await ada.run("card", "set", "--avatar", photo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The photo (2400×1600, "), "\(result.stdout)")
        #expect(result.stdout.contains("was shrunk to 512×341, "), "\(result.stdout)")

        // The card carries the shrunk JPEG; ImageMagick reads it back at that size.
        let vcard = try await ada.run("card", "export", "--format", "vcard").stdout.replacingOccurrences(of: "\r\n ", with: "")
        let line = try #require(vcard.split(separator: "\r\n").first { $0.hasPrefix("PHOTO:") })
        let base64 = try #require(line.split(separator: ",").last)
        let avatar = try #require(Data(base64Encoded: String(base64)))
        #expect(avatar.count <= 65_536)
        let shrunk = ada.file("avatar.jpg")
        try avatar.write(to: shrunk)
        #expect(try await Tool.require("identify", "-format", "%m %wx%h", shrunk.path) == "JPEG 512x341")
    }

    @Test("card show --json has the documented keys")
    func showJSON() async throws {
        let result = try await ada.run("card", "show", "--json")
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        for key in ["nodeId", "didKey", "sigKey", "encKey", "updatedAt", "schema", "name", "company", "title", "emails", "phones", "links", "skills", "shared"] {
            #expect(json[key] != nil, "missing key \(key)")
        }
        #expect(json["name"] as? String == "Ada Lovelace")
        #expect((json["nodeId"] as? String)?.count == 22)
        #expect((json["didKey"] as? String)?.hasPrefix("did:key:z6Mk") == true)
        #expect(Data(base64Encoded: json["sigKey"] as? String ?? "")?.count == 32)
        #expect(json["schema"] as? Int == 1)
    }

    @Test("every export form verifies to the same card", arguments: ["cbor", "qr-text", "code", "link", "vcard"])
    func exportVerify(format: String) async throws {
        let path = ada.file("card.\(format)").path
        #expect(try await ada.run("card", "export", "--format", format, "-o", path).status == 0)
        let bob = try CLI()
        let verdict = try await bob.run("card", "verify", "--json", path)
        #expect(verdict.status == 0, "\(verdict.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: verdict.stdoutBytes) as? [String: Any])
        #expect(json["valid"] as? Bool == true)
        #expect(json["form"] as? String == format)
        let card = try #require(json["card"] as? [String: Any])
        #expect(card["name"] as? String == "Ada Lovelace")
        #expect(card["emails"] as? [String] == ["ada@example.com"])
        let own = try JSONSerialization.jsonObject(with: try await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any]
        #expect(card["nodeId"] as? String == own?["nodeId"] as? String)
    }

    @Test("card verify reads standard input and card text given as the argument")
    func verifyStdinAndText() async throws {
        let link = try await ada.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await ada.run(["card", "verify", "-"], stdin: Data(link.utf8)).status == 0)
        #expect(try await ada.run("card", "verify", link).status == 0)
    }

    @Test("the sharing profile decides which fields go out")
    func sharingProfile() async throws {
        #expect(try await ada.run("card", "profile", "--share", "name,emails").status == 0)
        let path = ada.file("shared.txt").path
        try await ada.run("card", "export", "--format", "qr-text", "-o", path)
        let json = try JSONSerialization.jsonObject(with: try await ada.run("card", "verify", "--json", path).stdoutBytes) as? [String: Any]
        let card = try #require(json?["card"] as? [String: Any])
        #expect(card["name"] != nil && card["emails"] != nil)
        #expect(card["company"] == nil && card["phones"] == nil && card["links"] == nil)
        #expect(try await ada.run("card", "profile", "--share", "name,nonsense").status == 2)
    }

    @Test("editing moves updatedAt forward and re-signs")
    func editBumpsUpdatedAt() async throws {
        func updatedAt() async throws -> Int {
            let json = try JSONSerialization.jsonObject(with: try await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any]
            return try #require(json?["updatedAt"] as? Int)
        }
        let before = try await updatedAt()
        #expect(try await ada.run("card", "set", "--title", "Countess").status == 0)
        await #expect(try updatedAt() > before)
        #expect(try await ada.run("card", "set", "--clear", "title").status == 0)
        let json = try JSONSerialization.jsonObject(with: try await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any]
        #expect(json?["title"] == nil)
    }

    /// Sixteen links in 4-byte characters, each within every link limit, about 37 KB together: with a
    /// 64 KB avatar, more than a signed card may be.
    static let wideLinks: [String] = (0..<16).flatMap { index in
        ["--link", "web\(index)=@" + String(repeating: "𝕏", count: 63) + "=https:" + String(repeating: "𝕏", count: 506)]
    }

    static let cardTooLarge = "bytes signed; the most a card may be is 98,304 bytes. Remove or shorten some fields (the avatar is usually the largest)."

    @Test("an edit that would make the whole card too large to sign is refused and changes nothing")
    func editTooLargeToSign() async throws {
        try #require(await ada.run("card", "set", "--avatar", ada.avatarFile(bytes: 65_536)).status == 0)
        let before = try await ada.run("card", "show", "--json").stdout
        let result = try await ada.run(["card", "set"] + Self.wideLinks)
        #expect(result.status == 1)  // each value is fine; the card as a whole is refused (not a usage error)
        #expect(result.stderr.contains("This card would be "))
        #expect(result.stderr.contains(Self.cardTooLarge), "\(result.stderr)")
        #expect(try await ada.run("card", "show", "--json").stdout == before)
        // Without the avatar, the same links fit.
        #expect(try await ada.run(["card", "set", "--clear", "avatar"] + Self.wideLinks).status == 0)
    }

    @Test("a card made too large by hand in card.json is not handed out, and can still be shortened")
    func handEditedCardTooLarge() async throws {
        try #require(await ada.run("card", "set", "--avatar", ada.avatarFile(bytes: 65_536)).status == 0)
        let profileURL = ada.file("card.json")
        var profile = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: profileURL)) as? [String: Any])
        var card = try #require(profile["card"] as? [String: Any])
        let wide = { (count: Int) in String(repeating: "𝕏", count: count) }
        card["links"] = (0..<16).map { index in ["platform": "web\(index)", "handle": "@" + wide(63), "url": "https:" + wide(506)] }
        profile["card"] = card
        try JSONSerialization.data(withJSONObject: profile).write(to: profileURL)

        for arguments in [["share", "--plain"], ["card", "export", "--format", "link"]] {
            let result = try await ada.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(Self.cardTooLarge), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try await ada.run("card", "set", "--clear", "avatar").status == 0)
        #expect(try await ada.run("card", "export", "--format", "link").status == 0)
    }

    @Test("a tampered card is rejected with exit 1 and the reason on stderr")
    func tamperedCard() async throws {
        let path = ada.file("card.cbor")
        try await ada.run("card", "export", "--format", "cbor", "-o", path.path)
        var bytes = try Data(contentsOf: path)
        bytes[bytes.count - 5] ^= 0x01
        try bytes.write(to: path)
        let result = try await ada.run("card", "verify", path.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("This card was changed after it was signed."))
        #expect(result.stdout.isEmpty)
    }

    @Test("bad input: clear messages, non-zero exit, nothing changed")
    func badInput() async throws {
        let before = try await ada.run("card", "show", "--json").stdout
        let tooLong = try await ada.run("card", "set", "--name", String(repeating: "x", count: 65))
        #expect(tooLong.status == 2)
        #expect(tooLong.stderr.contains("The name is 65 characters long; the limit is 64."))
        #expect(try await ada.run("card", "set", "--email", "not-an-address").status == 2)
        #expect(try await ada.run("card", "set", "--clear", "shoe-size").status == 2)
        #expect(try await ada.run("card", "set").status == 2)
        #expect(try await ada.run("card", "export", "--format", "jpeg").status == 2)
        #expect(try await ada.run("card", "verify", "/no/such/file").status == 2)
        #expect(try await ada.run("card", "show", "--json").stdout == before)

        let garbage = ada.file("garbage.txt")
        try Data("hello, world".utf8).write(to: garbage)
        let unknown = try await ada.run("card", "verify", garbage.path)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("not a Handshake card"))
    }
}
