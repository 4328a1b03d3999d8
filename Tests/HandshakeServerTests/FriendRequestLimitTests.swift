import Foundation
import HandshakeServer
import Testing

/// The friend-request limits: one account sends at most `friendRequests.perSender` an hour by any route,
/// and receives at most `friendRequests.perReceiver` an hour by Node ID from everyone together; past them,
/// `429 rate_limited` with `Retry-After` and a `detail` naming the limit. A share link of the receiver's
/// still reaches them. Both hold on both backends and free up as the hour slides.
@Suite struct FriendRequestLimitTests {
    static var policy: MailboxPolicy {
        var policy = MailboxPolicy()
        policy.friendRequests.perSender = 3
        policy.friendRequests.perReceiver = 2
        return policy
    }

    @Test(arguments: Backend.allCases) func aSenderIsLimitedPerHourByAnyRoute(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend, policy: Self.policy)
        try await mailbox.test { client in
            let mallory = try await client.person("Mallory")
            var others: [Person] = []
            for name in ["Ada", "Bob", "Carol", "Dan"] { others.append(try await client.person(name)) }
            #expect(try await client.sendRequest(from: mallory, to: others[0]).status == .created)
            #expect(try await client.sendRequest(from: mallory, to: others[1]).status == .created)
            mailbox.clock.advance(by: 10 * 60)
            #expect(try await client.sendRequest(from: mallory, token: try await client.shareToken(for: others[2])).status == .created)
            let refused = try await client.sendRequest(from: mallory, to: others[3])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.code == "rate_limited")
            #expect(try refused.object()["detail"] as? String == "friend_requests_sent")
            // The oldest of the three leaves the window in 50 minutes.
            #expect(refused.headers[.retryAfter] == String(50 * 60))

            mailbox.clock.advance(by: 50 * 60)
            let renewed = Person(identity: mallory.identity, token: try await client.signIn(mallory.identity), card: mallory.card)
            #expect(try await client.sendRequest(from: renewed, to: others[3]).status == .created)
        }
    }

    @Test(arguments: Backend.allCases) func aReceiverGetsAtMostSoManyRequestsByNodeIDButALinkStillWorks(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend, policy: Self.policy)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            var senders: [Person] = []
            for index in 0..<4 { senders.append(try await client.person("Sender \(index)")) }
            #expect(try await client.sendRequest(from: senders[0], to: ada).status == .created)
            #expect(try await client.sendRequest(from: senders[1], to: ada).status == .created)
            let refused = try await client.sendRequest(from: senders[2], to: ada)
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.object()["detail"] as? String == "friend_requests_received")
            #expect(refused.headers[.retryAfter] == String(60 * 60))
            // Ada's own link is hers to give: it is not counted against her inbox.
            #expect(try await client.sendRequest(from: senders[3], token: try await client.shareToken(for: ada)).status == .created)
            let received = try await client.call(.get, "/v1/friend-requests", token: ada.token)
            #expect((try received.object()["requests"] as? [Any])?.count == 3)
        }
    }
}
