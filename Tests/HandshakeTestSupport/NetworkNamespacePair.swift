// Two hosts on one machine for tests: two Linux network namespaces joined by a veth pair (10.213.0.1 in the
// first, 10.213.0.2 in the second), made fresh for a test and removed after it, so multicast never leaves
// the test's own link. A program runs inside one with `ip netns exec` (``NetworkNamespacePair/command(in:_:)``);
// code of this process makes a socket inside one with ``NetworkNamespacePair/inside(_:_:)``, which switches
// a dedicated thread (never a Swift concurrency thread) into the namespace. Needs root and iproute2; a test
// that uses it fails loudly, naming what is missing, rather than skipping. Shared by the discovery tests
// (sockets of this process) and the command-line tests (two `handshake` processes).

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Two network namespaces joined by a veth pair, removed by ``remove()``.
public final class NetworkNamespacePair: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The namespaces' names: `hsd`, this process's id (6 hex digits), 2 hex digits counting the pairs this
    /// process made, then `a` or `b`. Counted, not drawn: two tests running at once must never get one name
    /// (with 2 random digits they did, and the second one's clean-up removed the first one's namespaces).
    public let first: String
    public let second: String
    /// The first host's address, on its veth end.
    public let firstHost = "10.213.0.1"
    /// The second host's address.
    public let secondHost = "10.213.0.2"

    /// Creates both namespaces, the veth pair, the addresses, and brings every link (loopback too) up.
    public init() throws {
        let made = Self.pairsMade.wrappingAdd(1, ordering: .relaxed).oldValue
        let tag = Self.hex(Int(getpid()) & 0xFF_FFFF, digits: 6) + Self.hex(made & 0xFF, digits: 2)
        first = "hsd\(tag)a"
        second = "hsd\(tag)b"
        guard getuid() == 0 else { throw Failure(description: "network namespace tests need root (ip netns)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") || FileManager.default.isExecutableFile(atPath: "/sbin/ip")
        else { throw Failure(description: "`ip` is missing: install iproute2 (scripts/install-test-tools)") }
        Self.removeLeftovers()
        let vethA = "\(first)v", vethB = "\(second)v"
        do {
            try Self.ip(["netns", "add", first])
            try Self.ip(["netns", "add", second])
            try Self.ip(["link", "add", vethA, "type", "veth", "peer", "name", vethB])
            try Self.ip(["link", "set", vethA, "netns", first])
            try Self.ip(["link", "set", vethB, "netns", second])
            try Self.ip(["-n", first, "addr", "add", "\(firstHost)/24", "dev", vethA])
            try Self.ip(["-n", second, "addr", "add", "\(secondHost)/24", "dev", vethB])
            for (namespace, link) in [(first, vethA), (second, vethB)] {
                try Self.ip(["-n", namespace, "link", "set", link, "up"])
                try Self.ip(["-n", namespace, "link", "set", "lo", "up"])
            }
        } catch {
            remove()
            throw error
        }
    }

    /// How many pairs this process has made.
    static let pairsMade = Atomic<Int>(0)

    /// Deletes both namespaces (the veth pair goes with them). Safe to call twice.
    public func remove() {
        try? Self.ip(["netns", "del", first])
        try? Self.ip(["netns", "del", second])
    }

    /// Deletes namespaces this helper made in test processes that are gone (a crashed run cannot clean up).
    public static func removeLeftovers() {
        let namespaces = (try? FileManager.default.contentsOfDirectory(atPath: "/var/run/netns")) ?? []
        for name in namespaces where name.count == 12 && name.hasPrefix("hsd") {
            let pidText = name.dropFirst(3).prefix(6)
            guard let pid = Int32(pidText, radix: 16), pid != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH { try? ip(["netns", "del", name]) }
        }
    }

    static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The argument list that runs `arguments` inside `namespace`.
    public func command(in namespace: String, _ arguments: [String]) -> [String] {
        ["ip", "netns", "exec", namespace] + arguments
    }

    /// Runs `body` on a new thread that has joined `namespace`; sockets it makes belong to that namespace.
    public static func inside<T: Sendable>(_ namespace: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let result = LockedResult<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            let fd = open("/var/run/netns/\(namespace)", O_RDONLY)
            guard fd >= 0 else {
                result.set(.failure(Failure(description: "cannot open namespace \(namespace) (errno \(errno))")))
                return
            }
            defer { close(fd) }
            guard setNetworkNamespace(fd) == 0 else {
                result.set(.failure(Failure(description: "setns into \(namespace) failed (errno \(errno))")))
                return
            }
            // This thread stays in the namespace until it ends, right after `body`.
            result.set(Result { try body() })
        }
        thread.start()
        done.wait()
        return try result.get()
    }

    public static func ip(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ip"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "ip \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}

/// `setns(fd, CLONE_NEWNET)`, looked up at run time (Glibc's Swift module does not declare it).
private func setNetworkNamespace(_ fd: CInt) -> CInt {
    typealias SetNS = @convention(c) (CInt, CInt) -> CInt
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setns") else { return -1 }
    let cloneNewNet: CInt = 0x4000_0000
    return unsafeBitCast(symbol, to: SetNS.self)(fd, cloneNewNet)
}

/// A result handed from one thread to another.
private final class LockedResult<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) { lock.withLock { value = result } }

    func get() throws -> T {
        guard let value = lock.withLock({ value }) else { throw NetworkNamespacePair.Failure(description: "no result") }
        return try value.get()
    }
}
