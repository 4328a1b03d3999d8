import Foundation
import HandshakeTestSupport
import Testing

/// The share-link landing page in a real browser: headless Chromium renders a valid, a used, an expired
/// and an unknown link at a phone's width (390 × 844) and a desktop's (1280 × 800), from a real
/// `handshake serve`. Each page has its status code and its own sentence (the valid one is the card page,
/// which CardPageBrowserTests drives further). The screenshots are kept in `.build/artifacts/landing-page/`
/// for a person to look at. Needs chromium (scripts/install-test-tools); a missing one fails the test.
@Suite("the share-link landing page in Chromium", .serialized, .tags(.runsAlone), .timeLimit(.minutes(3)))
struct LandingPageBrowserTests {
    static let sizes = [("phone", "390,844"), ("desktop", "1280,800")]
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/artifacts/landing-page", isDirectory: true)

    static func chromium(_ arguments: String...) async throws -> Tool.Result {
        try await Tool.run(arguments: ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments)
    }

    /// A person registered on the server at `port`, with a share link of their own; the token.
    static func link(of person: CLI, port: Int) async throws -> String {
        try #require(await person.run("server", "register", "--server", "http://127.0.0.1:\(port)").status == 0)
        let created = try await person.run("link", "create", "--json")
        let object = try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any]
        return try #require(object?["token"] as? String, "\(created.stderr)")
    }

    @Test("valid, used, expired and unknown links, on a phone and a desktop")
    func pages() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let port = CLI.serverPort()
        let server = try ServeCommandTests.Server.start(try CLI(), port: port)
        defer { server.process.terminate() }
        // A second server whose links last one second, for the expired page.
        let shortPort = CLI.serverPort()
        let shortLived = try ServeCommandTests.Server.start(try CLI(), port: shortPort, options: ["--link-lifetime", "1"])
        defer { shortLived.process.terminate() }
        try await server.waitUntilHealthy()
        try await shortLived.waitUntilHealthy()

        let ada = try CLI(), bob = try CLI(), eve = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--company", "Analytical Engines").status == 0)
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        try #require(await eve.run("init", "--name", "Eve Expired").status == 0)
        let valid = try await Self.link(of: ada, port: port)
        let used = try await ada.run("link", "create", "--json")
        let usedToken = try #require((try JSONSerialization.jsonObject(with: used.stdoutBytes) as? [String: Any])?["token"] as? String)
        try #require(await bob.run("server", "register", "--server", "http://127.0.0.1:\(port)").status == 0)
        try #require(await bob.run("request", "send", usedToken).status == 0)
        let expired = try await Self.link(of: eve, port: shortPort)
        // The short-lived server's clock is real: wait (bounded by reads, not seconds) until it says expired.
        var expiredStatus = 0
        for _ in 0..<100 {
            expiredStatus = try await ServeCommandTests.Server.call(port: shortPort, "GET", "/share/contact/\(expired)").0
            if expiredStatus == 410 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(expiredStatus == 410)

        let pages: [(name: String, port: Int, token: String, status: Int, text: String)] = [
            ("valid", port, valid, 200, "Ada Lovelace"),
            ("used", port, usedToken, 410, "This link was already used"),
            ("expired", shortPort, expired, 410, "This link has expired"),
            ("unknown", port, String(repeating: "Z", count: 43), 404, "This link does not exist"),
        ]
        for page in pages {
            let path = "/share/contact/\(page.token)"
            let url = "http://127.0.0.1:\(page.port)\(path)"
            #expect(try await ServeCommandTests.Server.call(port: page.port, "GET", path).0 == page.status, "\(page.name)")
            let dom = try await Self.chromium("--dump-dom", url)
            #expect(dom.status == 0 && dom.stdout.contains(page.text), "\(page.name): \(dom.stdout.prefix(400))")
            #expect(!dom.stdout.contains("<script src=\"http"), "\(page.name) loads a script from elsewhere")
            for (size, window) in Self.sizes {
                let file = Self.artifacts.appendingPathComponent("\(page.name)-\(size).png").path
                try? FileManager.default.removeItem(atPath: file)
                let shot = try await Self.chromium("--window-size=\(window)", "--screenshot=\(file)", url)
                #expect(shot.status == 0 && FileManager.default.fileExists(atPath: file), "\(page.name) \(size): \(shot.stderr.suffix(300))")
            }
        }
    }
}
