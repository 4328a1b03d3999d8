import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
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
        // Ada's and Bob's apps, each with its account.
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))

        // An app's screen follows the coordinator's snapshots, draws each stage, and gives the person's
        // answers back; here, a person who says yes to everything and writes `note`. An answer is taken once,
        // while its question is open; one given again is refused (`NearbyAnswerError.notNow`) and changes nothing.
        func screen(_ coordinator: NearbyCoordinator, note: String) -> Task<Void, Never> {
            Task {
                for await snapshot in coordinator.snapshots() {
                    switch snapshot.question {
                    case .exchange?: try? coordinator.answer(.exchange(.exchange))
                    case .request?: try? coordinator.answer(.accept)
                    case .keep?: try? coordinator.answer(.keep(.add(trust: .trusted)))
                    case .note?: try? coordinator.answer(.note(note))
                    case nil: break
                    }
                }
            }
        }

        // Ada opens the exchange screen. On a phone she would be found by discovery (`.discover(choice: nil)`,
        // the people found in the snapshot's looking stage); here she listens on loopback.
        var onLoopback = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        onLoopback.host = "127.0.0.1"
        let adas = try NearbyCoordinator(account: ada, configuration: onLoopback)
        let adasScreen = screen(adas, note: "Hello Bob")
        let adaDone = Task { try await adas.run(.listen, timeout: .seconds(120)) }
        var port = 0
        for await snapshot in adas.snapshots() {
            if case .looking(let looking) = snapshot.stage, case .listening(let listening) = looking.way {
                port = listening
                break
            }
        }

        // Bob's app reaches her and sends his card at once, as choosing her before looking does.
        var chosen = onLoopback
        chosen.requestsAtOnce = true
        let bobs = try NearbyCoordinator(account: bob, configuration: chosen)
        let bobsScreen = screen(bobs, note: "Hi Ada")
        let bobsRecord = try await bobs.run(.connect(host: "127.0.0.1", port: port), timeout: .seconds(120))
        let adasRecord = try await adaDone.value
        await adasScreen.value
        await bobsScreen.value

        // Both saw the other's note on their success screen, and each book keeps the other, verified, with the meeting.
        guard case .ended(let adaEnded) = adas.snapshot.stage, case .ended(let bobEnded) = bobs.snapshot.stage else {
            Issue.record("not ended: \(adas.snapshot.stage) \(bobs.snapshot.stage)")
            return
        }
        #expect(adaEnded.swap?.theirNote == "Hi Ada" && bobEnded.swap?.theirNote == "Hello Bob")
        #expect(adaEnded.sentence == "The exchange is complete." && bobEnded.sentence == "The exchange is complete.")
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
