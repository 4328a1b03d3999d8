import Foundation
import HandshakeCore
import HandshakeServer
import Hummingbird
import Testing

/// The share-link landing page: the card page for a usable link, its own page and status for each
/// refusal, no script, escaped names, and a QR that an independent decoder reads back to the card.
@Suite struct LandingPageTests {
    @Test(arguments: Backend.allCases) func aUsableLinkShowsTheNameTheAppLinkAndTheQRAndDoesNotBurn(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            let page = try await client.call(.get, "/share/contact/\(token)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[try #require(HTTPFields.Element.Name("Referrer-Policy"))] == "no-referrer")
            let html = String(buffer: page.body)
            #expect(html.contains("<h1>Ada</h1>"))
            #expect(html.contains("href=\"handshake://contact/\(token)/\(ada.nodeID)\""))
            // The link's form that names its owner is the same page; one that names someone else is no link.
            #expect(String(buffer: try await client.call(.get, "/share/contact/\(token)/\(ada.nodeID)").body) == html)
            let bob = try await client.person("Bob")
            #expect(try await client.call(.get, "/share/contact/\(token)/\(bob.nodeID)").status == .notFound)
            #expect(html.contains("<svg"))
            #expect(!html.lowercased().contains("<script"))
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
        }
    }

    /// The QR is drawn once per card and kept (LandingPageCardCache): a second view is the same page, and a
    /// newer card is a new QR at once, never the old one.
    @Test(arguments: Backend.allCases) func aRepublishedCardShowsItsNewQRAtOnce(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            func qr() async throws -> Substring {
                let html = String(buffer: try await client.call(.get, "/share/contact/\(token)").body)
                let start = try #require(html.range(of: "<svg")), end = try #require(html.range(of: "</svg>"))
                return html[start.lowerBound..<end.upperBound]
            }
            let first = try await qr()
            #expect(try await qr() == first)
            mailbox.clock.advance(by: 60)
            let renamed = try Person.card(ada.identity, name: "Ada Lovelace", at: mailbox.clock.now())
            #expect(try await client.call(.put, "/v1/account/card", token: ada.token, raw: renamed.bytes).status == .ok)
            let html = String(buffer: try await client.call(.get, "/share/contact/\(token)").body)
            #expect(html.contains("<h1>Ada Lovelace</h1>"))
            #expect(try await qr() != first)
        }
    }

    @Test(arguments: Backend.allCases) func eachRefusalHasItsOwnPageAndStatus(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let used = try await client.shareToken(for: ada)
            #expect(try await client.sendRequest(from: bob, token: used).status == .created)
            let revoked = try await client.shareToken(for: ada)
            #expect(try await client.call(.delete, "/v1/share-links/\(revoked)", token: ada.token).status == .noContent)
            let expired = try await client.shareToken(for: ada)
            mailbox.clock.advance(by: 24 * 60 * 60)

            for (token, status, heading) in [
                (used, 410, "This link was already used"), (revoked, 410, "This link was withdrawn"),
                (expired, 410, "This link has expired"), (String(repeating: "Z", count: 43), 404, "This link does not exist"),
                ("not-a-token", 404, "This link does not exist"),
            ] {
                let page = try await client.call(.get, "/share/contact/\(token)")
                #expect(Int(page.status.code) == status, "\(heading)")
                #expect(String(buffer: page.body).contains("<h1>\(heading)</h1>"))
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            }
        }
    }

    @Test(arguments: Backend.allCases) func markupInANameIsEscaped(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let token = try await client.signIn(identity)
            let card = try Person.card(identity, name: "<script>alert(1)</script> & \"Co\"", at: mailbox.clock.now())
            #expect(try await client.call(.put, "/v1/account/card", token: token, raw: card.bytes).status == .ok)
            let link = try await client.call(.post, "/v1/share-links", token: token)
            let linkToken = try #require(try link.object()["token"] as? String)
            let html = String(buffer: try await client.call(.get, "/share/contact/\(linkToken)").body)
            #expect(!html.contains("<script>"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"))
        }
    }

    @Test(arguments: Backend.allCases) func zbarimgReadsTheQRBackToTheSignedCard(_ backend: Backend) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")
        else {
            Issue.record("zbarimg and rsvg-convert are needed (scripts/install-test-tools installs them)")
            return
        }
        let mailbox = try await TestMailbox(backend)
        let (html, card) = try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            return (String(buffer: try await client.call(.get, "/share/contact/\(token)").body), ada.card)
        }
        let start = try #require(html.range(of: "<svg"))
        let end = try #require(html.range(of: "</svg>"))
        let svg = String(html[start.lowerBound..<end.upperBound])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-landing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try svg.write(to: folder.appendingPathComponent("qr.svg"), atomically: true, encoding: .utf8)
        _ = try Self.run("/usr/bin/rsvg-convert", ["-w", "800", "-o", folder.appendingPathComponent("qr.png").path, folder.appendingPathComponent("qr.svg").path])
        let decoded = try Self.run("/usr/bin/zbarimg", ["--raw", "-q", folder.appendingPathComponent("qr.png").path])
        let text = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text == CardText.qrText(card))
        #expect(try CardText.read(Array(text.utf8), now: mailbox.clock.now()).card.bytes == card.bytes)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
