// Establishes the one shape a mailbox server's address has wherever it comes from outside: a card that names
// its owner's server (card.md §2, key 16), a session token's relay (nearby-bootstrap.md §2.2). An origin alone,
// `https://mailbox.example` or `http://10.0.0.1:8080`: a scheme, a host and an optional port, read in this one
// shape or not at all (no path, query, fragment or user), so that whoever fetches from it asks only the
// server it names, on the route it means.

/// A mailbox server, by its origin.
public struct ServerOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The longest origin read, in bytes.
    public static let longest = 255

    /// Whether the server is reached over TLS (`https`).
    public let secure: Bool
    /// The host: a DNS name (lowercase), an IPv4 address, or an IPv6 address without its brackets.
    public let host: String
    /// The port; 443 or 80 when the origin names none.
    public let port: Int

    /// The server at `origin` (`http` or `https`, a host, an optional port, an optional `/`), or `nil`.
    public init?(_ origin: String) {
        guard !origin.isEmpty, origin.utf8.count <= Self.longest, origin.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var rest = Substring(origin)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.lowercased().hasPrefix("https://") {
            secure = true
            rest = rest.dropFirst(8)
        } else if rest.lowercased().hasPrefix("http://") {
            secure = false
            rest = rest.dropFirst(7)
        } else {
            return nil
        }
        var hostPart = rest, portPart: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
            guard Self.isIPv6Address(hostPart) else { return nil }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                hostPart = rest[..<colon]
                portPart = rest[rest.index(after: colon)...]
            }
            let labels = hostPart.split(separator: ".", omittingEmptySubsequences: false)
            guard !hostPart.isEmpty, labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }) else { return nil }
        }
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy(\.isASCII), portPart.allSatisfy(\.isNumber),
                let number = Int(portPart), (1...65535).contains(number)
            else { return nil }
            port = number
        } else {
            port = secure ? 443 : 80
        }
        host = hostPart.lowercased()
    }

    /// Whether `text` is an IPv6 address as RFC 4291 §2.2 writes it (eight groups of one to four hex digits, one
    /// `::` standing for the zero groups left out, the last 32 bits optionally as a dotted IPv4 address): what
    /// alone may stand in brackets, so that ``authority`` brackets it again (a bracketed `1000000.` would come
    /// back unbracketed, as a different host).
    static func isIPv6Address(_ text: Substring) -> Bool {
        guard text.utf8.count <= 45 else { return false }
        var groups = text.split(separator: ":", omittingEmptySubsequences: false)
        var ipv4Groups = 0
        if let last = groups.last, last.contains(".") {
            let octets = last.split(separator: ".", omittingEmptySubsequences: false)
            guard octets.count == 4, octets.allSatisfy({ octet in
                (1...3).contains(octet.count) && octet.allSatisfy { $0.isASCII && $0.isNumber } && Int(octet).map { $0 <= 255 } == true
                    && !(octet.count > 1 && octet.hasPrefix("0"))
            }) else { return false }
            groups.removeLast()
            groups.append("0")  // stands for the first of the two groups it writes
            ipv4Groups = 1
        }
        // "::" shows as empty groups: one between (a::b), two at an end (::a, a::), three alone (::).
        let empties = groups.indices.filter { groups[$0].isEmpty }
        let elided: Bool
        switch empties.count {
        case 0: elided = false
        case 1: elided = empties[0] != groups.startIndex && empties[0] != groups.endIndex - 1
        case 2: elided = groups.count > 2 && (empties == [0, 1] || empties == [groups.count - 2, groups.count - 1])
        case 3: elided = groups.count == 3
        default: return false
        }
        if !empties.isEmpty && !elided { return false }
        let written = groups.filter { !$0.isEmpty }
        guard written.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }) else { return false }
        let count = written.count + ipv4Groups
        return elided ? count < 8 : count == 8
    }

    /// The origin, written the one way: the scheme, then ``authority``.
    public var origin: String { (secure ? "https://" : "http://") + authority }

    /// The host (an IPv6 address in brackets) and the port when it is not the scheme's own: what an HTTP
    /// request's `Host` names.
    public var authority: String {
        (host.contains(":") ? "[\(host)]" : host) + (port == (secure ? 443 : 80) ? "" : ":\(port)")
    }

    /// The origin.
    public var description: String { origin }
}
