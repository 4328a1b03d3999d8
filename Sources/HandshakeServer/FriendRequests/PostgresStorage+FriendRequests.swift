import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``FriendRequestStorage`` on PostgreSQL. Sending by link burns the link with
/// `UPDATE share_link … WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > now RETURNING`
/// inside the transaction that inserts the request: PostgreSQL makes a second updater of the row wait
/// for the first to commit and then re-checks the condition, so across every instance one caller gets
/// the row back and every other is told the link was used; a refusal later in the transaction rolls the
/// burn back. A transaction lock per pair of accounts (`PostgresLockSpace/requestPair`) keeps the
/// "one pending request between two people" checks true under concurrency, as SQLite's single writer does.
/// Each change records its events (``MailboxEvent``) and announces them (NOTIFY) in the same transaction.
extension PostgresStorage {
    /// ``FriendRequestStorage/sendFriendRequest(_:now:)`` on PostgreSQL, as the extension above describes.
    public func sendFriendRequest(_ draft: FriendRequestDraft, now: Date) async throws -> FriendRequest {
        let request = try await transaction { connection in
            let receiver: NodeID
            let route: FriendRequestRoute
            switch draft.target {
            case .nodeID(let nodeID):
                receiver = nodeID
                route = .nodeId
                if receiver == draft.sender { throw MailboxError.selfRequest }
                guard try await !rows("SELECT 1 FROM account WHERE node_id = \(receiver.rawValue)", on: connection).isEmpty else {
                    throw MailboxError.unknownAccount
                }
            case .shareLink(let tokenHash):
                guard let link = try await shareLink(tokenHash: tokenHash, on: connection) else { throw MailboxError.linkUnknown }
                if let refusal = link.refusal(at: now, by: draft.sender) { throw refusal }
                receiver = link.owner
                route = .token
            }
            try await lockPair(draft.sender, receiver, on: connection)
            try await checkLimits(draft, receiver: receiver, now: now, on: connection)
            try await lockEventLogs(of: [receiver], on: connection)
            if case .shareLink(let tokenHash) = draft.target {
                let burned = try await rows(
                    """
                    UPDATE share_link SET used_at = \(now.unixMillis), used_by = \(draft.sender.rawValue)
                    WHERE token_hash = \(tokenHash.bytea) AND used_at IS NULL AND revoked_at IS NULL AND expires_at > \(now.unixMillis)
                    RETURNING owner
                    """, on: connection)
                guard burned.count == 1 else { throw MailboxError.linkUsed }
            }
            let isContact = try await !rows(
                "SELECT 1 FROM contact WHERE owner = \(draft.sender.rawValue) AND contact = \(receiver.rawValue)", on: connection
            ).isEmpty
            if isContact { throw MailboxError.alreadyContacts }
            if try await pendingRequestExists(from: draft.sender, to: receiver, on: connection) { throw MailboxError.requestPending }
            if try await pendingRequestExists(from: receiver, to: draft.sender, on: connection) { throw MailboxError.incomingRequestPending }

            let request = FriendRequest(
                id: UUID().uuidString.lowercased(), sender: draft.sender, receiver: receiver, senderCard: draft.senderCard,
                receiverCard: nil, note: draft.note, route: route, status: .pending, createdAt: now, answeredAt: nil)
            try await execute(
                """
                INSERT INTO friend_request (id, sender, receiver, sender_card, note, route, status, created_at)
                VALUES (\(request.id), \(draft.sender.rawValue), \(receiver.rawValue), \(draft.senderCard.bytea), \(draft.note),
                        \(route.rawValue), 'pending', \(now.unixMillis))
                """, on: connection)
            try await recordEvent(.friendRequestReceived, for: receiver, request: request.id, peer: draft.sender, now: now, on: connection)
            try await recordBadge(for: receiver, now: now, on: connection)
            return request
        }
        return request
    }

    /// ``FriendRequestStorage/friendRequest(id:visibleTo:)`` on PostgreSQL, as the extension above describes.
    public func friendRequest(id: String, visibleTo account: NodeID) async throws -> FriendRequest {
        guard let request = try await friendRequest(id: id, on: nil), request.sender == account || request.receiver == account else {
            throw MailboxError.unknownRequest
        }
        return request
    }

    /// ``FriendRequestStorage/answerFriendRequest(id:by:answer:now:)`` on PostgreSQL, as the extension above describes.
    public func answerFriendRequest(id: String, by account: NodeID, answer: FriendRequestAnswer, now: Date) async throws -> FriendRequest {
        try await transaction { connection in
            guard let request = try await friendRequest(id: id, on: connection), request.sender == account || request.receiver == account else {
                throw MailboxError.unknownRequest
            }
            let answerer = if case .cancel = answer { request.sender } else { request.receiver }
            guard answerer == account else { throw MailboxError.notYourAnswer }
            try await lockEventLogs(of: [request.sender, request.receiver], on: connection)
            var receiverCard: [UInt8]?
            if case .accept(let card) = answer { receiverCard = card }
            let updated = try await rows(
                """
                UPDATE friend_request SET status = \(answer.resultingStatus.rawValue), answered_at = \(now.unixMillis),
                       receiver_card = \(receiverCard?.bytea)
                WHERE id = \(id) AND status = 'pending'
                RETURNING *
                """, on: connection)
            guard let row = updated.first else {
                // Someone answered first; report the status they left it in.
                let current = try await friendRequest(id: id, on: connection)?.status ?? request.status
                throw MailboxError.requestNotPending(current)
            }
            if let receiverCard {
                // Each side's list holds the other's card; a previous (deleted) entry is replaced.
                for (owner, contact, card) in [
                    (request.sender, request.receiver, receiverCard), (request.receiver, request.sender, request.senderCard),
                ] {
                    try await execute(
                        """
                        INSERT INTO contact (owner, contact, card, favorite, added_at)
                        VALUES (\(owner.rawValue), \(contact.rawValue), \(card.bytea), FALSE, \(now.unixMillis))
                        ON CONFLICT (owner, contact) DO UPDATE SET card = excluded.card, added_at = excluded.added_at
                        """, on: connection)
                }
            }
            // The side that did not answer hears of it; the receiver's badge changes whatever the answer.
            switch answer {
            case .accept:
                try await recordEvent(.friendRequestAccepted, for: request.sender, request: id, peer: request.receiver, now: now, on: connection)
            case .decline:
                try await recordEvent(.friendRequestDeclined, for: request.sender, request: id, peer: request.receiver, now: now, on: connection)
            case .cancel:
                try await recordEvent(.friendRequestCancelled, for: request.receiver, request: id, peer: request.sender, now: now, on: connection)
            }
            try await recordBadge(for: request.receiver, now: now, on: connection)
            return try Self.friendRequest(row: row)
        }
    }

    /// ``FriendRequestStorage/friendRequests(of:sent:status:)`` on PostgreSQL, as the extension above describes.
    public func friendRequests(of account: NodeID, sent: Bool, status: FriendRequestStatus?) async throws -> [FriendRequest] {
        let column = sent ? "sender" : "receiver"
        return try await rows(
            """
            SELECT * FROM friend_request WHERE \(unescaped: column) = \(account.rawValue)
              AND (\(status?.rawValue)::TEXT IS NULL OR status = \(status?.rawValue))
            ORDER BY created_at DESC, id COLLATE "C" LIMIT 500
            """
        ).map(Self.friendRequest(row:))
    }

    /// ``FriendRequestStorage/pendingReceivedCount(of:)`` on PostgreSQL, as the extension above describes.
    public func pendingReceivedCount(of account: NodeID) async throws -> Int {
        Int(try await rows("SELECT count(*) AS n FROM friend_request WHERE receiver = \(account.rawValue) AND status = 'pending'")
            .first?.int64("n") ?? 0)
    }

    /// Refuses a request over the sender's limit, or (by Node ID) over the receiver's. Each count is taken
    /// under that account's lock (sender first, then receiver: no two transactions wait on each other
    /// crosswise), so a request committed on another instance is counted.
    func checkLimits(_ draft: FriendRequestDraft, receiver: NodeID, now: Date, on connection: PostgresConnection) async throws {
        let limits = draft.limits
        let windowStart = now.addingTimeInterval(-limits.window).unixMillis
        try await lock(.requestsSent, draft.sender.rawValue, on: connection)
        let sent = try await rows(
            "SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request WHERE sender = \(draft.sender.rawValue) AND created_at > \(windowStart)",
            on: connection)
        if let seconds = RateWindow.retryAfter(
            count: try sent.first?.int64("n") ?? 0, oldest: try sent.first?.int64("oldest"), limit: limits.perSender, window: limits.window, now: now)
        {
            throw MailboxError.friendRequestsRateLimited(retryAfter: seconds)
        }
        guard case .nodeID = draft.target else { return }
        try await lock(.requestsReceived, receiver.rawValue, on: connection)
        let received = try await rows(
            """
            SELECT count(*) AS n, min(created_at) AS oldest FROM friend_request
            WHERE receiver = \(receiver.rawValue) AND route = \(FriendRequestRoute.nodeId.rawValue) AND created_at > \(windowStart)
            """, on: connection)
        if let seconds = RateWindow.retryAfter(
            count: try received.first?.int64("n") ?? 0, oldest: try received.first?.int64("oldest"), limit: limits.perReceiver,
            window: limits.window, now: now)
        {
            throw MailboxError.receiverRateLimited(retryAfter: seconds)
        }
    }

    /// Waits for (then holds until commit) the lock on the pair `a`–`b`, whichever way round.
    func lockPair(_ a: NodeID, _ b: NodeID, on connection: PostgresConnection) async throws {
        let (low, high) = a.rawValue < b.rawValue ? (a.rawValue, b.rawValue) : (b.rawValue, a.rawValue)
        try await lock(.requestPair, low + ":" + high, on: connection)
    }

    func pendingRequestExists(from sender: NodeID, to receiver: NodeID, on connection: PostgresConnection) async throws -> Bool {
        try await !rows(
            "SELECT 1 FROM friend_request WHERE sender = \(sender.rawValue) AND receiver = \(receiver.rawValue) AND status = 'pending'",
            on: connection
        ).isEmpty
    }

    func friendRequest(id: String, on connection: PostgresConnection?) async throws -> FriendRequest? {
        try await rows("SELECT * FROM friend_request WHERE id = \(id)", on: connection).first.map(Self.friendRequest(row:))
    }

    static func friendRequest(row: PostgresRandomAccessRow) throws -> FriendRequest {
        let routeText = try row.string("route")
        let statusText = try row.string("status")
        guard let route = FriendRequestRoute(rawValue: routeText) else { throw StorageCorruption(column: "route", value: routeText) }
        guard let status = FriendRequestStatus(rawValue: statusText) else { throw StorageCorruption(column: "status", value: statusText) }
        return FriendRequest(
            id: try row.string("id"), sender: try row.nodeID("sender"), receiver: try row.nodeID("receiver"),
            senderCard: try row.bytes("sender_card") ?? [], receiverCard: try row.bytes("receiver_card"), note: try row.optionalString("note"),
            route: route, status: status, createdAt: try row.date("created_at") ?? .distantPast, answeredAt: try row.date("answered_at"))
    }
}
