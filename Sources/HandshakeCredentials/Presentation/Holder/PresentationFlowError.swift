// Establishes why the holder's OpenID4VP flow stopped, each with a sentence for the person: the request's
// own checks refused it, its request object could not be had, the verifier could not be reached or sent too
// much, or it refused the answer.

import HandshakeCore

/// Why reading, answering or declining a presentation request failed.
public enum PresentationFlowError: HandshakeError, Equatable {
    /// The request failed its checks (signature, `client_id`, DCQL, size…); `reason` is the check's sentence.
    case refused(reason: String)
    /// The request object at `url` could not be fetched: the verifier answered `status`.
    case notFetched(url: String, status: Int)
    /// The verifier sent more than `limit` bytes.
    case tooLarge(host: String, limit: Int)
    /// The verifier could not be reached, or did not answer in time.
    case unreachable(host: String, reason: String)
    /// The verifier did not accept the answer; `reason` is its own, made safe to show.
    case verifierRefused(reason: String, status: Int)

    /// A sentence for the person. The verifier's host and addresses came from its request, so they are shown
    /// escaped, on one line.
    public var description: String {
        switch self {
        case .refused(let reason): "Refused: \(reason)"
        case .notFetched(let url, let status): "The verifier's request at \(UntrustedText.inline(url, limit: 200)) could not be fetched (status \(status))."
        case .tooLarge(let host, let limit): "\(UntrustedText.inline(host, limit: 120)) sent more than \(limit) bytes; the answer was refused."
        case .unreachable(let host, let reason): "Could not reach \(UntrustedText.inline(host, limit: 120)): \(reason)."
        case .verifierRefused(let reason, _): "The verifier refused the answer: \(reason)."
        }
    }
}
