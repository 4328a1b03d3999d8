// Establishes how an exchange that gave no usable answer is told: each way it can fail as a case, and each
// case as the end of a sentence a person reads ("Could not reach mailbox.example: it did not answer within
// 30 seconds."). No system error code reaches a person: the errors of sockets, TLS and HTTP parsing are read
// here into those cases.
import Foundation
import HandshakeCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BoundedHTTP {
    /// Why no answer could be used.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The address cannot be fetched as it is written (not http or https, credentials in it, a host that
        /// is not one); nothing was sent.
        case badAddress(url: String, reason: String)
        /// The host is at an address the exchange may not connect to; nothing was sent.
        case addressNotAllowed(host: String, address: String, scope: NetworkAddressScope, reason: String)
        /// No answer: the name was not found, the connection failed or broke, or the answer was not HTTP.
        case unreachable(host: String, reason: String)
        /// The whole exchange did not end within the limit.
        case timedOut(host: String, limit: Duration)
        /// The answer was larger than the limit; the transfer was cancelled.
        case tooLarge(host: String, limit: Int)

        /// The host the sentence names.
        package var host: String {
            switch self {
            case .badAddress(let url, _): url
            case .addressNotAllowed(let host, _, _, _), .unreachable(let host, _), .timedOut(let host, _), .tooLarge(let host, _): host
            }
        }

        /// What happened, as the end of a sentence that starts with the host ("Could not reach HOST: …").
        package var reason: String {
            switch self {
            case .badAddress(_, let reason), .unreachable(_, let reason): reason
            case .addressNotAllowed(_, let address, let scope, let reason): "it is at \(address), \(scope.phrase)\(reason.isEmpty ? "" : "; \(reason)")"
            case .timedOut(_, let limit): "it did not answer within \(Self.seconds(limit))"
            case .tooLarge(_, let limit): "its answer was larger than \(limit) bytes and was refused"
            }
        }

        /// The whole sentence, the host escaped (it came from an address from outside).
        package var description: String {
            switch self {
            case .badAddress(let url, let reason): "\(NetworkHost.Refusal.quoted(url)) cannot be fetched: \(reason)."
            case .addressNotAllowed: "Did not connect to \(UntrustedText.inline(host, limit: 120)): \(reason)."
            default: "Could not reach \(UntrustedText.inline(host, limit: 120)): \(reason)."
            }
        }

        static func seconds(_ limit: Duration) -> String {
            let (whole, fraction) = limit.components
            if fraction == 0 { return whole == 1 ? "1 second" : "\(whole) seconds" }
            return "\(Double(whole) + Double(fraction) / 1e18) seconds"
        }

        /// The failure `error` (thrown by NIO, NIOSSL or the resolver) stands for, in words.
        static func reading(_ error: any Error, host: String) -> Failure {
            if let failure = error as? Failure { return failure }
            return .unreachable(host: host, reason: words(for: error))
        }

        private static func words(for error: any Error) -> String {
            switch error {
            case is HostResolver.NotFound: return "its name was not found (check the address, and that this computer is online)"
            case is CancellationError: return "the request was cancelled"
            case is HTTPConnection.ClosedEarly: return "it closed the connection before its answer was complete"
            case is HTTPParserError: return "its answer is not HTTP"
            case let error as ChannelError:
                switch error {
                case .connectTimeout: return "it did not accept the connection in time"
                case .ioOnClosedChannel, .eof, .alreadyClosed, .outputClosed, .inputClosed:
                    return "it closed the connection before its answer was complete"
                default: return "the connection failed"
                }
            case let error as IOError: return words(forErrno: error.errnoCode)
            case let error as NIOConnectionError:
                // Every address was tried; the first failure says the most.
                return error.connectionErrors.first.map { words(for: $0.error) } ?? "the connection failed"
            case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
                let detail = String(describing: error)
                if detail.contains("CERTIFICATE_VERIFY_FAILED") || detail.contains("failedToValidateHostname") {
                    return "its certificate is not valid for this address, or not signed by an authority this computer trusts"
                }
                return "the secure (TLS) connection could not be made"
            default: return "the connection failed"
            }
        }

        private static func words(forErrno code: Int32) -> String { SystemFailure.connectionReason(errno: code) }
    }
}
