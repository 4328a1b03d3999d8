// Establishes one HTTP/1.1 connection on SwiftNIO, to addresses already checked: TCP to the first that
// accepts, TLS with the host's name checked against its certificate for https, the request written with
// `Connection: close`, and the answer read part by part. Waiting is the event loop's (epoll or kqueue):
// nothing polls. It bounds sizes (the answer's body by the caller's limit, headers by NIO's decoder) and, for
// a stream, silence; the time of the whole exchange is BoundedHTTP's deadline.
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

enum HTTPConnection {
    typealias Channel = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    /// The connection ended before the answer did.
    struct ClosedEarly: Error {}
    /// A stream sent nothing for longer than its silence limit.
    struct FellSilent: Error {}

    /// Connects to the first of `addresses` that accepts, each tried in turn with its share of `limit`.
    static func connect(
        to addresses: [SocketAddress], target: HTTPTarget, trustRoots: [String]?, within limit: Duration, readIdle: Duration? = nil
    ) async throws -> Channel {
        let tls = target.secure ? try tlsContext(trustRoots: trustRoots) : nil
        let share = max(limit / max(addresses.count, 1), .seconds(2))
        var failure: any Error = HostResolver.NotFound()
        for address in addresses {
            try Task.checkCancellation()
            do {
                return try await connect(to: address, target: target, tls: tls, timeout: Swift.min(share, limit), readIdle: readIdle)
            } catch {
                failure = error
            }
        }
        throw failure
    }

    private static func connect(to address: SocketAddress, target: HTTPTarget, tls: NIOSSLContext?, timeout: Duration, readIdle: Duration?)
        async throws -> Channel
    {
        // TLS names the host (SNI) and checks its certificate against the name; an address host has no name
        // to send, and NIOSSL checks the certificate against the address.
        let serverName: String? = if case .name(let name) = target.host { name } else { nil }
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(timeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(to: address) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let readIdle {
                        try pipeline.addHandler(IdleStateHandler(readTimeout: TimeAmount(readIdle)))
                        try pipeline.addHandler(CloseWhenSilent())
                    }
                    if let tls { try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    try pipeline.addHTTPClientHandlers()
                    return try Channel(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Writes `request` to `target`: the head (with `Host`, `Content-Length` and `Connection: close`), the body.
    static func write(_ request: BoundedHTTP.Request, to target: HTTPTarget, on outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>)
        async throws
    {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target.requestTarget)
        head.headers.add(name: "Host", value: target.hostHeader)
        for (name, value) in request.headers { head.headers.add(name: name, value: value) }
        head.headers.add(name: "Connection", value: "close")
        if request.body != nil || ["POST", "PUT", "PATCH"].contains(request.method) {
            head.headers.add(name: "Content-Length", value: String(request.body?.count ?? 0))
        }
        // One write, flushed once: a server may answer and close as soon as the head is in.
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body = request.body, !body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        parts.append(.end(nil))
        try await outbound.write(contentsOf: parts)
    }

    /// The TLS settings: the system's trust store and full verification, or only the certificates given
    /// (PEM), which tests use for a server of their own.
    static func tlsContext(trustRoots: [String]?) throws -> NIOSSLContext {
        guard let trustRoots else { return try systemTrust.get() }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try trustRoots.flatMap { try NIOSSLCertificate.fromPEMBytes(Array($0.utf8)) })
        return try NIOSSLContext(configuration: configuration)
    }

    /// Made once: loading the system's trust store takes a while.
    private static let systemTrust = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }
}

/// Reads an answer's parts into one ``BoundedHTTP/Response``, refusing a body over the limit as soon as it
/// is announced (`Content-Length`) or reached.
struct ResponseReader {
    /// The body grew past the limit.
    struct TooLarge: Error {}

    let limit: Int
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()

    init(limit: Int) { self.limit = limit }

    /// Takes one part; returns the answer once its end has come.
    mutating func take(_ part: HTTPClientResponsePart) throws -> BoundedHTTP.Response? {
        switch part {
        case .head(let received):
            if let length = received.headers.first(name: "Content-Length").flatMap(Int.init), length > limit { throw TooLarge() }
            head = received
        case .body(var chunk):
            guard body.readableBytes + chunk.readableBytes <= limit else { throw TooLarge() }
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { throw HTTPConnection.ClosedEarly() }
            // An informational answer (1xx) comes before the real one.
            if head.status.code < 200 {
                self.head = nil
                return nil
            }
            return BoundedHTTP.Response(status: Int(head.status.code), headers: Self.headers(head.headers), body: Data(body.readableBytesView))
        }
        return nil
    }

    /// The header fields by name; a name given twice has its values joined with commas (RFC 9110 §5.3).
    static func headers(_ fields: HTTPHeaders) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in fields {
            let key = headers.keys.first { $0.caseInsensitiveCompare(name) == .orderedSame } ?? name
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        return headers
    }
}

/// Ends a stream's connection when the read side has been idle past the limit, with ``HTTPConnection/FellSilent``.
private final class CloseWhenSilent: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        context.fireErrorCaught(HTTPConnection.FellSilent())
        context.close(promise: nil)
    }
}
