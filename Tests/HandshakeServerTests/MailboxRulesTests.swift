import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeMailbox
import HandshakeServer
import HandshakeTestSupport
import Testing

/// The mailbox's rules (``MailboxRules``) over each backend, called without a server: every refusal a rule
/// makes comes out the same on SQLite and PostgreSQL, because it is written once and each backend only reads
/// the facts and writes; and what each backend must keep atomic (one use of a link, one answer to a
/// request) holds under concurrent calls.
@Suite struct MailboxRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A random share-link token hash (the storage keeps only the hash).
    static func tokenHash() -> [UInt8] { (0..<32).map { _ in UInt8.random(in: 0...255) } }

    /// A link of `owner`'s, made at `now` through the rules.
    static func link(of owner: StoredPerson, in rules: MailboxRules, now: Date = now) async throws -> [UInt8] {
        let hash = tokenHash()
        _ = try await rules.createShareLink(tokenHash: hash, owner: owner.nodeID, now: now)
        return hash
    }

    /// Sends a request from `sender` to `target` at `now` through the rules.
    @discardableResult
    static func send(_ sender: StoredPerson, _ target: HandshakeServer.FriendRequestAddressee, in rules: MailboxRules, now: Date = now) async throws -> FriendRequest {
        try await rules.sendFriendRequest(NewFriendRequest(sender: sender.nodeID, target: target, senderCard: sender.card.bytes, note: nil), now: now)
    }

    @Test(arguments: Backend.allCases) func sendingIsRefusedByTheSameRulesOnEveryBackend(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            let rules = MailboxRules(storage: storage, policy: MailboxPolicy())
            let (now, day) = (Self.now, TimeInterval(86_400))
            let ada = try await StoredPerson.publish("Ada", in: rules, now: now)
            let bob = try await StoredPerson.publish("Bob", in: rules, now: now)
            let carol = try await StoredPerson.publish("Carol", in: rules, now: now)
            let dan = try await StoredPerson.publish("Dan", in: rules, now: now)

            await #expect(throws: MailboxError.selfRequest) { try await Self.send(ada, .nodeID(ada.nodeID), in: rules) }
            await #expect(throws: MailboxError.unknownAccount) { try await Self.send(ada, .nodeID(Identity.generate().nodeID), in: rules) }
            await #expect(throws: MailboxError.linkUnknown) { try await Self.send(bob, .shareLink(tokenHash: Self.tokenHash()), in: rules) }
            let adasLink = try await Self.link(of: ada, in: rules)
            await #expect(throws: MailboxError.ownLink) { try await Self.send(ada, .shareLink(tokenHash: adasLink), in: rules) }
            await #expect(throws: MailboxError.linkExpired) {
                try await Self.send(bob, .shareLink(tokenHash: adasLink), in: rules, now: now.addingTimeInterval(day))
            }
            let revoked = try await Self.link(of: ada, in: rules)
            #expect(try await storage.revokeShareLink(tokenHash: revoked, owner: ada.nodeID, now: now))
            await #expect(throws: MailboxError.linkRevoked) { try await Self.send(bob, .shareLink(tokenHash: revoked), in: rules) }

            let pending = try await Self.send(bob, .nodeID(ada.nodeID), in: rules)
            #expect(pending.receiver == ada.nodeID && pending.route == .nodeId && pending.status == .pending)
            await #expect(throws: MailboxError.requestPending) { try await Self.send(bob, .nodeID(ada.nodeID), in: rules) }
            await #expect(throws: MailboxError.incomingRequestPending) { try await Self.send(ada, .nodeID(bob.nodeID), in: rules) }
            // A refusal after the link was read leaves it unused: Bob's pending request stops his use of it...
            await #expect(throws: MailboxError.requestPending) { try await Self.send(bob, .shareLink(tokenHash: adasLink), in: rules) }
            // ...and Carol then uses it, once; Dan finds it used.
            let byLink = try await Self.send(carol, .shareLink(tokenHash: adasLink), in: rules)
            #expect(byLink.receiver == ada.nodeID && byLink.route == .token)
            await #expect(throws: MailboxError.linkUsed) { try await Self.send(dan, .shareLink(tokenHash: adasLink), in: rules) }

            _ = try await rules.answerFriendRequest(id: pending.id, by: ada.nodeID, answer: .accept(receiverCard: ada.card.bytes), now: now)
            await #expect(throws: MailboxError.alreadyContacts) { try await Self.send(bob, .nodeID(ada.nodeID), in: rules) }
            await #expect(throws: MailboxError.alreadyContacts) { try await Self.send(ada, .nodeID(bob.nodeID), in: rules) }
            // Nothing refused was kept: Ada received Bob's request and Carol's, and nothing else.
            let received = try await storage.friendRequests(of: ada.nodeID, sent: false, status: nil)
            #expect(Set(received.map(\.sender)) == [bob.nodeID, carol.nodeID] && received.count == 2)
        }
    }

    @Test(arguments: Backend.allCases) func theHourlyLimitsCountWhatEachBackendStored(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            var policy = MailboxPolicy()
            policy.friendRequests = FriendRequestLimits(perSender: 2, perReceiver: 1, window: 3_600)
            policy.shareLinksPerWindow = 2
            policy.passSignaturesPerWindow = 2
            let rules = MailboxRules(storage: storage, policy: policy)
            let now = Self.now
            var people: [StoredPerson] = []
            for name in ["Mallory", "Ada", "Bob", "Carol", "Dan", "Erin"] { people.append(try await StoredPerson.publish(name, in: rules, now: now)) }
            let (mallory, ada, bob, carol, dan, erin) = (people[0], people[1], people[2], people[3], people[4], people[5])

            // Two sent an hour: the third, 20 minutes after the first, waits 40 minutes.
            try await Self.send(mallory, .nodeID(ada.nodeID), in: rules, now: now)
            try await Self.send(mallory, .nodeID(bob.nodeID), in: rules, now: now.addingTimeInterval(600))
            await #expect(throws: MailboxError.friendRequestsRateLimited(retryAfter: 2_400)) {
                try await Self.send(mallory, .nodeID(carol.nodeID), in: rules, now: now.addingTimeInterval(1_200))
            }
            try await Self.send(mallory, .nodeID(carol.nodeID), in: rules, now: now.addingTimeInterval(3_600))

            // One received by Node ID an hour; a link of the receiver's is not counted.
            try await Self.send(dan, .nodeID(erin.nodeID), in: rules, now: now)
            await #expect(throws: MailboxError.receiverRateLimited(retryAfter: 3_600)) { try await Self.send(carol, .nodeID(erin.nodeID), in: rules) }
            try await Self.send(carol, .shareLink(tokenHash: try await Self.link(of: erin, in: rules)), in: rules)

            // Two links an hour (Erin made one above), two pass signatures an hour.
            _ = try await Self.link(of: erin, in: rules, now: now.addingTimeInterval(60))
            await #expect(throws: MailboxError.rateLimited(retryAfter: 3_600)) { try await Self.link(of: erin, in: rules, now: now) }
            try await rules.recordPassSignature(owner: ada.nodeID, now: now)
            try await rules.recordPassSignature(owner: ada.nodeID, now: now.addingTimeInterval(1))
            await #expect(throws: MailboxError.passSigningRateLimited(retryAfter: 3_599)) {
                try await rules.recordPassSignature(owner: ada.nodeID, now: now.addingTimeInterval(1))
            }
            try await rules.recordPassSignature(owner: ada.nodeID, now: now.addingTimeInterval(3_600))
        }
    }

    @Test(arguments: Backend.allCases) func oneLinkSentWithBySixteenAtOnceIsUsedOnce(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            let rules = MailboxRules(storage: storage, policy: MailboxPolicy())
            let ada = try await StoredPerson.publish("Ada", in: rules, now: Self.now)
            let link = try await Self.link(of: ada, in: rules)
            var senders: [StoredPerson] = []
            for index in 0..<16 { senders.append(try await StoredPerson.publish("Sender \(index)", in: rules, now: Self.now)) }
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for sender in senders {
                    group.addTask {
                        do {
                            try await Self.send(sender, .shareLink(tokenHash: link), in: rules)
                            return "sent"
                        } catch let error as MailboxError {
                            return error.code
                        }
                    }
                }
                return try await group.reduce(into: [String: Int]()) { counts, outcome in counts[outcome, default: 0] += 1 }
            }
            #expect(outcomes == ["sent": 1, "link_used": 15])
            #expect(try await storage.friendRequests(of: ada.nodeID, sent: false, status: nil).count == 1)
        }
    }

    @Test(arguments: Backend.allCases) func onlyThePartiesSeeARequestAndEachGivesOnlyItsOwnAnswerOnce(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            let rules = MailboxRules(storage: storage, policy: MailboxPolicy())
            let now = Self.now
            let ada = try await StoredPerson.publish("Ada", in: rules, now: now)
            let bob = try await StoredPerson.publish("Bob", in: rules, now: now)
            let carol = try await StoredPerson.publish("Carol", in: rules, now: now)
            let request = try await Self.send(bob, .nodeID(ada.nodeID), in: rules)

            #expect(try await rules.friendRequest(id: request.id, visibleTo: ada.nodeID) == request)
            await #expect(throws: MailboxError.unknownRequest) { try await rules.friendRequest(id: request.id, visibleTo: carol.nodeID) }
            await #expect(throws: MailboxError.unknownRequest) { try await rules.friendRequest(id: UUID().uuidString.lowercased(), visibleTo: ada.nodeID) }
            await #expect(throws: MailboxError.unknownRequest) {
                try await rules.answerFriendRequest(id: request.id, by: carol.nodeID, answer: .decline, now: now)
            }
            await #expect(throws: MailboxError.notYourAnswer) {
                try await rules.answerFriendRequest(id: request.id, by: bob.nodeID, answer: .accept(receiverCard: bob.card.bytes), now: now)
            }
            await #expect(throws: MailboxError.notYourAnswer) { try await rules.answerFriendRequest(id: request.id, by: ada.nodeID, answer: .cancel, now: now) }
            let declined = try await rules.answerFriendRequest(id: request.id, by: ada.nodeID, answer: .decline, now: now)
            #expect(declined.status == .declined && declined.answeredAt == now)
            #expect(try await storage.friendRequest(id: request.id) == declined)
            await #expect(throws: MailboxError.requestNotPending(.declined)) {
                try await rules.answerFriendRequest(id: request.id, by: bob.nodeID, answer: .cancel, now: now)
            }

            // Eight accepts of one request at once: one is taken, seven find it accepted.
            let again = try await Self.send(carol, .nodeID(ada.nodeID), in: rules)
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        do {
                            _ = try await rules.answerFriendRequest(id: again.id, by: ada.nodeID, answer: .accept(receiverCard: ada.card.bytes), now: now)
                            return "accepted"
                        } catch let error as MailboxError where error == .requestNotPending(.accepted) {
                            return "not pending"
                        }
                    }
                }
                return try await group.reduce(into: [String: Int]()) { counts, outcome in counts[outcome, default: 0] += 1 }
            }
            #expect(outcomes == ["accepted": 1, "not pending": 7])
            #expect(try await storage.contacts(of: ada.nodeID).map(\.nodeID) == [carol.nodeID])
            #expect(try await storage.contacts(of: carol.nodeID).map(\.nodeID) == [ada.nodeID])
        }
    }

    @Test(arguments: Backend.allCases) func aCardReplacesOnlyAnOlderOneAndALinkNeedsACard(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            let rules = MailboxRules(storage: storage, policy: MailboxPolicy())
            let now = Self.now
            let ada = try await StoredPerson.publish("Ada", in: rules, now: now)
            await #expect(throws: MailboxError.cardNotNewer) { try await rules.publishCard(ada.card, now: now) }
            let older = try Fixture.namedCard("Ada (old)", by: ada.identity, at: now.addingTimeInterval(-60))
            await #expect(throws: MailboxError.cardNotNewer) { try await rules.publishCard(older, now: now) }
            let newer = try Fixture.namedCard("Ada Lovelace", by: ada.identity, at: now.addingTimeInterval(60))
            try await rules.publishCard(newer, now: now)
            let account = try #require(try await storage.account(ada.nodeID))
            #expect(account.card == newer.bytes && account.cardUpdatedAt == newer.card.updatedAt)

            let cardless = Identity.generate()
            try await storage.createAccountIfNeeded(sigKey: Array(cardless.sigKey.rawRepresentation), now: now)
            await #expect(throws: MailboxError.cardRequired) { try await rules.createShareLink(tokenHash: Self.tokenHash(), owner: cardless.nodeID, now: now) }

            // What a card-change stream reads at a wake-up, in one query: the cards held, none for the rest.
            let bob = try await StoredPerson.publish("Bob", in: rules, now: now)
            let cards = try await storage.publishedCards(of: [ada.nodeID, cardless.nodeID, Identity.generate().nodeID, bob.nodeID])
            #expect(cards == [ada.nodeID: newer.bytes, bob.nodeID: bob.card.bytes])
            #expect(try await storage.publishedCards(of: []).isEmpty)
        }
    }
    /// A card of a new key the account's key moved to (card.md, key 17) is the account's newest card: published
    /// under the old Node ID, where contacts who follow it ask. Not to an account that does not exist, nor a
    /// card that moved from someone else's key, nor an older one.
    @Test(arguments: Backend.allCases) func aMovedCardIsPublishedUnderTheOldKeysAccount(_ backend: Backend) async throws {
        try await TestStorage.with(backend) { storage in
            let rules = MailboxRules(storage: storage, policy: MailboxPolicy())
            let now = Self.now
            let ada = try await StoredPerson.publish("Ada", in: rules, now: now)
            let bob = try await StoredPerson.publish("Bob", in: rules, now: now)
            let newKey = Identity.generate()
            var profile = try CardProfile(card: ada.card.card, sharedFields: Set(CardField.allCases), identity: ada.identity)
            profile = try profile.moved(from: ada.identity, to: newKey, now: now.addingTimeInterval(60))
            let moved = try profile.issueCard(identity: newKey)

            await #expect(throws: MailboxError.cardNotNewer) { try await rules.publishCard(moved, as: bob.nodeID, now: now) }
            await #expect(throws: MailboxError.cardNotYours) { try await rules.publishCard(moved, as: Identity.generate().nodeID, now: now) }
            #expect(try await storage.account(Identity.generate().nodeID) == nil)

            try await rules.publishCard(moved, as: ada.nodeID, now: now)
            let account = try #require(try await storage.account(ada.nodeID))
            #expect(account.card == moved.bytes && account.sigKey == Array(ada.identity.sigKey.rawRepresentation))
            await #expect(throws: MailboxError.cardNotNewer) { try await rules.publishCard(moved, as: ada.nodeID, now: now) }
            // And under its own Node ID, as any first card.
            try await rules.publishCard(moved, now: now)
            #expect(try await storage.account(newKey.nodeID)?.card == moved.bytes)
        }
    }
}
