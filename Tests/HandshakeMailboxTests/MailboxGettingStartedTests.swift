import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The code of HandshakeMailbox's "Getting started" article, run against a real server on a loopback port.
struct MailboxGettingStartedTests {
    static func container() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("app-container-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("register, make a link, follow events, accept a request")
    func gettingStarted() async throws {
        try await LiveMailbox().run { server in
            // article:begin
            // Ada's app registers on the server: signing in makes the account; her card is published there.
            let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
            let adasMailbox = MailboxClient(server: server, identity: ada.identity)
            try await adasMailbox.publish(try ada.issueCard())

            // She makes a one-time link and sends it to Bob however she likes.
            let created = try await adasMailbox.createShareLink()
            let message = "Add me: \(created.link)"

            // Her app follows her events from now on (a `.task` in SwiftUI).
            let start = try await adasMailbox.latestEventID()
            let arrived = Task {
                for try await event in adasMailbox.events(after: start) where event.kind == .friendRequestReceived {
                    return event.requestID
                }
                return nil
            }

            // Bob's app reads the link he was sent, shows Ada's verified card, and sends a request with his.
            let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
            let bobsMailbox = MailboxClient(server: server, identity: bob.identity)
            try await bobsMailbox.publish(try bob.issueCard())
            let link = try #require(ShareLink(parsing: String(message.dropFirst("Add me: ".count))))
            let behindLink = try await bobsMailbox.resolve(link)
            #expect(behindLink.card.card.name == "Ada Lovelace")
            try await bobsMailbox.sendFriendRequest(to: .shareLink(link), card: try bob.issueCard(), note: "Good to meet you")

            // Ada's app hears of it at once; she accepts, and Bob's card, verified, goes through her receive rule.
            let requestID = try #require(try await arrived.value)
            let accepted = try await adasMailbox.acceptFriendRequest(requestID, card: try ada.issueCard())
            #expect(accepted.note == "Good to meet you")
            let outcome = try ada.book.receive(try #require(accepted.senderCard), source: .serverRequest, answer: .add(trust: .trusted))
            #expect(outcome.contact?.displayName == "Bob Babbage")
            #expect(try ada.book.contacts().map(\.displayName) == ["Bob Babbage"])
            // article:end
        }
    }

    @Test func theArticleShowsTheCodeThisTestRuns() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeMailbox/HandshakeMailbox.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
