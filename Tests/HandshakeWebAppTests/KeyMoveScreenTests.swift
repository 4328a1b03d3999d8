// Establishes that Settings moves the account to a new key while the app runs, through the whole stack a
// browser meets: the page says what the move does before, and what it did after; every screen then reads
// the moved account (Settings' Node ID, My card signed by the new key and carrying the move), as the account
// on disk does; and a server that does not take the new card leaves the key as it was, with the reason.
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

@Suite(.timeLimit(.minutes(1))) struct KeyMoveScreenTests {
    static func form(_ app: AppServingTests.Running) -> String { "\(LocalAccessRule.formTokenField)=\(app.secrets.formToken)" }

    @Test func settingsMovesTheKeyAndEveryScreenFollows() async throws {
        let storage = AccountStorage.directory(ScreenTextTests.container())
        let before = try HandshakeAccount.create(name: "Ada Lovelace", storage: storage)
        let oldCardText = CardText.qrText(try before.issueCard())
        let app = try await AppServingTests.Running(address: AppAddress.random(), headerTimeout: .seconds(10), account: before)
        let session = app.secrets.session

        let settings = try await ErrorPageTests.request(app, "GET", AppPath.settings.href, session: session)
        #expect(settings.body.contains(KeyMoveSentences.question.plain), "\(settings.body)")
        #expect(settings.body.contains("action=\"\(AppPath.moveKey.href)\""), "\(settings.body)")

        let moved = try await ErrorPageTests.request(app, "POST", AppPath.moveKey.href, session: session, form: Self.form(app))
        let after = try HandshakeAccount.open(storage)
        #expect(after.identity.nodeID != before.identity.nodeID)
        #expect(moved.status == 200)
        #expect(moved.body.contains(KeyMoveSentences.moved(from: before.identity.nodeID, to: after.identity.nodeID).plain), "\(moved.body)")
        #expect(moved.body.contains(KeyMoveSentences.notPublished.plain) && moved.body.contains(KeyMoveSentences.backUpAgain.plain))

        // The routes read the moved account: the Node ID shown, and the card given out, are the new key's.
        let again = try await ErrorPageTests.request(app, "GET", AppPath.settings.href, session: session)
        #expect(again.body.contains(after.identity.nodeID.rawValue) && !again.body.contains(before.identity.nodeID.rawValue), "\(again.body)")
        let card = try await ErrorPageTests.request(app, "GET", AppPath.myCard.href, session: session)
        let newCard = try after.issueCard()
        #expect(card.body.contains(CardText.qrText(newCard)) && !card.body.contains(oldCardText))
        #expect(newCard.nodeID == after.identity.nodeID && newCard.card.moves.first?.oldKey == before.identity.sigKey, "vouched for by the old key")
    }

    @Test func aServerThatDoesNotTakeTheNewCardLeavesTheKey() async throws {
        let folder = ScreenTextTests.container()
        let storage = AccountStorage.directory(folder)
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: storage)
        // Registered with a server that is not there: the new card cannot be published, so nothing moves.
        let mailbox = MailboxRegistration(directory: folder)
        try mailbox.remember(try #require(URL(string: "http://127.0.0.1:9")))
        let app = try await AppServingTests.Running(address: AppAddress.random(), headerTimeout: .seconds(10), account: account, mailbox: mailbox)

        let refused = try await ErrorPageTests.request(app, "POST", AppPath.moveKey.href, session: app.secrets.session, form: Self.form(app))
        #expect(refused.status == 422)
        #expect(refused.body.contains(KeyMoveSentences.notMoved.plain), "\(refused.body)")
        #expect(refused.body.contains("127.0.0.1"), "the reason names the server: \(refused.body)")
        #expect(try HandshakeAccount.open(storage).identity.nodeID == account.identity.nodeID)
        #expect(refused.body.contains(account.identity.nodeID.rawValue))
    }

    /// One move at a time: a second press while the first is publishing runs nothing (moving the old key twice
    /// could leave the server and this device on different new keys).
    @Test func aSecondMoveWhileOneIsUnderWayRunsNothing() async throws {
        let before = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let after = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let holder = AccountHolder(before)
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            await holder.move { _ in
                start.yield()
                for await _ in released { break }
                return (after, 1)
            }
        }
        for await _ in started { break }
        let second = await holder.move { _ in (after, 2) }
        #expect(second == nil, "the second press ran a move")
        #expect(holder.account.identity.nodeID == before.identity.nodeID, "nothing is replaced until the move is done")
        release.yield()
        #expect(await first.value == 1)
        #expect(holder.account.identity.nodeID == after.identity.nodeID)
        #expect(await holder.move { _ in (before, 3) } == 3, "once done, a new move may run")
    }
}
