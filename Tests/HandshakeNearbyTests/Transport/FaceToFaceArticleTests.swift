import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The code of HandshakeNearby's "Face to face in an app" article: two coordinators in one process over
/// loopback complete an exchange with notes, and each book keeps the other with the meeting.
@MainActor
@Suite(.tags(.runsAlone))
struct FaceToFaceArticleTests {
    static func container() -> URL { NearbyCoordinatorTests.container() }

    @Test("two apps meet, swap cards and notes, and keep each other with the meeting")
    func faceToFace() async throws {
        // article:begin
        // Ada's and Bob's apps, each with its account; each screen is a NearbyFrontEnd that shows events and
        // answers the coordinator's questions (here, a scripted one that says yes and writes a note).
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        let adasScreen = ScriptedScreen(note: "Hello Bob")
        let bobsScreen = ScriptedScreen(note: "Hi Ada")

        // Ada opens the exchange screen. On a phone she would be found by discovery (`.discover(choice: nil)`,
        // the people found in `coordinator.people`); here she listens on loopback.
        var onLoopback = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        onLoopback.host = "127.0.0.1"
        let adas = try NearbyCoordinator(account: ada, frontEnd: adasScreen, configuration: onLoopback)
        let adaDone = Task { try await adas.run(.listen, timeout: .seconds(120)) }
        let port = await adasScreen.listeningPort()

        // Bob's app reaches her and sends his card at once, as choosing her from the list does.
        var chosen = onLoopback
        chosen.requestsAtOnce = true
        let bobs = try NearbyCoordinator(account: bob, frontEnd: bobsScreen, configuration: chosen)
        let bobsRecord = try await bobs.run(.connect(host: "127.0.0.1", port: port), timeout: .seconds(120))
        let adasRecord = try await adaDone.value

        // Both saw the other's note, and each book keeps the other, verified, with the meeting.
        #expect(adasScreen.notes == ["Hi Ada"] && bobsScreen.notes == ["Hello Bob"], "\(adasScreen.events)\n\(bobsScreen.events)")
        #expect(adasRecord.handshakeHash == bobsRecord.handshakeHash)
        let bobInAdasBook = try #require(try ada.book.contacts().first)
        #expect(bobInAdasBook.displayName == "Bob Babbage" && bobInAdasBook.verificationStatus == .verified)
        #expect(try ada.book.exchanges(ofContact: bobInAdasBook.id).first?.theirNote == "Hi Ada")
        #expect(try bob.book.contacts().map(\.displayName) == ["Ada Lovelace"])
        // article:end
    }

    @Test func theArticleShowsTheCodeThisTestRuns() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeNearby/HandshakeNearby.docc/FaceToFace.md") == ArticleCode.inTest())
    }
}
