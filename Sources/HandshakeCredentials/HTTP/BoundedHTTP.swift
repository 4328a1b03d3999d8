// Establishes every HTTP exchange Handshake makes with a party the device does not control (an OpenID4VP
// verifier, a mailbox server, the server a share link names), bounded: a deadline for the whole exchange by
// the clock, a limit on the answer's size, no redirect followed, and only the addresses the caller allows.
//
// It runs on SwiftNIO rather than URLSession. On Linux, URLSession (swift-corelibs-foundation over libcurl)
// used most of a core while it waited: its dispatch sources woke `curl_multi_socket_action` in a loop
// (perf, 2026-11-26: the time was in `_MultiHandle.readAndWriteAvailableData` and libdispatch's wake-ups,
// against a server that accepted and said nothing). Its time limits restarted with every byte, so a server
// dripping a byte a second held a caller for minutes; it refused IPv6 addresses (`-1000`); and it resolved
// names itself, so an address could not be checked and then be the one connected to.
import Foundation
import NIOCore
import Synchronization

/// One bounded HTTP exchange. It moves bytes and nothing more: which address, which body and what the
/// answer means is the caller's (`PresentationFlow` here, HandshakeMailbox's client). Package access: no
/// app calls it.
package struct BoundedHTTP: Sendable {
    /// What is sent.
    package struct Request: Sendable {
        package var method: String
        package var url: URL
        /// Header fields besides `Host`, `Content-Length` and `Connection`, which the exchange writes.
        package var headers: [(name: String, value: String)] = []
        package var body: Data?

        package init(_ method: String, _ url: URL, body: Data? = nil) {
            self.method = method
            self.url = url
            self.body = body
        }

        /// Sets a header field, replacing one of the same name.
        package mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
            headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            headers.append((name, value))
        }
    }

    /// What came back.
    package struct Response: Sendable {
        package let status: Int
        package let headers: [String: String]
        package let body: Data

        package init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A header's value, by its name in any case.
        package func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The longest time one exchange may take, from looking up the name to the last byte of the answer.
    package let timeout: Duration
    /// The largest answer read.
    package let maxResponseBytes: Int
    /// The addresses it may connect to.
    package var reachable: ReachableAddresses = .any
    /// The clock the deadline runs on.
    package var sleep: DeadlineSleep = continuousSleep
    /// For https: the only certificates trusted (PEM), instead of the system's store; tests set it.
    package var trustRoots: [String]?

    package init(timeout: Duration, maxResponseBytes: Int) {
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Sends `request` and waits for the whole answer, until the deadline at most.
    package func send(_ request: Request) async throws(Failure) -> Response {
        let target = try HTTPTarget(request.url)
        let host = target.host.description
        do {
            return try await withDeadline(timeout, sleep: sleep) { [self] in
                let channel = try await connect(to: target, readIdle: nil)
                return try await channel.executeThenClose { inbound, outbound in
                    // A server that answers before the whole request is in (a refusal) and closes makes the
                    // write fail; its answer is still read.
                    var writeFailure: (any Error)?
                    do {
                        try await HTTPConnection.write(request, to: target, on: outbound)
                    } catch {
                        writeFailure = error
                    }
                    var reader = ResponseReader(limit: maxResponseBytes)
                    for try await part in inbound {
                        if let response = try reader.take(part) { return response }
                    }
                    throw writeFailure ?? HTTPConnection.ClosedEarly()
                }
            }
        } catch is DeadlinePassed {
            throw .timedOut(host: host, limit: timeout)
        } catch is ResponseReader.TooLarge {
            throw .tooLarge(host: host, limit: maxResponseBytes)
        } catch {
            throw Failure.reading(error, host: host)
        }
    }

    /// A part of a streamed answer.
    package enum StreamPart: Sendable {
        /// The status and header fields, first.
        case head(status: Int, headers: [String: String])
        /// Bytes of the body, as they arrive.
        case body(Data)
    }

    /// Sends `request` and hands each part of the answer to `receive` as it arrives, until the answer ends,
    /// `receive` returns false, or the task is cancelled. The head must come within ``timeout``; after it,
    /// the server may be silent for at most `silenceLimit` at a time (an event stream's keep-alives keep it
    /// open).
    package func stream(_ request: Request, silenceLimit: Duration, receive: @escaping @Sendable (StreamPart) async -> Bool) async throws(Failure) {
        let target = try HTTPTarget(request.url)
        let host = target.host.description
        let headCame = HeadSignal()
        do {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { [self] in
                    let channel = try await connect(to: target, readIdle: silenceLimit)
                    try await channel.executeThenClose { inbound, outbound in
                        try await HTTPConnection.write(request, to: target, on: outbound)
                        for try await part in inbound {
                            switch part {
                            case .head(let head):
                                headCame.set()
                                guard await receive(.head(status: Int(head.status.code), headers: ResponseReader.headers(head.headers))) else { return }
                            case .body(let chunk):
                                guard await receive(.body(Data(chunk.readableBytesView))) else { return }
                            case .end: return
                            }
                        }
                    }
                    return true
                }
                group.addTask { [self] in
                    // The head's deadline; once the head has come, this task just ends.
                    try await sleep(timeout)
                    if !headCame.isSet { throw DeadlinePassed() }
                    return false
                }
                // Until the stream ends; then the deadline's task, if it still sleeps, is cancelled.
                while let streamEnded = try await group.next() {
                    if streamEnded { break }
                }
                group.cancelAll()
            }
        } catch is DeadlinePassed {
            throw .timedOut(host: host, limit: timeout)
        } catch is HTTPConnection.FellSilent {
            throw .unreachable(host: host, reason: "it sent nothing for \(Failure.seconds(silenceLimit))")
        } catch {
            throw Failure.reading(error, host: host)
        }
    }

    /// Looks up the host, checks every address it has against ``reachable``, and connects to one of them.
    private func connect(to target: HTTPTarget, readIdle: Duration?) async throws -> HTTPConnection.Channel {
        let addresses = try await HostResolver.addresses(of: target.host, port: target.port)
        for address in addresses {
            guard let bytes = address.ipBytes, reachable.allows(bytes) else {
                let bytes = address.ipBytes ?? []
                throw Failure.addressNotAllowed(
                    host: target.host.description, address: address.ipAddress ?? "?", scope: NetworkAddressScope(bytes), reason: reachable.reason)
            }
        }
        return try await HTTPConnection.connect(to: addresses, target: target, trustRoots: trustRoots, within: timeout, readIdle: readIdle)
    }
}

/// Whether a stream's head has come (set on the event loop's task, read by the deadline's).
private final class HeadSignal: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
