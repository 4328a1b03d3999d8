// Establishes when a request's head can be read two ways, and is refused for it: no Host, or more than one
// (RFC 9112 §3.2: 400), a Host that is not a host (`Host: a b`), a target that is not a path of this server
// (the absolute form `POST http://evil.example/contacts/1`, which Hummingbird routed by its path while the
// checks of the Host saw another), and a transfer coding other than chunked alone (RFC 9112 §6.1: 501). A
// server of ours is never a proxy: a request it cannot read one way only is not carried out.
import Foundation
import NIOHTTP1

/// Why a request's head was refused before it reached a route.
public enum RequestHeadRefusal: Error, Sendable, Equatable {
    /// An HTTP/1.1 request without a Host.
    case noHost
    /// More than one Host.
    case severalHosts
    /// A Host that is not `host[:port]`.
    case malformedHost
    /// A target that is not a path (`/…`): the absolute form, or `*`.
    case notAPath
    /// A transfer coding this server does not decode (anything but `chunked` alone).
    case unsupportedTransferCoding
    /// The request could not be read as HTTP/1.1 (it came after requests still being answered).
    case unreadable

    /// What a request's head is refused for, or `nil` when it can be read only one way.
    public static func check(_ head: HTTPRequestHead) -> RequestHeadRefusal? {
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return .severalHosts }
        if let host = hosts.first {
            if !isHost(host) { return .malformedHost }
        } else if head.version.major == 1 && head.version.minor >= 1 {
            return .noHost
        }
        if !head.uri.hasPrefix("/") { return .notAPath }
        let codings = head.headers["Transfer-Encoding"].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if !codings.isEmpty && codings != ["chunked"] { return .unsupportedTransferCoding }
        return nil
    }

    /// The status it is answered with.
    public var status: HTTPResponseStatus {
        self == .unsupportedTransferCoding ? .notImplemented : .badRequest
    }

    /// The sentence it is answered with.
    public var sentence: String {
        switch self {
        case .noHost: "This request names no host (HTTP/1.1 requires a Host header); nothing was done."
        case .severalHosts: "This request names more than one host; nothing was done."
        case .malformedHost: "This request's Host is not a host name; nothing was done."
        case .notAPath: "This request is not for a path of this server (it is not a proxy); nothing was done."
        case .unsupportedTransferCoding: "This request's body is in a transfer coding this server does not read (only chunked); nothing was done."
        case .unreadable: "A request could not be read as an HTTP/1.1 request; it and any after it were not carried out."
        }
    }

    /// Whether `text` is `host[:port]` (RFC 3986: a registered name, an IPv4 address or a bracketed IP
    /// literal, and digits after the colon).
    static func isHost(_ text: String) -> Bool {
        var host = Substring(text)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }) else { return false }
            host = host[host.index(after: close)...]
            if host.isEmpty { return true }
            guard host.hasPrefix(":") else { return false }
            return isPort(host.dropFirst())
        }
        if let colon = host.lastIndex(of: ":") {
            guard isPort(host[host.index(after: colon)...]) else { return false }
            host = host[..<colon]
        }
        return !host.isEmpty && host.unicodeScalars.allSatisfy(isRegisteredNameScalar)
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Unreserved, sub-delims and `%` (RFC 3986 §3.2.2 reg-name).
    private static func isRegisteredNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "%", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=": true
        default: false
        }
    }
}
