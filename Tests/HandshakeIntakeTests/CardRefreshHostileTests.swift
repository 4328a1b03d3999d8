import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakeStore
import HandshakeTestSupport
import Testing

/// Following a contact's card (`CardRefresh`) against a server that misbehaves on purpose. The server is named by
/// someone else's card, so whatever it answers, the book keeps only a newer card of the same key: an older card,
/// another key's card (even a contact's own, newer), a forged key move, an answer of 50 MB, a redirect to a cloud's metadata address,
/// one byte at a time past the time limit. Each leaves the contact as it was, with a sentence, and a server that
/// stops answering is asked nothing more in that refresh.
struct CardRefreshHostileTests {
    /// Bob's book, holding Ada's card and Carol's, both naming `server` as their own.
    static func book(naming server: String, carolNames carolServer: String? = nil) throws -> (ContactBook, ada: Contact, carol: Contact) {
        let account = try HandshakeAccount.create(
            name: "Bob", storage: .directory(FileManager.default.temporaryDirectory.appendingPathComponent("refresh-\(UUID().uuidString)")))
        let ada = try account.book.add(try card(Fixture.identity, server: server), source: .qr, now: Date())
        let carol = try account.book.add(try card(Fixture.other, server: carolServer ?? server), source: .qr, now: Date())
        return (account.book, ada, carol)
    }

    /// A card of `identity` naming `server`, `later` milliseconds after the fixture's date.
    static func card(_ identity: Identity, server: String, later: UInt64 = 0, title: String = "Chief Programmer") throws -> SignedCard {
        var card = Fixture.businessCard(identity, updatedAt: Fixture.updatedAt + later)
        card.title = title
        card.server = ServerOrigin(server)
        return try Fixture.issue(card, by: identity)
    }

    static func answering(_ signed: SignedCard) -> HostileHTTPServer.Behaviour {
        .bytes(status: 200, headers: ["Content-Type": "application/cose"], body: signed.bytes)
    }

    /// Refreshes Ada alone against `behaviour`, and returns what it did with the server's request lines.
    static func refreshAda(_ behaviour: (String) throws -> HostileHTTPServer.Behaviour, timeout: Duration = .seconds(30))
        async throws -> (CardRefresh.Outcome, ContactBook, Contact, [String])
    {
        // The port is known only once the server listens; the answer depends on it (a card naming it).
        let probe = try await HostileHTTPServer(.silent)
        let origin = "http://127.0.0.1:\(probe.port)"
        await probe.stop()
        let server = try await HostileHTTPServer(port: probe.port, try behaviour(origin))
        defer { Task { await server.stop() } }
        let (book, ada, _) = try book(naming: origin)
        var refresh = CardRefresh(book: book, registered: nil)
        refresh.configuration.requestTimeout = timeout
        let results = try await refresh.refresh([ada])
        return (try #require(results.first?.outcome), book, ada, server.requestLines)
    }

    @Test func anOlderCardLeavesTheContactAsItWas() async throws {
        let (outcome, book, ada, lines) = try await Self.refreshAda { origin in
            Self.answering(try Self.card(Fixture.identity, server: origin, later: 0, title: "Apprentice"))
        }
        #expect(outcome == .unchanged)
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
        #expect(lines.count == 1 && lines.first?.hasPrefix("GET /v1/cards/\(Fixture.identity.nodeID.rawValue) ") == true, "\(lines)")
    }

    /// A card of Carol's, newer than the one Bob holds, in answer to a question about Ada: neither changes.
    @Test func anotherKeysCardIsRefusedEvenAContactsOwn() async throws {
        let (outcome, book, ada, _) = try await Self.refreshAda { origin in
            Self.answering(try Self.card(Fixture.other, server: origin, later: 60_000, title: "Forged"))
        }
        guard case .refused(let why) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(why == "The server answered with someone else's card (the card of \(Fixture.other.nodeID.rawValue), not of \(Fixture.identity.nodeID.rawValue)), so it was refused.", "\(why)")
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
        #expect(try book.contacts().allSatisfy { (try? book.card(of: $0.id))?.card.title == "Chief Programmer" })
    }

    /// Eve's card claiming that Ada moved to Eve's key, with a statement Ada never signed (a real one with its
    /// signature changed), in answer to a question about Ada: refused as a card that does not verify.
    @Test func aForgedKeyMoveIsRefused() async throws {
        let eve = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xE5, count: 32))!)
        let (outcome, book, ada, _) = try await Self.refreshAda { origin in
            var statement = KeyMove.sign(from: Fixture.identity, to: eve.sigKey, at: Fixture.updatedAt + 1).encoded
            statement[statement.count - 1] ^= 0x01
            var card = Fixture.businessCard(eve, updatedAt: Fixture.updatedAt + 60_000)
            card.server = ServerOrigin(origin)
            card.moves = [try KeyMove(encoded: statement)]
            return Self.answering(try Fixture.issue(card, by: eve))
        }
        #expect(outcome == .refused(
            "The server sent a card that does not verify: This card's key move is not valid: a move is not signed by the key it moves from."),
            "\(outcome)")
        #expect(try book.card(of: ada.id).nodeID == Fixture.identity.nodeID)
        #expect(try book.count() == 2)
    }

    /// Carol really moved to a new key; her new card, in answer to a question about Ada, is still someone else's.
    @Test func anotherContactsMoveIsSomeoneElsesCard() async throws {
        let carolsNewKey = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xC0, count: 32))!)
        let (outcome, book, ada, _) = try await Self.refreshAda { origin in
            var card = Fixture.businessCard(carolsNewKey, updatedAt: Fixture.updatedAt + 60_000)
            card.server = ServerOrigin(origin)
            card.moves = [KeyMove.sign(from: Fixture.other, to: carolsNewKey.sigKey, at: Fixture.updatedAt + 60_000)]
            return Self.answering(try Fixture.issue(card, by: carolsNewKey))
        }
        guard case .refused(let why) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(why.hasPrefix("The server answered with someone else's card"), "\(why)")
        #expect(try book.contacts().compactMap(\.nodeID).sorted { $0.rawValue < $1.rawValue }
            == [Fixture.identity.nodeID, Fixture.other.nodeID].sorted { $0.rawValue < $1.rawValue })
        _ = ada
    }

    @Test func fiftyMegabytesAreRefusedUnread() async throws {
        let (outcome, book, ada, _) = try await Self.refreshAda { _ in
            .bytes(status: 200, headers: ["Content-Type": "application/cose", "Content-Length": "52428800"], body: [UInt8](repeating: 0xA5, count: 1 << 20))
        }
        guard case .refused(let why) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(why.contains("sent more than") && why.contains("bytes; the answer was refused."), "\(why)")
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
    }

    /// The card route answers a card or a refusal; a redirect is neither, and is never followed (the one request
    /// the server saw was the card's).
    @Test func aRedirectToTheMetadataAddressIsNotFollowed() async throws {
        let (outcome, book, ada, lines) = try await Self.refreshAda { _ in
            .bytes(status: 302, headers: ["Location": "http://169.254.169.254/latest/meta-data/"], body: [])
        }
        #expect(outcome == .refused("The server's answer could not be read: it answered with a redirect (status 302), which is never followed."), "\(outcome)")
        #expect(lines.count == 1, "\(lines)")
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
    }

    /// A byte every 100 ms is cut off at the time limit (a deadline, half a second here), said once for the
    /// server, and its other contact is not asked.
    @Test func aDrippingServerIsCutOffAndAskedNothingMore() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .milliseconds(100)))
        defer { Task { await server.stop() } }
        let (book, ada, carol) = try Self.book(naming: "http://127.0.0.1:\(server.port)")
        var refresh = CardRefresh(book: book, registered: nil)
        refresh.configuration.requestTimeout = .milliseconds(500)
        let results = try await refresh.refresh([ada, carol])
        #expect(results.map(\.outcome) == Array(repeating: .unreachable("Could not reach 127.0.0.1: it did not answer within 0.5 seconds."), count: 2),
                "\(results.map(\.outcome))")
        #expect(server.requestLines.count == 1, "\(server.requestLines)")
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
    }

    /// A card naming a server on a private network is not fetched from (it could be anything on the reader's
    /// network); nothing connects.
    @Test func aServerOnAPrivateNetworkIsNotAsked() async throws {
        let (book, ada, _) = try Self.book(naming: "http://10.0.0.1:8080")
        let results = try await CardRefresh(book: book, registered: nil).refresh([ada])
        guard case .unreachable(let why)? = results.first?.outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(why.contains("10.0.0.1"), "\(why)")
    }
}
