import HandshakeCore

/// Every refusal the mailbox can answer with: a stable machine-readable code, an HTTP status and a
/// sentence a person understands.
///
/// The codes are the API's contract (docs/server.md has the table; clients switch on them, never on the
/// message). The messages say what happened and what to do next, without internal detail. The server raises
/// these; ``MailboxClient`` reads them back from the wire (``MailboxClientError/refused(_:owner:)``), so an
/// app switches on the same cases the server threw. What this type does not decide: where each refusal is
/// raised — the server's storage and routes do that.
public enum MailboxError: HandshakeError, Equatable {
    /// The request is malformed: unreadable JSON, a missing field, a value out of bounds.
    case badRequest(String)
    /// No valid bearer token: missing, unknown or expired.
    case unauthorized(String)
    /// The challenge is unknown, already used, or expired.
    case challengeInvalid
    /// The signature over the challenge does not verify with the key the challenge was issued for.
    case badSignature
    /// The card failed verification; the associated text says why.
    case cardRejected(String)
    /// The card is valid but belongs to another Node ID than the authenticated account.
    case cardNotYours
    /// The card is not strictly newer than the one already stored.
    case cardNotNewer
    /// The account has not published a card yet.
    case noCard
    /// The account must publish a card before it can do this (create a share link, send or accept a request).
    case cardRequired
    /// No account has this Node ID.
    case unknownAccount
    /// No share link has this token.
    case linkUnknown
    /// The share link is past its 24 hours.
    case linkExpired
    /// The share link was already used for a friend request.
    case linkUsed
    /// The owner revoked the share link.
    case linkRevoked
    /// The share link belongs to the account using it.
    case ownLink
    /// Too many share links in the last hour; the value is how many seconds until one more is allowed.
    case rateLimited(retryAfter: Int)
    /// Too many wallet passes signed for this account in the last hour; the value is how many seconds
    /// until one more is allowed.
    case passSigningRateLimited(retryAfter: Int)
    /// Too many sign-in challenges from this address, or from everyone, in the last minute; the value is
    /// how many seconds until one more is allowed.
    case signInRateLimited(retryAfter: Int)
    /// Too many friend requests sent by this account in the last hour; the value is how many seconds
    /// until one more is allowed.
    case friendRequestsRateLimited(retryAfter: Int)
    /// The receiver has been sent too many friend requests by Node ID in the last hour; the value is how
    /// many seconds until one more is allowed. A share link from them still works.
    case receiverRateLimited(retryAfter: Int)
    /// A friend request to oneself.
    case selfRequest
    /// The two accounts are already contacts.
    case alreadyContacts
    /// A pending request from this sender to this receiver already exists.
    case requestPending
    /// The receiver has already sent the sender a request that is still pending.
    case incomingRequestPending
    /// No friend request with this id that the account may see.
    case unknownRequest
    /// The account is a party to the request but this answer belongs to the other side.
    case notYourAnswer
    /// The request was already answered; the value is its status.
    case requestNotPending(FriendRequestStatus)
    /// No contact with this Node ID in the account's list.
    case unknownContact
    /// No presentation request with this id (that the account may see).
    case presentationRequestUnknown
    /// The presentation request's five minutes are over.
    case presentationRequestExpired
    /// The presentation request was already answered: an answer (and its nonce) counts once.
    case presentationAlreadyAnswered
    /// The presentation did not verify; the value says why.
    case presentationRefused(String)
    /// The server was started without a Pass Type ID certificate, so it signs no Wallet passes.
    case passSigningNotOffered
    /// No route at this path.
    case notFound
    /// The route exists but not with this method.
    case methodNotAllowed
    /// The body is larger than the route accepts.
    case payloadTooLarge
    /// The request's headers are over the server's limits (one field, all of them, or their number).
    case headersTooLarge
    /// The request (its body) did not arrive within the server's time limit; the value is the limit in seconds.
    case requestTimeout(seconds: Int)
    /// The server's database cannot be reached right now; the value is how many seconds to wait before
    /// trying again. Nothing was changed by the refused request.
    case databaseUnavailable(retryAfter: Int)
    /// The server holds as many connections (or event streams) as it can right now; the value is how many
    /// seconds to wait before trying again. Nothing was changed by the refused request.
    case serverBusy(retryAfter: Int)
    /// The account already holds the most event streams one account may hold open on this server; the
    /// value is that number.
    case tooManyEventStreams(limit: Int)
    /// One address already follows the most card-change streams it may hold open on this server
    /// (`GET /v1/card-changes`, which needs no account); the value is that number.
    case tooManyCardStreams(limit: Int)
    /// Something failed inside the server; the details are in its log, not in the response.
    case internalError

    /// The stable code clients switch on.
    public var code: String {
        switch self {
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .challengeInvalid: "challenge_invalid"
        case .badSignature: "bad_signature"
        case .cardRejected: "card_rejected"
        case .cardNotYours: "card_not_yours"
        case .cardNotNewer: "card_not_newer"
        case .noCard: "no_card"
        case .cardRequired: "card_required"
        case .unknownAccount: "unknown_account"
        case .linkUnknown: "link_unknown"
        case .linkExpired: "link_expired"
        case .linkUsed: "link_used"
        case .linkRevoked: "link_revoked"
        case .ownLink: "own_link"
        case .rateLimited, .passSigningRateLimited, .signInRateLimited, .friendRequestsRateLimited, .receiverRateLimited: "rate_limited"
        case .selfRequest: "self_request"
        case .alreadyContacts: "already_contacts"
        case .requestPending: "request_pending"
        case .incomingRequestPending: "incoming_request_pending"
        case .unknownRequest: "unknown_request"
        case .notYourAnswer: "not_your_answer"
        case .requestNotPending: "request_not_pending"
        case .unknownContact: "unknown_contact"
        case .presentationRequestUnknown: "presentation_request_unknown"
        case .presentationRequestExpired: "presentation_request_expired"
        case .presentationAlreadyAnswered: "presentation_already_answered"
        case .presentationRefused: "presentation_refused"
        case .passSigningNotOffered: "pass_signing_not_offered"
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .payloadTooLarge: "payload_too_large"
        case .headersTooLarge: "headers_too_large"
        case .requestTimeout: "request_timeout"
        case .databaseUnavailable: "database_unavailable"
        case .serverBusy: "server_busy"
        case .tooManyEventStreams: "too_many_streams"
        case .tooManyCardStreams: "too_many_card_streams"
        case .internalError: "internal_error"
        }
    }

    /// The sentence of `message`, so that a refusal reads the same wherever it is shown.
    public var description: String { message }

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .badRequest(let detail): "The request is not valid: \(detail)"
        case .unauthorized(let detail): detail
        case .challengeInvalid: "This sign-in challenge is unknown, used or expired. Ask for a new one."
        case .badSignature: "The signature over the challenge does not match this key."
        case .cardRejected(let reason): "The card was refused: \(reason)"
        case .cardNotYours: "This card belongs to another identity than the one signed in."
        case .cardNotNewer: "The server already has this card or a newer one. Edit your card and publish again."
        case .noCard: "This account has not published a card yet."
        case .cardRequired: "Publish your card first: a share link hands it out."
        case .unknownAccount: "No account has this Node ID on this server."
        case .linkUnknown: "This link does not exist. Check that it was copied whole."
        case .linkExpired: "This link has expired. Ask its owner for a new one."
        case .linkUsed: "This link was already used. Ask its owner for a new one."
        case .linkRevoked: "Its owner withdrew this link. Ask them for a new one."
        case .ownLink: "This is your own link. Send it to someone else."
        case .rateLimited(let seconds): "You have created too many links in the last hour. Try again in \(seconds) seconds."
        case .passSigningRateLimited(let seconds):
            "This server has signed too many wallet passes for you in the last hour. Try again in \(seconds) seconds."
        case .signInRateLimited(let seconds): "Too many sign-ins have been started here in the last minute. Try again in \(seconds) seconds."
        case .friendRequestsRateLimited(let seconds):
            "You have sent too many friend requests in the last hour. Try again in \(seconds) seconds."
        case .receiverRateLimited(let seconds):
            "This person has been sent too many friend requests in the last hour. Try again in \(seconds) seconds, or ask them for a share link."
        case .selfRequest: "You cannot send a friend request to yourself."
        case .alreadyContacts: "You are already contacts."
        case .requestPending: "You already have a pending request to this person."
        case .incomingRequestPending: "This person has already sent you a request. Accept it instead."
        case .unknownRequest: "No such friend request."
        case .notYourAnswer: "Only the other side of this request can give this answer."
        case .requestNotPending(let status): "This request was already \(status.rawValue)."
        case .unknownContact: "No such contact."
        case .presentationRequestUnknown: "No such presentation request."
        case .presentationRequestExpired: "This presentation request has expired. Ask the verifier for a new one."
        case .presentationAlreadyAnswered: "This presentation request was already answered; an answer counts once."
        case .presentationRefused(let reason): "The presentation was refused: \(reason)"
        case .passSigningNotOffered: "This server does not sign Wallet passes. Sign with your own Pass Type ID certificate instead."
        case .notFound: "Nothing here. See docs/api/openapi.yaml for the routes."
        case .methodNotAllowed: "This route does not take this method."
        case .payloadTooLarge: "The request body is too large."
        case .headersTooLarge: "The request's headers are too large: at most 8 KiB a field, 16 KiB and 100 fields in all."
        case .requestTimeout(let seconds):
            "The request did not arrive within \(seconds == 1 ? "1 second" : "\(seconds) seconds"). Check the connection and send it again."
        case .databaseUnavailable(let seconds):
            "The server cannot reach its database right now; nothing was changed. Try again in \(seconds == 1 ? "1 second" : "\(seconds) seconds")."
        case .serverBusy(let seconds):
            "The server is handling as many connections as it can right now; nothing was changed. Try again in \(seconds == 1 ? "1 second" : "\(seconds) seconds")."
        case .tooManyEventStreams(let limit):
            "This account already has \(limit) event streams open on this server, the most it may hold. Close one (on another device, or another window) and connect again."
        case .tooManyCardStreams(let limit):
            "\(limit) streams of card changes are open from this address on this server already, the most it allows. Close one and connect again."
        case .internalError: "Something went wrong on the server. Try again later."
        }
    }
}

extension MailboxError {
    /// The value a refusal carries, sent as the error body's `detail`: what was wrong with a request, why
    /// a card or a presentation was refused, which state an answered request is in.
    package var detail: String? {
        switch self {
        case .badRequest(let detail), .unauthorized(let detail), .cardRejected(let detail), .presentationRefused(let detail): detail
        case .requestNotPending(let status): status.rawValue
        case .requestTimeout(let seconds): String(seconds)
        case .tooManyEventStreams(let limit), .tooManyCardStreams(let limit): String(limit)
        case .friendRequestsRateLimited: "friend_requests_sent"
        case .receiverRateLimited: "friend_requests_received"
        case .passSigningRateLimited: "pass_signatures"
        case .signInRateLimited: "sign_ins"
        default: nil
        }
    }

    /// The refusal a server answered with, from its body's `code` and `detail` and its `Retry-After`
    /// header; `nil` for a code this version does not know.
    ///
    /// The detail is text from a server, so it is cut to ``maxDetailCharacters`` and stripped of control
    /// and invisible formatting characters before it can reach a screen.
    package init?(code: String, detail: String?, retryAfter: Int?) {
        let detail = detail.map(Self.cleaned) ?? ""
        switch code {
        case "bad_request": self = .badRequest(detail)
        case "unauthorized": self = .unauthorized(detail.isEmpty ? "Sign in again." : detail)
        case "challenge_invalid": self = .challengeInvalid
        case "bad_signature": self = .badSignature
        case "card_rejected": self = .cardRejected(detail)
        case "card_not_yours": self = .cardNotYours
        case "card_not_newer": self = .cardNotNewer
        case "no_card": self = .noCard
        case "card_required": self = .cardRequired
        case "unknown_account": self = .unknownAccount
        case "link_unknown": self = .linkUnknown
        case "link_expired": self = .linkExpired
        case "link_used": self = .linkUsed
        case "link_revoked": self = .linkRevoked
        case "own_link": self = .ownLink
        case "rate_limited":
            // The detail says which limit, where the server names one.
            switch detail {
            case "friend_requests_sent": self = .friendRequestsRateLimited(retryAfter: retryAfter ?? 3600)
            case "friend_requests_received": self = .receiverRateLimited(retryAfter: retryAfter ?? 3600)
            case "pass_signatures": self = .passSigningRateLimited(retryAfter: retryAfter ?? 3600)
            case "sign_ins": self = .signInRateLimited(retryAfter: retryAfter ?? 60)
            default: self = .rateLimited(retryAfter: retryAfter ?? 3600)
            }
        case "self_request": self = .selfRequest
        case "already_contacts": self = .alreadyContacts
        case "request_pending": self = .requestPending
        case "incoming_request_pending": self = .incomingRequestPending
        case "unknown_request": self = .unknownRequest
        case "not_your_answer": self = .notYourAnswer
        case "request_not_pending":
            guard let status = FriendRequestStatus(rawValue: detail) else { return nil }
            self = .requestNotPending(status)
        case "unknown_contact": self = .unknownContact
        case "presentation_request_unknown": self = .presentationRequestUnknown
        case "presentation_request_expired": self = .presentationRequestExpired
        case "presentation_already_answered": self = .presentationAlreadyAnswered
        case "presentation_refused": self = .presentationRefused(detail)
        case "pass_signing_not_offered": self = .passSigningNotOffered
        case "not_found": self = .notFound
        case "method_not_allowed": self = .methodNotAllowed
        case "payload_too_large": self = .payloadTooLarge
        case "headers_too_large": self = .headersTooLarge
        case "request_timeout": self = .requestTimeout(seconds: Int(detail) ?? 30)
        case "database_unavailable": self = .databaseUnavailable(retryAfter: retryAfter ?? 5)
        case "server_busy": self = .serverBusy(retryAfter: retryAfter ?? 2)
        case "too_many_streams": self = .tooManyEventStreams(limit: Int(detail) ?? 8)
        case "too_many_card_streams": self = .tooManyCardStreams(limit: Int(detail) ?? 8)
        case "internal_error": self = .internalError
        default: return nil
        }
    }

    /// The longest detail read from a server's refusal.
    package static let maxDetailCharacters = 300

    /// `text` as it may be shown: at most ``maxDetailCharacters`` characters, with no control characters,
    /// bidirectional overrides or other invisible formatting (HandshakeCore's `UntrustedText`).
    static func cleaned(_ text: String) -> String {
        UntrustedText.cleaned(text, limit: maxDetailCharacters)
    }
}
