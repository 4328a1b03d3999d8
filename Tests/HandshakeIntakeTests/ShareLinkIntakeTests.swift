import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakeStore
import HandshakeTestSupport
import Testing

/// Add, given a share link, against servers that misbehave on purpose: every link shape that is not a share
/// link is refused before any connection (the server counts none); addresses a link may not lead to are
/// refused before connecting; one request per add, even after a refusal; and a server that drips its answer
/// is cut off at the time limit with a sentence, nothing stored.
struct ShareLinkIntakeTests {
    static let token = "0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6"

    static func account(_ name: String = "Bob") throws -> HandshakeAccount {
        try HandshakeAccount.create(
            name: name, storage: .directory(FileManager.default.temporaryDirectory.appendingPathComponent("intake-\(UUID().uuidString)")))
    }

    static func refusal(_ intake: CardIntake, _ text: String) async -> CardIntakeError? {
        do throws(CardIntakeError) {
            _ = try await intake.read(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func everyShapeThatIsNotAShareLinkIsRefusedBeforeAnyConnection() async throws {
        let server = try await HostileHTTPServer(.answer(HostileHTTPServer.json(status: 200, "{}")))
        defer { Task { await server.stop() } }
        let intake = CardIntake(book: try Self.account().book)
        let port = server.port
        for link in [
            "http://admin:pw@127.0.0.1:\(port)/share/contact/\(Self.token)",
            "http://127.0.0.1:\(port)/internal/admin?x=/share/contact/\(Self.token)",
            "http://127.0.0.1:\(port)/share/contact/\(Self.token)?x=1",
            "http://127.0.0.1:\(port)/share/contact/\(Self.token)#x",
            "http://127.0.0.1:\(port)/prefix/share/contact/\(Self.token)",
            "http://0x7f000001:\(port)/share/contact/\(Self.token)",
            "http://2130706433:\(port)/share/contact/\(Self.token)",
            "http://127.1:\(port)/share/contact/\(Self.token)",
            "http://[::ffff:7f00:1]x:\(port)/share/contact/\(Self.token)",
        ] {
            let error = await Self.refusal(intake, link)
            guard case .shareLinkRefused(let why)? = error else {
                Issue.record("\(link): \(String(describing: error))")
                continue
            }
            #expect(error?.description == "Rejected: \(why.description)")
        }
        #expect(server.connections == 0)
    }

    /// The rule is checked on the addresses themselves: a link whose server is on a private network or at a
    /// cloud's metadata address is refused with a sentence, never connected to.
    @Test func privateAndLinkLocalAddressesAreRefusedUnlessTheyAreYourServers() async throws {
        let intake = CardIntake(book: try Self.account().book)
        for (link, address, kind) in [
            ("https://10.255.255.1/share/contact/\(Self.token)", "10.255.255.1", "an address on a private network"),
            ("https://169.254.169.254/share/contact/\(Self.token)", "169.254.169.254", "a link-local address"),
            ("https://[::ffff:169.254.169.254]/share/contact/\(Self.token)", "::ffff:169.254.169.254", "a link-local address"),
            ("https://[fd00::1]:8443/share/contact/\(Self.token)", "fd00::1", "an address on a private network"),
        ] {
            let error = await Self.refusal(intake, link)
            #expect(
                error?.description
                    == "Did not connect to \(address): it is at \(address), \(kind); a share link leads there only when it is the server you registered with.",
                "\(String(describing: error))")
        }
    }

    /// A refusal is told with one request: the owner named from the book when they are a contact, never by
    /// asking the server for their card.
    @Test func aRefusedLinkIsOneRequestAndNamesAnOwnerTheBookKnows() async throws {
        let ada = try Self.account("Ada Lovelace")
        let bob = try Self.account()
        let body = #"{"code":"link_used","message":"This link was already used.","owner":"\#(ada.identity.nodeID.rawValue)"}"#
        let server = try await HostileHTTPServer(.answer(HostileHTTPServer.json(status: 410, body)))
        defer { Task { await server.stop() } }
        let link = "http://127.0.0.1:\(server.port)/share/contact/\(Self.token)/\(ada.identity.nodeID.rawValue)"

        let error = await Self.refusal(CardIntake(book: bob.book), link)
        #expect(error?.description == "This link was already used. Ask its owner for a new one.")
        #expect(server.requestLines == ["GET /v1/share-links/\(Self.token) HTTP/1.1"])

        _ = try bob.book.receive(try ada.issueCard(), source: .qr, answer: .add(trust: .trusted))
        let named = await Self.refusal(CardIntake(book: bob.book), link)
        #expect(named?.description == "This link was already used. Ask Ada Lovelace for a new one.")
        #expect(server.requestLines.count == 2, "one request for each add")
    }

    /// A byte every 100 ms: a time limit per read would never pass. The limit (half a second here, 30 s by
    /// default) is a deadline, and nothing is stored.
    @Test func aDrippingServerIsCutOffAtTheLimitWithASentence() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .milliseconds(100)))
        defer { Task { await server.stop() } }
        let bob = try Self.account()
        var intake = CardIntake(book: bob.book)
        intake.mailboxConfiguration.requestTimeout = .milliseconds(500)
        let error = await Self.refusal(intake, "http://127.0.0.1:\(server.port)/share/contact/\(Self.token)")
        #expect(error?.description == "Could not reach 127.0.0.1: it did not answer within 0.5 seconds.")
        #expect(try bob.book.contacts().isEmpty)
    }
}
