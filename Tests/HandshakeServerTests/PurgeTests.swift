import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// The clean-up, on an injected clock and both backends: what is over is deleted and counted, what is
/// still in use stays, and the tables of a server under steady use stop growing.
@Suite struct PurgeTests {
    @Test(arguments: Backend.allCases) func whatIsOverIsDeletedAndWhatIsInUseStays(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        let server = mailbox.server
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let link = try await client.shareToken(for: ada)
            // Sign-in challenges nobody answers: what a client looping on the public challenge route leaves.
            for _ in 0..<25 {
                let answered = try await client.call(.post, "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(Identity.generate().sigKey.rawRepresentation)])
                #expect(answered.status == .created)
            }
            let policy = MailboxPolicy()
            // Within every lifetime: nothing goes.
            let none = try #require(await server.purgeExpired())
            #expect(none == PurgeCounts(), "\(none)")

            // Past the challenges' and sessions' lifetimes (one hour) but within the links' day: challenges
            // (25 unanswered and 2 answered) and both sessions go; the link stays usable.
            client.clock.advance(by: policy.sessionLifetime + 1)
            let first = try #require(await server.purgeExpired())
            #expect(first.challenges == 27 && first.sessions == 2 && first.shareLinks == 0, "\(first)")
            let resolved = try await client.call(.get, "/v1/share-links/\(link)")
            #expect(resolved.status == .ok)

            // Past the link's lifetime it answers "expired" for a week, then it is gone; events after 30 days.
            client.clock.advance(by: policy.shareLinkLifetime)
            #expect(await server.purgeExpired()?.shareLinks == 0)
            #expect(try await client.call(.get, "/v1/share-links/\(link)").code == "link_expired")
            client.clock.advance(by: policy.purge.linkRetention)
            #expect(await server.purgeExpired()?.shareLinks == 1)
            #expect(try await client.call(.get, "/v1/share-links/\(link)").status == .notFound)
            _ = bob
            // A second run right after deletes nothing: running on several instances at once is safe.
            #expect(await server.purgeExpired() == PurgeCounts())
            let metrics = try await client.call(.get, "/metrics")
            let text = String(buffer: metrics.body)
            #expect(text.contains("handshake_purged_rows_total{table=\"auth_challenge\"} 27"), "\(text.split(separator: "\n").filter { $0.contains("purged") })")
        }
    }

    /// Signing in makes no account, so fresh keys that only sign in leave nothing once their sessions are
    /// purged; an account asked for but never given a card goes once its sessions are over and nothing
    /// refers to it, while one that sent a request (and every account with a card) stays.
    @Test(arguments: Backend.allCases) func signInsLeaveNoAccountsAndCardlessAccountsGo(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        let server = mailbox.server
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            for _ in 0..<10 { _ = try await client.signIn(Identity.generate()) }
            let asker = Identity.generate()
            #expect(try await client.call(.get, "/v1/account", token: try await client.signIn(asker)).status == .ok)
            let sender = Identity.generate()
            let senderCard = try Person.card(sender, name: "Sam", at: client.clock.now())
            let sam = Person(identity: sender, token: try await client.signIn(sender), card: senderCard)
            #expect(try await client.sendRequest(from: sam, to: ada).status == .created)
            #expect(try await client.call(.get, "/v1/cards/\(sam.nodeID)").code == "no_card", "sending made Sam's account, without a card")

            #expect(await server.purgeExpired()?.cardlessAccounts == 0, "their sessions are still valid")
            client.clock.advance(by: MailboxPolicy().sessionLifetime + 1)
            let purged = try #require(await server.purgeExpired())
            #expect(purged.sessions == 13 && purged.cardlessAccounts == 1, "\(purged)")
            #expect(try await client.call(.get, "/v1/cards/\(asker.nodeID.rawValue)").code == "unknown_account")
            #expect(try await client.call(.get, "/v1/cards/\(sam.nodeID)").code == "no_card")
            #expect(try await client.call(.get, "/v1/cards/\(ada.nodeID)").status == .ok)
        }
    }
}
