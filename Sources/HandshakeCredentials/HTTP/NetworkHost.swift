// Establishes the one way a host in an address from outside (a share link, a verifier's request_uri, a server
// address someone typed) is read: a DNS name, an IPv4 address written as four decimal numbers, or an IPv6
// address in brackets. Everything else is refused with a sentence before any connection, in particular the
// forms the system's resolver would quietly take as an IPv4 address (`0x7f000001`, `2130706433`, `127.1`,
// `0177.0.0.1`): a check that reads the host one way while the resolver reads it another is how
// address rules are got round.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The host of a URL, read strictly.
package enum NetworkHost: Sendable, Hashable, CustomStringConvertible {
    /// A DNS name: letters, digits and hyphens in dot-separated labels, lowercased, without a final dot.
    case name(String)
    /// An IPv4 address: its four bytes.
    case ipv4([UInt8])
    /// An IPv6 address: its sixteen bytes (no zone).
    case ipv6([UInt8])

    /// Why a host was refused.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// No host at all.
        case missing
        /// Digits (or `0x…`) that the system would read as an IPv4 address, but not written as four decimal
        /// numbers.
        case numericButNotAnAddress(String)
        /// An IPv6 address that does not parse, or carries a zone (`%eth0`).
        case badIPv6(String)
        /// Not a DNS name: a character outside letters, digits, hyphens and dots, an empty label, a label
        /// that starts or ends with a hyphen or is over 63 characters, or a name over 253.
        case notAName(String)

        package var description: String {
            switch self {
            case .missing: "it names no host"
            case .numericButNotAnAddress(let text):
                "its host \(Self.quoted(text)) is a number but not an IP address written as four decimal numbers (such as 192.0.2.7)"
            case .badIPv6(let text): "its host \(Self.quoted(text)) is not an IPv6 address this program connects to"
            case .notAName(let text): "its host \(Self.quoted(text)) is not a host name"
            }
        }

        /// The host as given, shortened and with anything but printable ASCII shown as `?`: it came from outside.
        static func quoted(_ text: String) -> String {
            let visible = String(String.UnicodeScalarView(text.unicodeScalars.prefix(80).map { (0x21...0x7E).contains($0.value) ? $0 : "?" }))
            return "\"\(visible)\(text.unicodeScalars.count > 80 ? "…" : "")\""
        }
    }

    /// Reads the host of `url` (`URL.host` gives an IPv6 address without its brackets).
    package init(of url: URL) throws(Refusal) {
        guard let host = url.host(percentEncoded: true), !host.isEmpty else { throw .missing }
        try self.init(host)
    }

    /// Reads `text`: a name, a dotted-quad IPv4 address, or an IPv6 address with or without its brackets.
    package init(_ text: String) throws(Refusal) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty else { throw .missing }
        if text.contains(":") {
            guard !text.contains("%"), let bytes = Self.ipv6Bytes(text) else { throw .badIPv6(text) }
            self = .ipv6(bytes)
            return
        }
        let lowered = text.lowercased()
        let name = lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // WHATWG's URL standard and the system resolver both take a host whose last label is a number as an
        // IPv4 address, in decimal, octal or hex, in one to four parts: only the plain four-number form passes.
        if let last = labels.last, Self.isNumeric(last) {
            guard let bytes = Self.dottedQuad(labels) else { throw .numericButNotAnAddress(text) }
            self = .ipv4(bytes)
            return
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-".unicodeScalars)
        guard name.utf8.count <= 253,
            labels.allSatisfy({
                !$0.isEmpty && $0.utf8.count <= 63 && $0.unicodeScalars.allSatisfy(allowed.contains) && !$0.hasPrefix("-") && !$0.hasSuffix("-")
            })
        else { throw .notAName(text) }
        self = .name(name)
    }

    /// Whether a label is what the URL standard calls an IPv4 number: decimal digits, or `0x` and hex digits.
    private static func isNumeric(_ label: Substring) -> Bool {
        let lowered = label.lowercased()
        if lowered.hasPrefix("0x") { return lowered.dropFirst(2).allSatisfy(\.isHexDigit) }
        return !lowered.isEmpty && lowered.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Four decimal numbers of 0–255 without leading zeros (a leading zero means octal to the resolver).
    private static func dottedQuad(_ labels: [Substring]) -> [UInt8]? {
        guard labels.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for label in labels {
            guard !label.isEmpty, label.count <= 3, label.allSatisfy({ $0.isASCII && $0.isNumber }),
                label == "0" || !label.hasPrefix("0"), let value = UInt8(label)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    /// The host as it goes into a `Host` header or a URL: an IPv6 address in brackets.
    package var urlForm: String {
        switch self {
        case .name(let name): name
        case .ipv4(let bytes): bytes.map(String.init).joined(separator: ".")
        case .ipv6: "[\(description)]"
        }
    }

    /// The host as a person reads it: an IPv6 address in its short form, without brackets.
    package var description: String {
        switch self {
        case .name(let name): return name
        case .ipv4(let bytes): return bytes.map(String.init).joined(separator: ".")
        case .ipv6(var bytes):
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let written = bytes.withUnsafeMutableBytes { inet_ntop(AF_INET6, $0.baseAddress, &text, socklen_t(text.count)) }
            guard written != nil else { return "?" }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The address itself, when the host is one.
    package var address: [UInt8]? {
        switch self {
        case .name: nil
        case .ipv4(let bytes), .ipv6(let bytes): bytes
        }
    }
}
