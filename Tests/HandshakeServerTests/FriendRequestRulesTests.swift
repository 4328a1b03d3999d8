import Foundation
import HandshakeCore
import HandshakeMailbox
@testable import HandshakeServer
import Testing

/// The friend-request rules and the hourly limits as decisions over facts, with no database: each row of a
/// table is the facts a backend read and the refusal (or the go-ahead) the rule gives, in the order a person
/// is told them.
@Suite struct FriendRequestRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let ada = Identity.generate().nodeID
    static let bob = Identity.generate().nodeID
    static let rules = FriendRequestRules(limits: FriendRequestLimits(perSender: 2, perReceiver: 1, window: 3_600))

    static func link(usedAt: Date? = nil, revokedAt: Date? = nil, expiresAt: Date = now.addingTimeInterval(60)) -> ShareLinkRecord {
        ShareLinkRecord(tokenHash: [1], owner: ada, createdAt: now, expiresAt: expiresAt, usedAt: usedAt, revokedAt: revokedAt)
    }

    @Test func whoARequestIsFor() {
        let cases: [(FriendRequestAddresseeFacts, MailboxError?)] = [
            (.account(Self.bob, exists: true), nil),
            (.account(Self.bob, exists: false), .unknownAccount),
            (.account(Self.ada, exists: true), .selfRequest),
            (.shareLink(nil), .linkUnknown),
            (.shareLink(Self.link()), nil),
            (.shareLink(Self.link(usedAt: Self.now)), .linkUsed),
            (.shareLink(Self.link(expiresAt: Self.now)), .linkExpired),
            // Revoked is said before used or expired.
            (.shareLink(Self.link(usedAt: Self.now, revokedAt: Self.now, expiresAt: Self.now)), .linkRevoked),
        ]
        for (facts, refusal) in cases {
            let sender = if case .account = facts { Self.ada } else { Self.bob }
            do {
                let target = try Self.rules.receiver(from: sender, facts, now: Self.now)
                let expected: FriendRequestRoute = if case .account = facts { .nodeId } else { .token }
                #expect(refusal == nil, "\(facts)")
                #expect(target.route == expected && target.receiver == (expected == .nodeId ? Self.bob : Self.ada), "\(facts)")
            } catch {
                #expect(error == refusal, "\(facts)")
            }
        }
        // One's own link is "your own" whatever its state.
        #expect(throws: MailboxError.ownLink) { try Self.rules.receiver(from: Self.ada, .shareLink(Self.link(usedAt: Self.now)), now: Self.now) }
    }

    @Test func whetherARequestMayGoAndWhichRefusalComesFirst() {
        let clear = FriendRequestPairFacts(
            sentBySender: WindowCount(count: 1, oldest: Self.now), receivedByNodeID: WindowCount(count: 0, oldest: nil), areContacts: false,
            pendingFromSender: false, pendingFromReceiver: false)
        var everything = clear
        everything.sentBySender = WindowCount(count: 2, oldest: Self.now.addingTimeInterval(-600))
        everything.receivedByNodeID = WindowCount(count: 1, oldest: Self.now.addingTimeInterval(-60))
        everything.areContacts = true
        everything.pendingFromSender = true
        everything.pendingFromReceiver = true

        // Each row takes the first refusal away from the one above it.
        var rows: [(FriendRequestPairFacts, FriendRequestRoute, MailboxError?)] = [(everything, .nodeId, .friendRequestsRateLimited(retryAfter: 3_000))]
        var facts = everything
        facts.sentBySender = clear.sentBySender
        rows.append((facts, .nodeId, .receiverRateLimited(retryAfter: 3_540)))
        rows.append((facts, .token, .alreadyContacts))
        facts.receivedByNodeID = clear.receivedByNodeID
        rows.append((facts, .nodeId, .alreadyContacts))
        facts.areContacts = false
        rows.append((facts, .nodeId, .requestPending))
        facts.pendingFromSender = false
        rows.append((facts, .nodeId, .incomingRequestPending))
        facts.pendingFromReceiver = false
        rows.append((facts, .nodeId, nil))
        #expect(facts == clear)

        for (facts, route, refusal) in rows {
            do {
                try Self.rules.admit(facts, route: route, now: Self.now)
                #expect(refusal == nil, "\(facts) by \(route)")
            } catch {
                #expect(error == refusal, "\(facts) by \(route)")
            }
        }
    }

    @Test func whoSeesAndWhoAnswersARequest() throws {
        let request = FriendRequest(
            id: "r", sender: Self.bob, receiver: Self.ada, senderCard: [], receiverCard: nil, note: nil, route: .nodeId, status: .pending,
            createdAt: Self.now, answeredAt: nil)
        let stranger = Identity.generate().nodeID
        #expect(try Self.rules.visible(request, to: Self.bob) == request)
        #expect(throws: MailboxError.unknownRequest) { try Self.rules.visible(request, to: stranger) }
        #expect(throws: MailboxError.unknownRequest) { try Self.rules.visible(nil, to: Self.ada) }

        let cases: [(NodeID, FriendRequestAnswer, MailboxError?)] = [
            (Self.ada, .accept(receiverCard: []), nil), (Self.ada, .decline, nil), (Self.bob, .cancel, nil),
            (Self.bob, .accept(receiverCard: []), .notYourAnswer), (Self.bob, .decline, .notYourAnswer), (Self.ada, .cancel, .notYourAnswer),
            (stranger, .decline, .unknownRequest),
        ]
        for (account, answer, refusal) in cases {
            do {
                _ = try Self.rules.answerable(request, by: account, answer: answer)
                #expect(refusal == nil, "\(answer)")
            } catch {
                #expect(error == refusal, "\(answer)")
            }
        }
        let declined = request.answered(.decline, at: Self.now)
        #expect(throws: MailboxError.requestNotPending(.declined)) { try Self.rules.answerable(declined, by: Self.bob, answer: .cancel) }
        // Not the answerer is said before not pending.
        #expect(throws: MailboxError.notYourAnswer) { try Self.rules.answerable(declined, by: Self.bob, answer: .decline) }
    }

    @Test func aWindowLimitSaysWhenTheOldestLeaves() {
        let limit = WindowLimit(.shareLinks, limit: 2, window: 3_600)
        let now = Self.now
        #expect(limit.start(endingAt: now) == now.addingTimeInterval(-3_600))
        #expect(throws: Never.self) { try limit.admit(WindowCount(count: 1, oldest: now), now: now) }
        #expect(throws: MailboxError.rateLimited(retryAfter: 3_600)) { try limit.admit(WindowCount(count: 2, oldest: now), now: now) }
        // Rounded up, and never below a second.
        #expect(throws: MailboxError.rateLimited(retryAfter: 1)) { try limit.admit(WindowCount(count: 2, oldest: now.addingTimeInterval(-3_599.5)), now: now) }
        #expect(throws: MailboxError.rateLimited(retryAfter: 1)) { try limit.admit(WindowCount(count: 3, oldest: now.addingTimeInterval(-3_600)), now: now) }
        #expect(throws: MailboxError.rateLimited(retryAfter: 1_801)) { try limit.admit(WindowCount(count: 2, oldest: now.addingTimeInterval(-1_799.5)), now: now) }
        let kinds: [(WindowLimit.Kind, MailboxError)] = [
            (.shareLinks, .rateLimited(retryAfter: 60)), (.passSignatures, .passSigningRateLimited(retryAfter: 60)),
            (.friendRequestsSent, .friendRequestsRateLimited(retryAfter: 60)), (.friendRequestsReceived, .receiverRateLimited(retryAfter: 60)),
        ]
        for (kind, refusal) in kinds {
            #expect(throws: refusal) { try WindowLimit(kind, limit: 1, window: 60).admit(WindowCount(count: 1, oldest: now), now: now) }
        }
    }
}
