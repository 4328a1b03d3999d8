// Establishes a loopback TCP port where nothing listens and nothing can start to: a socket bound to it but never
// listening, held for as long as the value lives. A connection there is refused at once. A port freed by a
// stopped listener is not that: in a parallel run another suite's listener was handed the same port, the
// connect reached it, and a test that expected "nobody there" found somebody.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that refuses every connection while this value is alive.
public final class RefusingPort: Sendable {
    /// The port's number.
    public let port: Int
    private let descriptor: Int32

    /// Binds a TCP socket to a free port of 127.0.0.1 without listening on it.
    public init() throws(RefusingPortError) {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { throw RefusingPortError(step: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw RefusingPortError(step: "bind", code: code)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// Why a ``RefusingPort`` could not be made: the system call and its `errno`.
public struct RefusingPortError: Error, CustomStringConvertible {
    /// The call that failed.
    public let step: String
    /// Its `errno`.
    public let code: Int32
    /// The call and the system's reason.
    public var description: String { "\(step) failed: \(String(cString: strerror(code)))" }
}
