import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

/// HandshakeNearby as an app uses it over Bluetooth LE, through the app tier only: two ``LinkTransport``s
/// wired packet to packet as two phones' GATT characteristic would be, each the meeting of a
/// ``NearbyCoordinator``. The code between the `article:` marks is the Getting Started article of
/// HandshakeNearby's documentation, word for word (a test below checks it).
@MainActor
@Suite("Getting started in an app: HandshakeNearby", .timeLimit(.minutes(1)), .tags(.runsAlone))
struct NearbyGettingStartedTests {
    static func container() -> URL { NearbyCoordinatorTests.container() }

    @Test("a whole exchange over two Bluetooth LE links, each the meeting of a coordinator")
    func gettingStarted() async throws {
        // article:begin
        // Ada's and Bob's apps, each with its account.
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))

        // The radio: each link writes packets (one GATT write or notification each, at most MTU − 3 bytes)...
        let (fromAda, adaWrites) = AsyncStream.makeStream(of: [UInt8].self)
        let (fromBob, bobWrites) = AsyncStream.makeStream(of: [UInt8].self)
        let adaLink = try LinkTransport(configuration: .init(mtu: 185)) { packet in adaWrites.yield(packet) }
        let bobLink = try LinkTransport(configuration: .init(mtu: 185)) { packet in bobWrites.yield(packet) }
        // ...and the other phone's Bluetooth callback hands each one to its link.
        let radio = [
            Task { for await packet in fromAda { await bobLink.receive(packet: packet) } },
            Task { for await packet in fromBob { await adaLink.receive(packet: packet) } },
        ]

        // Each app's screen answers its coordinator's questions (the "Face to face in an app" article draws
        // them); here, two people who say yes and leave without a note.
        func screen(_ coordinator: NearbyCoordinator) -> Task<Void, Never> {
            Task {
                for await snapshot in coordinator.snapshots() {
                    switch snapshot.question {
                    case .exchange?: try? coordinator.answer(.exchange(.exchange))
                    case .request?: try? coordinator.answer(.accept)
                    case .keep?: try? coordinator.answer(.keep(.add(trust: .trusted)))
                    case .note?: try? coordinator.answer(.noNote)
                    case nil: break
                    }
                }
            }
        }

        // The link is the meeting: Ada's phone connected to Bob's, so hers opens the secure channel.
        let configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        let adas = try NearbyCoordinator(account: ada, configuration: configuration)
        let bobs = try NearbyCoordinator(account: bob, configuration: configuration)
        let screens = [screen(adas), screen(bobs)]
        async let adasRecord = adas.run(.link(adaLink, role: .initiator), timeout: .seconds(60))
        let bobsRecord = try await bobs.run(.link(bobLink, role: .responder), timeout: .seconds(60))
        #expect(try await adasRecord.handshakeHash == bobsRecord.handshakeHash)
        for screen in screens { await screen.value }

        // The cards crossed the link both ways, in order, whatever the packet size; each book keeps the other.
        #expect(try ada.book.contacts().map(\.displayName) == ["Bob Babbage"])
        #expect(try bob.book.contacts().map(\.displayName) == ["Ada Lovelace"])
        adaWrites.finish()
        bobWrites.finish()
        for task in radio { await task.value }
        // article:end
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeNearby/HandshakeNearby.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
