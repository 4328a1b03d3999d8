import Foundation
import HandshakeMailbox
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The card page in Chromium with a phone's screen and touch (Playwright, Browser/card_page.py), against a real
/// `handshake serve`: Ada's card page link and her share link each show her card verified by the page; Save
/// to Contacts gives a vCard that vobject reads with every shared field and the signed card, and that `handshake
/// import` verifies; Send yours back from two visitors makes two requests Ada's `handshake requests` lists with
/// verified cards holding the typed fields, and accepting one keeps it as a contact; a tampered link and a card
/// signed by another key than its Node ID are refused with the sentence and nothing offered, and so is a share link
/// naming another owner than the card's (from a server that lies); hostile text shows
/// as text; axe-core finds nothing; the page and everything it loads stay under 30 KB. Needs chromium, pip's
/// playwright and axe-playwright-python (scripts/install-test-tools); a missing one fails the test.
@Suite("the card page in Chromium", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct CardPageBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/card_page.py")
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/artifacts/card-page", isDirectory: true)

    /// Ada's card, with one byte of its signature changed, as a card page link on `server`.
    static func tampered(_ link: String) throws -> String {
        let (server, digits) = try #require(link.split(separator: "#", maxSplits: 1).map(String.init).pairs)
        var bytes = try DecimalDigits.decode(utf8: digits.utf8)
        bytes[bytes.count - 10] ^= 0x01
        return server + "#" + DecimalDigits.encode(bytes)
    }

    /// A card claiming Ada's Node ID, signed by Eve's key (which it carries): forged.
    static func signedByAnotherKey(_ link: String, adasNodeID: String) throws -> String {
        let eve = Identity.generate()
        var card = ContactCard(sigKey: eve.sigKey, encKey: eve.encKey, updatedAt: UInt64(Date().timeIntervalSince1970 * 1000))
        card.name = "Ada Lovelace"
        guard case .map(let pairs) = try CBORDecoder().decode(CardSchema.encode(card)) else { throw CBORError.truncated(offset: 0) }
        let payload = CBOREncoder.encode(.map(pairs.map { $0.key == .int(2) ? CBORPair($0.key, .text(adasNodeID)) : $0 }))
        let forged = COSESign1.sign(payload: payload, with: eve.signRaw).encoded
        return String(link.prefix { $0 != "#" }) + "#" + DecimalDigits.encode(forged)
    }

    /// A card whose text a hostile neighbour chose, which the card's rules let through.
    static func hostile() throws -> SignedCard {
        let mallory = Identity.generate()
        var card = ContactCard(sigKey: mallory.sigKey, encKey: mallory.encKey, updatedAt: UInt64(Date().timeIntervalSince1970 * 1000))
        card.name = "<img src=x onerror=alert(1)>"
        card.company = "\"\u{301} onmouseover=alert(2) x=\"\u{301}"
        card.title = "Chief 👩\u{200D}💻 Programmer"
        return try Fixture.issue(card, by: mallory)
    }

    /// The card a card page link carries.
    static func card(in link: String) throws -> SignedCard { try CardText.read(Array(link.utf8), now: Date()).card }

    @Test("a card page link and a share link, verified, saved and answered; refusals and hostile text")
    func thePage() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let server = try await ServeCommandTests.Server.running()
        defer { server.process.terminate() }
        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--company", "Analytical Engines", "--title", "Programmer", "--email", "ada@example.com", "--phone", "+44 20 7946 0018").status == 0)
        try #require(await ada.run("server", "register", "--server", server.url).status == 0)
        let pageLink = try await ada.run("card", "export", "--format", "link", "--web").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(pageLink.hasPrefix(server.url + "/c#"), "\(pageLink)")
        let created = try JSONSerialization.jsonObject(with: try await ada.run("link", "create", "--json").stdoutBytes) as? [String: Any]
        let shareLink = try #require(created?["url"] as? String)
        let adasCard = try Self.card(in: pageLink)
        try #require(shareLink.hasSuffix("/" + adasCard.nodeID.rawValue), "the link names its owner: \(shareLink)")
        let someoneElse = Identity.generate().nodeID
        let wrongOwnerLink = String(shareLink.dropLast(adasCard.nodeID.rawValue.count)) + someoneElse.rawValue
        let hostile = try Self.hostile()
        // Carol, on the same server: her card page link is the second one opened in a tab, and the one two
        // tabs answer at once.
        let carol = try CLI()
        try #require(await carol.run("init", "--name", "Carol Herschel").status == 0)
        try #require(await carol.run("server", "register", "--server", server.url).status == 0)
        let carolsLink = try await carol.run("card", "export", "--format", "link", "--web").stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let input = Self.artifacts.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: [
            "artifacts": Self.artifacts.path, "pageLink": pageLink, "shareLink": shareLink, "wrongOwnerLink": wrongOwnerLink,
            "tampered": try Self.tampered(pageLink),
            "otherKey": try Self.signedByAnotherKey(pageLink, adasNodeID: adasCard.nodeID.rawValue),
            "hostile": CardPageLink.link(for: hostile, server: try #require(URL(string: server.url))),
            "otherPageLink": carolsLink, "twoTabsLink": carolsLink,
        ]).write(to: input)
        let driven = try await CLI.runTool("python3", [Self.script.path, input.path])
        try #require(driven.status == 0, "the browser script failed (scripts/install-test-tools installs playwright and axe-playwright-python): \(driven.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: driven.stdoutBytes) as? [String: Any])
        #expect(seen["dialogs"] as? [String] == [], "a script ran from a card's text")

        // The card page link and the share link (in both its forms): verified by the page, Ada's fields under
        // their labels.
        for name in ["page", "share", "shareWithoutOwner"] {
            let view = try #require(seen[name] as? [String: Any], "\(name)")
            #expect(view["heading"] as? String == "Ada Lovelace", "\(name)")
            #expect((view["status"] as? String)?.hasPrefix("Verified: signed by its own key, unchanged since. The name is what the card claims; meet them, or compare codes in Handshake, to know the key is theirs.") == true, "\(name): \(view["status"] ?? "")")
            #expect((view["status"] as? String)?.contains(adasCard.nodeID.rawValue) == true)
            let details = (view["details"] as? [[String]]) ?? []
            #expect(details.contains(["Company", "Analytical Engines"]) && details.contains(["Phone numbers", "+44 20 7946 0018"]), "\(name): \(details)")
            #expect(view["saveOffered"] as? Bool == true && view["replyOffered"] as? Bool == true, "\(name)")
            if name != "shareWithoutOwner" { #expect(seen["\(name)Axe"] as? [String] == [], "axe-core: \(seen["\(name)Axe"] ?? "")") }
        }

        // Save to Contacts: every shared field and the signed card, which `handshake import` verifies.
        let bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        for name in ["pageVCard", "shareVCard", "noScriptVCard"] {
            let vCard = try #require(seen[name] as? [String: Any], "\(name)")
            #expect(vCard["file"] as? String == (name == "noScriptVCard" ? "contact.vcf" : "Ada Lovelace.vcf"), "\(name)")
            #expect(vCard["fn"] as? String == "Ada Lovelace" && vCard["org"] as? [String] == ["Analytical Engines"], "\(name): \(vCard)")
            #expect(vCard["title"] as? [String] == ["Programmer"] && vCard["email"] as? [String] == ["ada@example.com"], "\(name)")
            #expect(vCard["tel"] as? [String] == ["+44 20 7946 0018"] && vCard["nodeId"] as? [String] == [adasCard.nodeID.rawValue], "\(name)")
            #expect(vCard["card"] as? [String] == [Base64URL.encode(adasCard.bytes)], "\(name): the signed card rides along")
            #expect(vCard["text"] as? String == VCardWriter.write(adasCard), "\(name): the vCard is HandshakeCore's, line for line")
        }
        let saved = bob.file("ada.vcf")
        try Data(((seen["pageVCard"] as? [String: Any])?["text"] as? String ?? "").utf8).write(to: saved)
        let imported = try await bob.run("import", saved.path)
        #expect(imported.status == 0 && imported.stdout.contains("1 verified"), "\(imported.stdout)\(imported.stderr)")

        // Send yours back: two visitors, two requests, each a verified card with what they typed.
        #expect((seen["pageReply"] as? String)?.hasPrefix("Sent. Ada Lovelace will find your card among their friend requests.") == true, "\(seen["pageReply"] ?? "")")
        #expect((seen["shareReply"] as? String)?.hasPrefix("Sent. Ada Lovelace will find your card among their friend requests.") == true, "\(seen["shareReply"] ?? "")")
        #expect((seen["pageReply"] as? String)?.contains("forget it after 7 days without a visit") == true, "where the key is made, it says what keeps it")
        #expect(seen["prefilled"] as? String == "Bea Browser")
        #expect(seen["secondReply"] as? String == "You already have a pending request to this person.", "the same key: \(seen["secondReply"] ?? "")")
        let listed = try await ada.run("requests", "--json")
        let requests = try #require(try JSONSerialization.jsonObject(with: listed.stdoutBytes) as? [[String: Any]], "\(listed.stderr)")
        var cards: [String: (id: String, card: ContactCard, route: String)] = [:]
        for request in requests {
            let bytes = try #require(Base64URL.decode(request["senderCard"] as? String ?? ""))
            let card = try CardVerifier().verify(bytes, now: Date()).card
            cards[card.name ?? ""] = (request["id"] as? String ?? "", card, request["route"] as? String ?? "")
        }
        let bea = try #require(cards["Bea Browser"], "\(requests)")
        #expect(bea.card.emails == ["bea@example.com"] && bea.card.phones == ["+1 555 0100"] && bea.card.company == "Web Works" && bea.card.title == "Tester")
        let cy = try #require(cards["Cy Share"], "\(requests)")
        #expect(cy.card.title == "Reader" && cy.card.emails.isEmpty && cy.route != bea.route, "\(cy.route) \(bea.route)")
        let shown = try await ada.run("requests")
        #expect(shown.stdout.contains("from Bea Browser") && shown.stdout.contains("from Cy Share"), "\(shown.stdout)")
        #expect(try await ada.run("link", "resolve", shareLink).status != 0, "the share link carried its one request")
        let accepted = try await ada.run("request", "accept", bea.id)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try await ada.run("contacts").stdout.contains("Bea Browser"))

        // Without script: the card, the server's check, the vCard; nothing to send.
        let noScript = try #require(seen["noScript"] as? [String: Any])
        #expect(noScript["heading"] as? String == "Ada Lovelace" && noScript["status"] as? String == "Checked by this server: signed by its own key, unchanged since. The name is what the card claims.")
        #expect(noScript["replyOffered"] as? Bool == false)

        // Refusals: what it means in a phone user's words, what to do next, and the library's exact sentence
        // under Details; nothing else.
        let tampered = try #require(seen["tampered"] as? [String: Any])
        #expect(tampered["heading"] as? String == "This card was changed after it was signed, so it is not shown.", "\(tampered)")
        #expect(tampered["next"] as? String == "Ask them for their card again; if you can, swap cards in person.", "\(tampered)")
        #expect(tampered["why"] as? String == "This card was changed after it was signed.", "\(tampered)")
        let otherKey = try #require(seen["otherKey"] as? [String: Any])
        #expect(otherKey["heading"] as? String == "This card is forged or broken, so it is not shown.", "\(otherKey)")
        #expect((otherKey["why"] as? String)?.hasPrefix("This card claims Node ID \(adasCard.nodeID.rawValue), but its key belongs to Node ID") == true, "\(otherKey)")
        // A share link naming another owner, whose page holds Ada's card: the client library's sentence, under Details.
        let wrongOwner = try #require(seen["wrongOwner"] as? [String: Any])
        let notTheOwners = MailboxClientError.notTheLinkOwnersCard(owner: someoneElse, card: adasCard.nodeID).description
        #expect(wrongOwner["heading"] as? String == "This is not the card of the person who made this link, so it is not shown.", "\(wrongOwner)")
        #expect(wrongOwner["next"] as? String == "Ask them for a new link." && wrongOwner["why"] as? String == notTheOwners, "\(wrongOwner)")
        for refused in [tampered, otherKey, wrongOwner] {
            #expect(!((refused["heading"] as? String) ?? "").contains("Node ID"), "no Node ID in the words a phone user reads first")
        }
        for refused in [tampered, otherKey, wrongOwner] {
            #expect(refused["saveOffered"] as? Bool == false && refused["replyOffered"] as? Bool == false)
            #expect(refused["status"] is NSNull, "no verdict line beside the refusal")
            #expect((refused["details"] as? [Any])?.isEmpty == true)
        }

        // Hostile text is text, shown as the app shows it.
        let shownHostile = try #require(seen["hostile"] as? [String: Any])
        #expect(shownHostile["heading"] as? String == hostile.card.name)
        #expect(shownHostile["images"] as? Int == 0)
        let details = (shownHostile["details"] as? [[String]]) ?? []
        #expect(details.contains(["Company", UntrustedText.visible(hostile.card.company ?? "", keepingLineBreaks: true)]), "\(details)")
        #expect(details.contains(["Title", "Chief 👩\u{200D}💻 Programmer"]), "\(details)")

        // No Ed25519: offered unchecked, nothing sent.
        let unchecked = try #require(seen["unchecked"] as? [String: Any])
        #expect((unchecked["status"] as? String)?.hasPrefix("This browser cannot check the signature") == true, "\(unchecked)")
        #expect(unchecked["saveOffered"] as? Bool == true && unchecked["replyOffered"] as? Bool == false)

        // WebCrypto failing, or missing (not https): a refusal, never "changed after it was signed", never a card.
        let cryptoFailed = try #require(seen["cryptoFailed"] as? [String: Any])
        #expect(cryptoFailed["heading"] as? String == "This browser could not check this card’s signature, so it is not shown. Try another browser, or scan the code with Handshake.", "\(cryptoFailed)")
        let noCrypto = try #require(seen["noCrypto"] as? [String: Any])
        #expect((noCrypto["heading"] as? String)?.hasPrefix("This browser cannot check this card here") == true, "\(noCrypto)")
        for refused in [cryptoFailed, noCrypto] { #expect(refused["saveOffered"] as? Bool == false && refused["replyOffered"] as? Bool == false) }

        // A second card link in the same tab shows the second card; the form counts as the card does.
        #expect((seen["secondFragment"] as? [String: Any])?["heading"] as? String == "Carol Herschel", "\(seen["secondFragment"] ?? "")")
        #expect(seen["spacesName"] as? String == "Type your name: your card needs one.")
        #expect(seen["longNameKept"] as? Int == 70, "nothing typed is cut short")
        #expect(seen["longName"] as? String == "The name is 70 characters long; the limit is 64. Nothing was sent.", "the rule, in the form's words: \(seen["longName"] ?? "")")

        // Two tabs at once: one key, so one request and that key's second.
        let twoTabs = (seen["twoTabs"] as? [String]) ?? []
        #expect(twoTabs.filter { $0.hasPrefix("Sent. Carol Herschel will find your card") }.count == 1, "\(twoTabs)")
        #expect(twoTabs.filter { $0 == "You already have a pending request to this person." }.count == 1, "\(twoTabs)")
        let carols = try #require(try JSONSerialization.jsonObject(with: await carol.run("requests", "--json").stdoutBytes) as? [[String: Any]])
        #expect(Set(carols.compactMap { $0["sender"] as? String }).count == 1, "one key: \(carols)")

        // What the page loads: itself, its stylesheet and three modules, from this server alone, under 30 KB as
        // sent (gzipped; the browser's own count of the bodies it received).
        let loaded = try #require(seen["loaded"] as? [[Any]])
        let sent = loaded.compactMap { $0[1] as? Int }.reduce(0, +), unpacked = loaded.compactMap { $0[2] as? Int }.reduce(0, +)
        print("The card page loads \(loaded.count) files, \(sent) bytes sent, \(unpacked) unpacked: \(loaded.map { "\(($0.first as? String ?? "").split(separator: "/").last ?? "") \($0[1]) / \($0[2])" })")
        #expect(loaded.count == 5 && loaded.allSatisfy { ($0.first as? String ?? "").hasPrefix(server.url) }, "\(loaded)")
        #expect(sent < 30_000, "the page weighs \(sent) bytes as sent")
    }
}

extension Array {
    /// The two elements of a two-element array.
    fileprivate var pairs: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}
