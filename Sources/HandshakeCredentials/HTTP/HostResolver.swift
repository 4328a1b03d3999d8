// Establishes how a host name becomes the addresses an exchange checks and then connects to: the system's
// resolver (getaddrinfo, so /etc/hosts and the system's DNS settings count), run on NIO's thread pool since
// it blocks, and given up on when the task is cancelled (the deadline passed): the lookup may go on in its
// thread, but nobody waits for it.
import Foundation
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum HostResolver {
    /// Why a name gave no address.
    struct NotFound: Error {}

    /// The addresses of `host` on `port`, in the order the system prefers (RFC 6724); an address host is
    /// its own one address.
    static func addresses(of host: NetworkHost, port: Int) async throws -> [SocketAddress] {
        switch host {
        case .ipv4, .ipv6: return [try SocketAddress(ipAddress: host.description, port: port)]
        case .name(let name):
            let found = try await lookUp(name, port: port)
            guard !found.isEmpty else { throw NotFound() }
            return found
        }
    }

    /// getaddrinfo on a pool thread; the waiting task is let go at once on cancellation.
    private static func lookUp(_ name: String, port: Int) async throws -> [SocketAddress] {
        let waiter = OnceContinuation<[SocketAddress]>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.set(continuation)
                NIOThreadPool.singleton.submit { state in
                    guard state == .active else { return waiter.resume(throwing: CancellationError()) }
                    waiter.resume(with: Result { try blockingLookUp(name, port: port) })
                }
            }
        } onCancel: {
            waiter.resume(throwing: CancellationError())
        }
    }

    private static func blockingLookUp(_ name: String, port: Int) throws -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else { throw NotFound() }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let raw = current.pointee.ai_addr {
                switch Int32(raw.pointee.sa_family) {
                case AF_INET:
                    addresses.append(raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { SocketAddress($0.pointee, host: name) })
                case AF_INET6:
                    addresses.append(raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { SocketAddress($0.pointee, host: name) })
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        // getaddrinfo lists an address once per protocol at times; one attempt each is enough.
        var seen: [SocketAddress] = []
        for address in addresses where !seen.contains(address) { seen.append(address) }
        return seen
    }
}

extension SocketAddress {
    /// The IP address's bytes: 4 for IPv4, 16 for IPv6; nil for a Unix socket.
    var ipBytes: [UInt8]? {
        switch self {
        case .v4(let address): withUnsafeBytes(of: address.address.sin_addr) { Array($0) }
        case .v6(let address): withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
        case .unixDomainSocket: nil
        }
    }
}

/// A continuation resumed by whichever comes first (the answer, or cancellation), and only once.
final class OnceContinuation<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, any Error>?, early: Result<Value, any Error>?)>((nil, nil))

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(with result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.early == nil else { return nil }
            state.early = result
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: result)
    }

    func resume(throwing error: any Error) { resume(with: .failure(error)) }
}
