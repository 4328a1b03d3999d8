import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore
import Testing

@testable import HandshakeWebApp

/// The common friends can arrive after the request (the cards never wait for them): Face to face says it is
/// looking for them until they come, then who they are, or that there are none.
@MainActor
struct FaceToFaceWaitTests {
    @Test func theScreenSaysItIsLookingForCommonFriendsUntilTheyCome() async throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let model = FaceToFace(account: account)
        try model.start(.listen, showsName: false)
        defer { model.stop() }
        func live() -> String { FaceToFaceScreen.live(model, formToken: "F0rm").description }
        #expect(!live().contains("common friends"), "nobody is connected yet")

        // The screen draws the coordinator's snapshot: here, the confirm screen as the common friends come in.
        let ownCard = try account.issueCard()
        func connected(_ friends: NearbyCommonFriends) -> NearbySnapshot {
            NearbySnapshot(stage: .confirm(NearbySnapshot.Confirm(session: .init(peer: nil, shortCode: "123456", commonFriends: friends))), ownCard: ownCard)
        }
        model.take(connected(.pending))
        #expect(live().contains("<p class=\"muted\" role=\"status\">Looking for common friends…</p>"))
        model.take(connected(.found([])))
        #expect(live().contains("No common friends.") && !live().contains("Looking for"))
        model.take(connected(.found(["Carol Herschel"])))
        #expect(live().contains("<p>Common friends: Carol Herschel</p>") && !live().contains("No common friends."))
    }
}
