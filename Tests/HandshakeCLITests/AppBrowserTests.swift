import Foundation
import HandshakeTestSupport
import Testing

/// `handshake app` in a real browser: headless Chromium, driven by Playwright (Tests/HandshakeCLITests/Browser/
/// app_browser.py), opens the launch link, reads the contact list, saves an alias, shows My card and deletes
/// after the confirmation, adds a card from a photo of its QR code and another from the camera (Chromium's fake
/// camera), at a phone's size and a desktop's; refusals without the secret, under another
/// host name and from another origin; and a contact whose name is markup shows as text with no script run.
/// Screenshots of every screen go to `.build/artifacts/app/`. Needs chromium and pip's playwright
/// (scripts/install-test-tools); a missing one fails the test.
@Suite("handshake app in Chromium", .serialized, .tags(.runsAlone), .timeLimit(.minutes(3)))
struct AppBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/app_browser.py")
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/artifacts/app", isDirectory: true)
    static let hostileName = "<img src=x onerror=alert(1)>"

    /// The Node ID the program reads for `person`.
    static func nodeID(of person: CLI) async throws -> String {
        let shown = try await person.run("card", "show", "--json")
        let object = try JSONSerialization.jsonObject(with: shown.stdoutBytes) as? [String: Any]
        return try #require(object?["nodeId"] as? String, "\(shown.stdout)")
    }

    @Test("the screens, the refusals, and a name that is markup, on a phone and a desktop")
    func screens() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let ada = try CLI(), eve = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await eve.run("init", "--name", Self.hostileName).status == 0)
        let card = eve.file("eve.txt")
        try #require(await eve.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        try #require(await ada.run("add", "--yes", card.path).status == 0)
        // Eve has Ada too, so her device shows the security code of the pair.
        let adasCard = ada.file("ada.txt")
        try #require(await ada.run("card", "export", "--format", "qr-text", "-o", adasCard.path).status == 0)
        try #require(await eve.run("add", "--yes", adasCard.path).status == 0)
        let evesView = try JSONSerialization.jsonObject(with: try await eve.run("contact", "verify", "Ada Lovelace", "--json").stdoutBytes) as? [String: Any]
        let evesCode = try #require((evesView?["groups"] as? [String])?.joined(separator: " "))
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        try #require(await bob.run("card", "set", "--company", "Difference Engines").status == 0)
        let bobsCard = try await bob.run("card", "export", "--format", "qr-text").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let bobsQR = bob.file("bob.png"), evesQR = eve.file("eve.png")
        try #require(await bob.run("card", "export", "--format", "png", "-o", bobsQR.path).status == 0)
        try #require(await eve.run("card", "export", "--format", "png", "-o", evesQR.path).status == 0)
        // One character of the signed part changed: the card no longer verifies.
        var tampered = Array(bobsCard)
        tampered[tampered.count - 10] = tampered[tampered.count - 10] == "A" ? "B" : "A"

        // Read before the browser moves Ada to a new key (her backup code changes then).
        let backup = try await ada.run("identity", "backup")
        let oldNodeID = try await Self.nodeID(of: ada)

        let (app, url) = try await ada.startApp()
        defer { app.terminate() }

        let driven = try await CLI.runTool("python3", [Self.script.path, url, Self.artifacts.path, bobsCard, String(tampered), evesCode, bobsQR.path, evesQR.path])
        try #require(driven.status == 0, "the browser script failed (scripts/install-test-tools installs playwright): \(driven.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: driven.stdoutBytes) as? [String: Any])

        #expect(seen["dialogs"] as? [String] == [], "a script ran from a contact's name")
        #expect(seen["foreignHostStatus"] as? Int == 421)
        #expect(seen["noSecretStatus"] as? Int == 401)
        #expect(seen["noSecretHeading"] as? String == "Open Handshake from its link")
        #expect((seen["listURL"] as? String)?.hasSuffix("/contacts") == true, "the secret should leave the address bar")
        let cookies = seen["cookie"] as? [[String: Any]]
        #expect(cookies?.count == 1 && cookies?.first?["httpOnly"] as? Bool == true && cookies?.first?["sameSite"] as? String == "Strict")
        // The cookie is the app's address's alone, named for its port; another local server never sees it.
        let appURL = try #require(URL(string: url))
        #expect(appURL.host != "127.0.0.1" && appURL.host?.hasPrefix("127.") == true, "\(url)")
        #expect(cookies?.first?["domain"] as? String == appURL.host && cookies?.first?["name"] as? String == "handshake-app-\(appURL.port ?? 0)")
        let atOther = seen["cookieAtOtherServer"] as? [Any]
        #expect(atOther?.isEmpty == false && atOther?.allSatisfy { $0 is NSNull } == true, "another server on 127.0.0.1 was sent: \(atOther ?? [])")
        #expect((seen["listText"] as? String)?.contains(Self.hostileName) == true, "\(seen["listText"] ?? "")")
        #expect(seen["imagesInMain"] as? Int == 0)
        #expect((seen["searchText"] as? String)?.contains("Nobody matches “nobody-like-this”.") == true)
        #expect((seen["searchURL"] as? String)?.hasSuffix("/contacts?q=nobody-like-this") == true)
        #expect(seen["infoHeading"] as? String == Self.hostileName)
        #expect(seen["aliasHeading"] as? String == "Eve from the conference")
        #expect(seen["aliasStatus"] as? String == "Saved: you call them Eve from the conference.")
        #expect((seen["tags"] as? String)?.hasPrefix("conference") == true)
        #expect(seen["mismatch"] as? String == "These codes do not match, so nothing was marked. Compare again, on their own screen, digit by digit.")
        #expect(seen["codeStatus"] as? String == "The codes match: Eve from the conference is marked as compared.")
        #expect((seen["codeCompared"] as? String)?.hasPrefix("You compared this code on ") == true)
        #expect((seen["blockedStanding"] as? String)?.hasPrefix("Blocked · verified.") == true, "\(seen["blockedStanding"] ?? "")")
        #expect(seen["unblockOffered"] as? Int == 1)
        #expect((seen["pinnedList"] as? String)?.contains("Pinned\nEve from the conference\nBlocked · verified") == true, "\(seen["pinnedList"] ?? "")")
        #expect((seen["filteredList"] as? String)?.contains("Eve from the conference") == true, "\(seen["filteredList"] ?? "")")
        #expect((seen["filteredURL"] as? String)?.hasSuffix("/contacts?trust=blocked&tag=conference") == true, "\(seen["filteredURL"] ?? "")")
        #expect((seen["exportedName"] as? String)?.hasSuffix(".vcf") == true)
        let exported = (seen["exportedCard"] as? String) ?? ""
        #expect(exported.hasPrefix("BEGIN:VCARD") && !exported.contains("Eve from the conference"), "their card, without your alias")
        let exportedFile = eve.file("passed-on.vcf")
        try Data(exported.utf8).write(to: exportedFile)
        #expect(try await bob.run("card", "verify", exportedFile.path).stdout.contains("Valid card"), "the passed-on card verifies")
        #expect(seen["cardHeading"] as? String == "Ada Lovelace")
        #expect(seen["qrDrawn"] as? Int == 1)
        #expect((seen["cardSaved"] as? String)?.hasPrefix("Saved.") == true)
        #expect((seen["cardFields"] as? String)?.contains("Company\tAnalytical Engines") == true || (seen["cardFields"] as? String)?.contains("Analytical Engines") == true)
        #expect((seen["cardRefusal"] as? String)?.hasSuffix("Nothing was saved.") == true, "\(seen["cardRefusal"] ?? "")")
        #expect(seen["photoSaved"] as? String == "Photo saved, shrunk to fit your card.")
        #expect(seen["avatarShown"] as? Int == 1 && seen["myCardAvatar"] as? Int == 1)
        #expect((seen["linkRefusal"] as? String)?.hasPrefix("Links: \"not a link\" is not a link") == true, "\(seen["linkRefusal"] ?? "")")
        #expect((seen["linksSaved"] as? String)?.contains("https://github.com/ada") == true, "\(seen["linksSaved"] ?? "")")
        #expect(seen["linksBox"] as? String == "github=https://github.com/ada\nmastodon=@ada@example.social")
        let adasShownCard = try await ada.run("card", "show", "--json")
        #expect(adasShownCard.stdout.contains("\"avatar\"") || adasShownCard.stdout.contains("image/jpeg"), "the photo is on the card the program reads: \(adasShownCard.stdout.prefix(300))")
        #expect(seen["backupHiddenFirst"] as? Int == 0)
        let shownCode = (seen["backupCode"] as? String) ?? "-"
        let groups = shownCode.split(separator: " ")
        #expect(groups.count > 10 && backup.stdout.filter { !$0.isWhitespace }.contains(groups.joined()), "the app shows the code `handshake identity backup` prints: \(shownCode)")
        #expect(seen["defaultsSaved"] as? String == "Saved." && seen["callsDefault"] as? String == "no")
        #expect(seen["crossOriginStatus"] as? Int == 403)
        #expect(seen["wrongTokenStatus"] as? Int == 403)
        #expect(seen["confirmHeading"] as? String == "Delete Eve from the conference?")
        #expect((seen["afterDeleteURL"] as? String)?.hasSuffix("/contacts") == true)
        #expect((seen["afterDeleteText"] as? String)?.contains("No contacts yet.") == true)
        #expect((seen["tamperedAlert"] as? String)?.contains("Nothing was stored.") == true, "\(seen["tamperedAlert"] ?? "")")
        #expect((seen["afterRefusalText"] as? String)?.contains("No contacts yet.") == true)
        #expect(seen["noCodeStatus"] as? String == "No QR code was found in the picture. Try a sharper or closer picture.")
        #expect(seen["cameraOffered"] as? Int == 1)
        #expect(seen["addHeading"] as? String == "Bob Babbage", "a photo of his QR code leads to his card")
        // What the signature proves, and no more (NameClaimSentences.signedByItsOwnKey).
        #expect(seen["addVerified"] as? String == "Signed by its own key: nobody changed it, but anyone can sign a card with any name.", "\(seen["addVerified"] ?? "")")
        #expect(seen["addedHeading"] as? String == "Bob Babbage")
        #expect((seen["addedNotice"] as? String)?.hasPrefix("Added Bob Babbage to your contacts. Now let them add you") == true)
        #expect(seen["finalListText"] as? String == "Bob Babbage\nTrusted · verified")
        #expect(seen["cameraHeading"] as? String == Self.hostileName, "the camera's frames lead to Eve's card")
        // The move made in the browser is the home's: the program reads the new key, and a new backup code.
        let newNodeID = try await Self.nodeID(of: ada)
        #expect(newNodeID != oldNodeID)
        #expect((seen["keyMoveQuestion"] as? String)?.hasPrefix("Move to a new key? Your card stays the same") == true, "\(seen["keyMoveQuestion"] ?? "")")
        #expect(
            (seen["keyMoved"] as? String)?.hasPrefix("Moved to a new key: your Node ID is now \(newNodeID) (it was \(oldNodeID)).") == true,
            "\(seen["keyMoved"] ?? "")")
        #expect(try await ada.run("identity", "backup").stdout != backup.stdout)
        let contacts = try await ada.run("contacts")
        #expect(!contacts.stdout.contains("img") && contacts.stdout.contains("Bob Babbage"), "\(contacts.stdout)")
        for name in ["no-secret", "contacts", "contact", "my-card", "edit-card-refused", "settings", "delete", "contacts-empty", "add-refused", "add", "add-confirm", "edit-card", "key-moved"] {
            for size in ["phone", "desktop"] {
                #expect(FileManager.default.fileExists(atPath: Self.artifacts.appendingPathComponent("\(name)-\(size).png").path))
            }
        }
    }
}
