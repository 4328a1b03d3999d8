import Foundation
import HandshakeCore
import HandshakeCredentials

/// The mailbox client's HTTP: HandshakeCredentials' bounded exchange (a deadline for the whole call, a size
/// limit, no redirect followed, only the addresses allowed), its failures as ``MailboxClientError``s.
struct MailboxHTTP: Sendable {
    let http: BoundedHTTP

    init(_ configuration: MailboxClient.Configuration) {
        var http = BoundedHTTP(timeout: configuration.requestTimeout, maxResponseBytes: configuration.maxResponseBytes)
        http.reachable = configuration.reachable
        http.sleep = configuration.deadlineSleep
        http.trustRoots = configuration.trustRoots
        self.http = http
    }

    /// Sends `request` and waits for the whole answer.
    /// - Throws: ``MailboxClientError/unreachable(server:reason:)`` when no answer came (no such name,
    ///   refused connection, the time limit); ``MailboxClientError/addressNotAllowed(server:reason:)`` when
    ///   the server is at an address this client may not reach; ``MailboxClientError/unexpectedAnswer(_:)``
    ///   when the answer was larger than the limit.
    func send(_ request: BoundedHTTP.Request) async throws(MailboxClientError) -> BoundedHTTP.Response {
        do throws(BoundedHTTP.Failure) {
            return try await http.send(request)
        } catch {
            throw MailboxClientError(error)
        }
    }
}

extension MailboxClientError {
    /// The client's error for a failed exchange.
    init(_ failure: BoundedHTTP.Failure) {
        switch failure {
        case .tooLarge(let host, let limit): self = .unexpectedAnswer("\(UntrustedText.inline(host, limit: 120)) sent more than \(limit) bytes; the answer was refused.")
        case .addressNotAllowed: self = .addressNotAllowed(server: failure.host, reason: failure.reason)
        case .badAddress(let url, _): self = .badServerURL(url)
        case .unreachable, .timedOut: self = .unreachable(server: failure.host, reason: failure.reason)
        }
    }
}
