import Foundation
import Testing

/// The QR pictures the program writes are read back (by zbar's library, a decoder we did not write, linked
/// into the program) into a card that passes verification; pictures without a code, or that are not
/// pictures, are refused cleanly. The program scans on its own: these run it with a PATH that holds no other
/// program.
@Suite("QR pictures: export, scan, share")
struct PictureCommandTests {
    let ada: CLI

    init() async throws {
        ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--company", "Analytical Engines", "--title", "Analyst",
                             "--email", "ada@example.com", "--phone", "+44 20 7946 0000").status == 0)
    }

    func requireTool(_ name: String) throws {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        try #require(found, "\(name) is missing: run scripts/install-test-tools (apt-get install librsvg2-bin)")
    }

    /// A PATH with nothing on it: scanning a picture must need no program but this one.
    static let noPrograms = ["PATH": "/nonexistent"]

    @Test("a PNG export scans back to the verified card")
    func pngScansBack() async throws {
        let png = ada.file("card.png").path
        #expect(try await ada.run("card", "export", "--format", "png", "-o", png).status == 0)
        let verdict = try await ada.run(["card", "verify", "--json", "--image", png], environment: Self.noPrograms)
        #expect(verdict.status == 0, "\(verdict.stderr)")
        let card = (try JSONSerialization.jsonObject(with: verdict.stdoutBytes) as? [String: Any])?["card"] as? [String: Any]
        #expect(card?["name"] as? String == "Ada Lovelace")
    }

    @Test("an SVG export, rasterised by rsvg-convert, scans back to the verified card")
    func svgScansBack() async throws {
        try requireTool("rsvg-convert")
        let svg = ada.file("card.svg").path
        let png = ada.file("card-from-svg.png").path
        #expect(try await ada.run("card", "export", "--format", "svg", "-o", svg).status == 0)
        let raster = try await CLI.runTool("rsvg-convert", [svg, "-o", png])
        try #require(raster.status == 0, "\(raster.stderr)")
        let verdict = try await ada.run("card", "verify", "--image", png)
        #expect(verdict.status == 0, "\(verdict.stderr)")
        #expect(verdict.stdout.contains("Ada Lovelace"))
    }

    @Test("pictures without a QR code, truncated or not pictures at all are refused with a reason")
    func badPictures() async throws {
        let png = ada.file("card.png")
        try await ada.run("card", "export", "--format", "png", "-o", png.path)
        let whole = try Data(contentsOf: png)
        let truncated = ada.file("truncated.png")
        try whole.prefix(whole.count / 3).write(to: truncated)
        let text = ada.file("text.png")
        try Data("not a picture".utf8).write(to: text)
        let empty = ada.file("empty.png")
        try Data().write(to: empty)
        for path in [truncated, text, empty] {
            let result = try await ada.run("card", "verify", "--image", path.path)
            #expect(result.status == 1, "\(path.lastPathComponent)")
            #expect(result.stderr.hasPrefix("Rejected: "), "\(result.stderr)")
        }
        #expect(try await ada.run("card", "verify", "--image", ada.file("missing.png").path).stderr.contains("There is no picture"))
    }

    @Test("add --image scans a photo of the QR code into the contact book")
    func addFromPicture() async throws {
        let png = ada.file("card.png").path
        try await ada.run("card", "export", "--format", "png", "-o", png)
        let bob = try CLI()
        try await bob.run("init", "--name", "Bob")
        let added = try await bob.run(["add", "--image", png, "--yes"], environment: Self.noPrograms)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await bob.run("contacts").stdout.contains("Ada Lovelace"))
        let blank = bob.file("blank.png")
        try Data("not a picture".utf8).write(to: blank)
        let refused = try await bob.run("add", "--image", blank.path, "--yes")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not a picture"))
    }

    @Test("a card too large for any QR code: share and QR pictures fail (exit 1) and say what to do instead")
    func tooLargeForAQRCode() async throws {
        // 10 KB: well within the avatar limit (64 KB), far beyond the 2 KB or so of card a QR code holds.
        try #require(await ada.run("card", "set", "--avatar", ada.avatarFile(bytes: 10_000)).status == 0)
        let png = ada.file("card.png").path
        for arguments in [["share", "--plain"], ["card", "export", "--format", "png", "-o", png], ["card", "export", "--format", "svg"]] {
            let result = try await ada.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("Your card is too large for a QR code"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("(the photo is usually the largest)"))
            #expect(result.stderr.contains("handshake card profile --share name,company,title,emails"))
            #expect(result.stderr.contains("handshake card export --format code"))
            #expect(result.stderr.contains("handshake card export --format link"))
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: png))

        // The advice holds: the typed code and the link carry the whole card…
        let bob = try CLI()
        for format in ["code", "link"] {
            let path = ada.file("card.\(format)").path
            #expect(try await ada.run("card", "export", "--format", format, "-o", path).status == 0)
            let verdict = try await bob.run("card", "verify", "--json", path)
            #expect(verdict.status == 0, "\(format): \(verdict.stderr)")
            let card = (try JSONSerialization.jsonObject(with: verdict.stdoutBytes) as? [String: Any])?["card"] as? [String: Any]
            #expect(card?["avatar"] != nil)
        }
        // …and so does sharing fewer fields.
        #expect(try await ada.run("card", "profile", "--share", "name,company,title,emails").status == 0)
        #expect(try await ada.run("share", "--plain").status == 0)
    }

    @Test("share shows the QR code, name, Node ID and the read-aloud code")
    func share() async throws {
        let result = try await ada.run("share", "--plain")
        #expect(result.status == 0)
        #expect(result.stdout.contains("▀") || result.stdout.contains("█"))
        #expect(result.stdout.contains("Ada Lovelace"))
        let code = try await ada.run("card", "export", "--format", "code").stdout
        let firstGroup = try #require(code.split(separator: " ").first)
        #expect(result.stdout.contains(String(firstGroup)))
        let nodeID = (try JSONSerialization.jsonObject(with: try await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])?["nodeId"] as? String
        #expect(result.stdout.contains(try #require(nodeID)))
    }
}
