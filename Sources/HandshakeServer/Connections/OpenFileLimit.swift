// Establishes the open-file limit the server runs under: read once at start-up, the soft limit raised to
// the hard one where the system allows it (systemd's default soft limit is 1,024 with a hard limit of
// 524,288), and a limit too low to serve refused with a sentence instead of a crash under load.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HandshakeCore

/// The process's `RLIMIT_NOFILE`, and the raise to its hard limit.
public struct OpenFileLimit: Sendable, Equatable {
    /// The soft limit in force: the number of descriptors the process may hold.
    public let current: Int
    /// The soft limit before ``raised()`` raised it (equal to ``current`` when nothing changed).
    public let before: Int
    /// The hard limit: what an unprivileged process may raise its soft limit to.
    public let hard: Int

    /// The highest soft limit asked for: far above what a mailbox instance serves, and below what makes
    /// per-descriptor tables costly where the hard limit is unlimited.
    public static let ceiling = 1 << 20

    /// The limit in force, unchanged.
    public static func read() -> OpenFileLimit {
        let (soft, hard) = Self.get()
        return OpenFileLimit(current: soft, before: soft, hard: hard)
    }

    /// Raises the soft limit to the hard one (at most ``ceiling``), and returns the limit in force after:
    /// the soft limit unchanged when the system refused the raise.
    public static func raised() -> OpenFileLimit {
        let (soft, hard) = Self.get()
        let wanted = min(hard, ceiling)
        guard wanted > soft, var limits = Self.raw() else { return OpenFileLimit(current: soft, before: soft, hard: hard) }
        // Only the soft limit moves; the hard one is left exactly as it was (unlimited stays unlimited).
        limits.rlim_cur = rlim_t(wanted)
        #if canImport(Glibc)
        let status = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        #else
        let status = setrlimit(RLIMIT_NOFILE, &limits)
        #endif
        guard status == 0 else { return OpenFileLimit(current: soft, before: soft, hard: hard) }
        return OpenFileLimit(current: Self.get().soft, before: soft, hard: hard)
    }

    /// The soft and hard limits, each at most `Int.max` (unlimited counts as `Int.max`).
    private static func get() -> (soft: Int, hard: Int) {
        // getrlimit cannot fail for a valid resource; 1,024 is what the process would have been given.
        guard let limits = raw() else { return (1024, 1024) }
        return (Int(clamping: limits.rlim_cur), Int(clamping: limits.rlim_max))
    }

    private static func raw() -> rlimit? {
        var limits = rlimit()
        #if canImport(Glibc)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        #else
        let status = getrlimit(RLIMIT_NOFILE, &limits)
        #endif
        return status == 0 ? limits : nil
    }

    /// The start-up log's words for it: the limit, and where it came from.
    public var description: String {
        current == before ? "\(current) (hard limit \(hard))" : "\(current) (raised from \(before), the hard limit)"
    }
}

/// Why the server will not start with the open-file limit it was given.
public enum OpenFileLimitError: HandshakeError, Equatable {
    /// The limit leaves too few descriptors for connections once the reserve is kept.
    case tooLow(limit: Int, needed: Int)

    /// The sentence for the operator.
    public var description: String {
        switch self {
        case .tooLow(let limit, let needed):
            "The open-file limit is \(limit), too low to serve: the server needs at least \(needed) (raise it with ulimit -n, or LimitNOFILE= in its systemd unit)."
        }
    }
}
