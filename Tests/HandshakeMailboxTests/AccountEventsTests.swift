import Foundation
import HandshakeCore
import HandshakeMailbox
import Testing

/// The event stream as an app follows it: live events in order, resumed after the last id, and carried on
/// across a sign-in that expired.
@Suite struct AccountEventsTests {
    @Test func eventsArriveLiveAndInOrder() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            let start = try await ada.client.latestEventID()
            #expect(start == 0)

            let following = Task {
                var seen: [AccountEvent] = []
                for try await event in ada.client.events(after: start) {
                    seen.append(event)
                    if seen.count == 2 { break }
                }
                return seen
            }
            let sent = try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card)
            let seen = try await following.value
            #expect(seen.map(\.kind) == [.friendRequestReceived, .badge])
            #expect(seen.first?.requestID == sent.id)
            #expect(seen.first?.peer == bob.identity.nodeID)
            #expect(seen.last?.pendingRequests == 1)
            #expect(seen[0].id < seen[1].id)

            // Resumed after the first: only the second comes again.
            var resumed: [AccountEvent] = []
            for try await event in ada.client.events(after: seen[0].id) {
                resumed.append(event)
                break
            }
            #expect(resumed == [seen[1]])
            #expect(try await ada.client.latestEventID() == seen[1].id)
            #expect(try await ada.client.eventPage(after: 0) == seen)
        }
    }

    @Test func aStreamOpenedWithAnExpiredTokenSignsInAgain() async throws {
        let mailbox = try LiveMailbox()
        try await mailbox.run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            _ = try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card)
            // Ada's token is past its hour on the server's clock when the stream connects: 401, sign in, go on.
            _ = try await ada.client.signIn()
            mailbox.clock.advance(by: 2 * 60 * 60)
            var seen: [MailboxEventKind] = []
            for try await event in ada.client.events(after: 0) {
                seen.append(event.kind)
                if seen.count == 2 { break }
            }
            #expect(seen == [.friendRequestReceived, .badge])
        }
    }

    @Test func cancellingTheTaskEndsTheStream() async throws {
        let mailbox = try LiveMailbox()
        try await mailbox.run { server in
            let ada = try await Person.registered("Ada", on: server)
            let following = Task {
                for try await _ in ada.client.events() {}
            }
            // Cancelled once the stream is open on the server (its gauge counts it), not before it connects.
            func openStreams() -> Double? {
                let line = mailbox.server.metrics.text().split(separator: "\n").first { $0.hasPrefix("handshake_event_streams_open ") }
                return line.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
            }
            for _ in 0..<1500 where openStreams() != 1 { try await Task.sleep(for: .milliseconds(20)) }
            #expect(openStreams() == 1)
            following.cancel()
            await #expect(throws: CancellationError.self) { try await following.value }
        }
    }
}
