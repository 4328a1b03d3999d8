import Foundation
import HandshakeCore
@testable import HandshakeServer
import Testing

/// What a send or an answer writes, with no database: the same list both backends apply (the storage tests
/// run each backend over it), and the event logs a backend that runs side by side locks first.
@Suite struct FriendRequestChangesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000.123_4)
    static let ada = Identity.generate().nodeID
    static let bob = Identity.generate().nodeID

    static func pending(to receiver: NodeID = bob) -> FriendRequest {
        FriendRequestChanges.sending(
            NewFriendRequest(sender: ada, target: .nodeID(receiver), senderCard: [1, 2], note: "Hi"), to: receiver, route: .nodeId,
            now: now
        ).request
    }

    @Test func sendingByNodeIDInsertsTheRequestAndTellsTheReceiver() {
        let changes = FriendRequestChanges.sending(
            NewFriendRequest(sender: Self.ada, target: .nodeID(Self.bob), senderCard: [1, 2], note: "Hi"), to: Self.bob, route: .nodeId,
            now: Self.now)
        let request = changes.request
        #expect(request.sender == Self.ada && request.receiver == Self.bob && request.status == .pending && request.route == .nodeId)
        #expect(request.senderCard == [1, 2] && request.note == "Hi" && request.receiverCard == nil && request.answeredAt == nil)
        #expect(changes.changes == [.insert(request), .event(.friendRequestReceived, for: Self.bob, peer: Self.ada), .badge(for: Self.bob)])
        #expect(changes.eventLogs == [Self.bob])
    }

    @Test func sendingByLinkBurnsTheLinkFirst() {
        let changes = FriendRequestChanges.sending(
            NewFriendRequest(sender: Self.bob, target: .shareLink(tokenHash: [9, 9]), senderCard: [3], note: nil), to: Self.ada,
            route: .token, now: Self.now)
        #expect(changes.changes.first == .useShareLink(tokenHash: [9, 9], by: Self.bob))
        #expect(changes.changes.dropFirst().first == .insert(changes.request))
        #expect(changes.request.route == .token && changes.request.receiver == Self.ada)
    }

    /// Each answer as a table row: the writes after the status, in order, and the logs they touch.
    @Test func eachAnswerWritesItsConsequences() {
        let request = Self.pending()
        let rows: [(FriendRequestAnswer, [FriendRequestChanges.Change], Set<NodeID>)] = [
            (
                .accept(receiverCard: [7]),
                [
                    .contact(owner: Self.ada, contact: Self.bob, card: [7]), .contact(owner: Self.bob, contact: Self.ada, card: [1, 2]),
                    .event(.friendRequestAccepted, for: Self.ada, peer: Self.bob), .badge(for: Self.bob),
                ],
                [Self.ada, Self.bob]
            ),
            (.decline, [.event(.friendRequestDeclined, for: Self.ada, peer: Self.bob), .badge(for: Self.bob)], [Self.ada, Self.bob]),
            // A cancel is heard by the receiver, whose badge drops: the sender's log is not written.
            (.cancel, [.event(.friendRequestCancelled, for: Self.bob, peer: Self.ada), .badge(for: Self.bob)], [Self.bob]),
        ]
        for (answer, after, logs) in rows {
            let changes = FriendRequestChanges.answering(request, with: answer, now: Self.now)
            #expect(changes.changes == [.answer(changes.request)] + after, "\(answer)")
            #expect(changes.eventLogs == logs, "\(answer)")
            #expect(changes.request.status == answer.resultingStatus && changes.request.id == request.id, "\(answer)")
            // As stored: to the millisecond.
            #expect(changes.request.answeredAt == Date(unixMillis: Self.now.unixMillis), "\(answer)")
            let card: [UInt8]? = if case .accept = answer { [7] } else { nil }
            #expect(changes.request.receiverCard == card, "\(answer)")
        }
    }
}
