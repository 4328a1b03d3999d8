import Foundation
import HandshakeCore

/// Reading a refusal off the wire: the error body's `code` (and `detail`, `owner`) back into the
/// ``MailboxError`` case the server raised. A body that is not the API's, or a code this version does not
/// know, is an unexpected answer, never a guess.
extension MailboxClientError {
    /// The error a non-2xx answer with `body` and `status` (and its `Retry-After`) stands for.
    init(refusal body: Data, status: Int, retryAfter: Int?) {
        guard let decoded = try? JSONDecoder.mailbox.decode(ErrorBody.self, from: body) else {
            // A redirect is never followed: the server named from outside would choose where this device goes next.
            self = .unexpectedAnswer((300..<400).contains(status)
                ? "it answered with a redirect (status \(status)), which is never followed."
                : "status \(status) without the API's error body.")
            return
        }
        guard let error = MailboxError(code: decoded.code, detail: decoded.detail, retryAfter: retryAfter) else {
            self = .unexpectedAnswer("status \(status) with a refusal this version does not know (\(UntrustedText.cleaned(decoded.code, limit: 64))).")
            return
        }
        self = .refused(error, owner: decoded.owner.flatMap(NodeID.init))
    }

    /// The refusal read from `body`, for the fuzz targets (`@_spi(Wire)`).
    @_spi(Wire) public static func decodeRefusal(_ body: Data, status: Int) -> MailboxClientError {
        MailboxClientError(refusal: body, status: status, retryAfter: nil)
    }

    /// The event an SSE message's `data` carries, for the fuzz targets (`@_spi(Wire)`).
    @_spi(Wire) public static func decodeEvent(_ data: String) -> AccountEvent? {
        try? AccountEvent(ServerSentEventParser.Message(id: nil, event: nil, data: data))
    }

    /// The card change a `card` message's `data` carries about one of `followed`, for the fuzz targets
    /// (`@_spi(Wire)`): `nil` when it is refused.
    @_spi(Wire) public static func decodeCardChange(_ data: String, followed: Set<NodeID>) -> CardChange? {
        (try? CardChange(ServerSentEventParser.Message(id: nil, event: "card", data: data), followed: followed)) ?? nil
    }
}
