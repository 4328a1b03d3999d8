import Foundation
import HandshakeMailbox
import Hummingbird

/// How a `MailboxError` goes out over HTTP: its status, `Retry-After` when there is one, and the JSON
/// body `{"code": "...", "message": "..."}`.
///
/// Only the mapping lives here; the meaning of each refusal is in `MailboxError`.
extension MailboxError: HTTPResponseError {
    /// The HTTP status of this refusal.
    public var status: HTTPResponse.Status {
        switch self {
        case .badRequest, .presentationRefused: .badRequest
        case .unauthorized, .challengeInvalid, .badSignature: .unauthorized
        case .cardRejected: .unprocessableContent
        case .cardNotYours, .notYourAnswer: .forbidden
        case .noCard, .unknownAccount, .linkUnknown, .unknownRequest, .unknownContact, .presentationRequestUnknown, .passSigningNotOffered, .notFound:
            .notFound
        case .linkExpired, .linkUsed, .linkRevoked, .presentationRequestExpired: .gone
        case .cardNotNewer, .cardRequired, .ownLink, .selfRequest, .alreadyContacts, .requestPending, .incomingRequestPending,
            .requestNotPending, .presentationAlreadyAnswered:
            .conflict
        case .rateLimited, .passSigningRateLimited, .signInRateLimited, .friendRequestsRateLimited, .receiverRateLimited, .tooManyEventStreams,
            .tooManyCardStreams:
            .tooManyRequests
        case .methodNotAllowed: .methodNotAllowed
        case .payloadTooLarge: .contentTooLarge
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .requestTimeout: .requestTimeout
        case .databaseUnavailable, .serverBusy: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }

    /// Headers sent with the refusal: `Retry-After` for the rate limits and an unreachable database, and a
    /// challenge for bearer auth.
    public var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        switch self {
        case .rateLimited(let seconds), .passSigningRateLimited(let seconds), .signInRateLimited(let seconds), .databaseUnavailable(let seconds),
            .friendRequestsRateLimited(let seconds), .receiverRateLimited(let seconds), .serverBusy(let seconds):
            fields[.retryAfter] = String(seconds)
        case .unauthorized: fields[.wwwAuthenticate] = "Bearer"
        default: break
        }
        return fields
    }

    /// The JSON body alone, for a response written below the router (`RequestTimeLimitHandler`).
    var jsonBody: [UInt8] {
        (try? JSONEncoder().encode(ErrorBody(code: code, message: message, owner: nil, detail: detail))).map { Array($0) } ?? Array("{}".utf8)
    }

    /// The refusal as a response: the status, the headers and the JSON body.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try response(owner: nil)
    }

    /// The response, naming the share link's owner when the refusal is about a link they made (so a
    /// client can say whom to ask for a new one).
    func response(owner: String?) throws -> Response {
        let body = try JSONEncoder().encode(ErrorBody(code: code, message: message, owner: owner, detail: detail))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
