import HandshakeCore
import HandshakeMailbox
import Testing

/// Every refusal the server raises is read back by a client as the same case: from its `code`, its
/// `detail` and its `Retry-After`, as the server writes them. Several limits share the code
/// `rate_limited`; the detail tells them apart.
@Suite struct MailboxErrorWireTests {
    static let refusals: [MailboxError] = [
        .badRequest("`note` is too long."), .unauthorized("Sign in first."), .challengeInvalid, .badSignature, .cardRejected("bad signature"),
        .cardNotYours, .cardNotNewer, .noCard, .cardRequired, .unknownAccount, .linkUnknown, .linkExpired, .linkUsed, .linkRevoked,
        .ownLink, .rateLimited(retryAfter: 120), .friendRequestsRateLimited(retryAfter: 3000), .receiverRateLimited(retryAfter: 60),
        .passSigningRateLimited(retryAfter: 900), .signInRateLimited(retryAfter: 30),
        .selfRequest, .alreadyContacts, .requestPending, .incomingRequestPending, .unknownRequest, .notYourAnswer,
        .requestNotPending(.accepted), .unknownContact, .presentationRequestUnknown, .presentationRequestExpired,
        .presentationAlreadyAnswered, .presentationRefused("nonce"), .passSigningNotOffered, .notFound, .methodNotAllowed,
        .payloadTooLarge, .headersTooLarge, .requestTimeout(seconds: 30), .databaseUnavailable(retryAfter: 5), .internalError,
        .serverBusy(retryAfter: 30), .tooManyEventStreams(limit: 8), .tooManyCardStreams(limit: 8),
    ]

    @Test(arguments: refusals) func aRefusalReadsBackAsItself(_ refusal: MailboxError) {
        let retryAfter: Int? =
            switch refusal {
            case .rateLimited(let seconds), .friendRequestsRateLimited(let seconds), .receiverRateLimited(let seconds),
                .passSigningRateLimited(let seconds), .signInRateLimited(let seconds), .databaseUnavailable(let seconds),
                .serverBusy(let seconds):
                seconds
            default: nil
            }
        #expect(MailboxError(code: refusal.code, detail: refusal.detail, retryAfter: retryAfter) == refusal)
    }
}
