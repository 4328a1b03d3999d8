import Foundation
import HandshakeCredentials

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mailbox client's HTTP: HandshakeCredentials' bounded exchange (a time limit, a size limit, no
/// redirect followed), its failures as ``MailboxClientError``s.
struct MailboxHTTP: Sendable {
    let http: BoundedHTTP

    init(timeout: Duration, maxResponseBytes: Int) {
        http = BoundedHTTP(timeout: timeout, maxResponseBytes: maxResponseBytes)
    }

    /// Sends `request` and waits for the whole answer.
    /// - Throws: ``MailboxClientError/unreachable(server:reason:)`` when no answer came (refused connection,
    ///   time limit); ``MailboxClientError/unexpectedAnswer(_:)`` when the answer was larger than the limit.
    func send(_ request: URLRequest) async throws(MailboxClientError) -> BoundedHTTP.Response {
        do throws(BoundedHTTP.Failure) {
            return try await http.send(request)
        } catch {
            switch error {
            case .tooLarge(let host, let limit): throw .unexpectedAnswer("\(host) sent more than \(limit) bytes; the answer was refused.")
            case .unreachable(let host, let reason): throw .unreachable(server: host, reason: reason)
            }
        }
    }
}
