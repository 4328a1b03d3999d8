// A domain name as a list of labels (RFC 1035 §3.1), compared as DNS compares names: ASCII letters without
// regard to case, every other byte exactly. Labels are raw bytes because DNS-SD instance names are UTF-8
// (RFC 6763 §4.1) and may hold dots; this type does not check that a name is a valid host name, and it does
// not normalize Unicode.

/// A domain name: a sequence of labels, the root label left implicit.
struct DNSName: Hashable, Sendable, CustomStringConvertible {
    /// The labels, most specific first, each 1–63 bytes.
    let labels: [[UInt8]]

    /// A name from labels already split (a label may contain a dot, as DNS-SD instance names may).
    /// Throws if a label is empty or longer than 63 bytes, or the whole name is longer than 255 bytes.
    init(labels: [[UInt8]]) throws(DNSMessageError) {
        var length = 1
        for label in labels {
            guard !label.isEmpty else { throw .emptyLabel }
            guard label.count <= 63 else { throw .labelTooLong(length: label.count) }
            length += 1 + label.count
        }
        guard length <= DNSLimits.maxNameLength else { throw .nameTooLong }
        self.labels = labels
    }

    /// A name from labels given as strings (UTF-8).
    init(_ labels: [String]) throws(DNSMessageError) {
        try self.init(labels: labels.map { Array($0.utf8) })
    }

    /// A name from dotted text such as `_handshake._tcp.local` (no escapes: every dot separates labels).
    init(dotted: String) throws(DNSMessageError) {
        try self.init(dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty })
    }

    /// The name with `label` put in front: `instance` + `_handshake._tcp.local`.
    func prepending(_ label: String) throws(DNSMessageError) -> DNSName {
        try DNSName(labels: [Array(label.utf8)] + labels)
    }

    /// Its length in uncompressed wire form, root label included.
    var wireLength: Int { labels.reduce(1) { $0 + 1 + $1.count } }

    /// The first label as text, if it is valid UTF-8.
    var firstLabel: String? {
        labels.first.flatMap(validUTF8)
    }

    /// Dotted text; dots and backslashes inside a label are escaped, other bytes outside printable ASCII
    /// appear as `\DDD` (RFC 1035 §5.1) unless the label is valid UTF-8.
    var description: String {
        if labels.isEmpty { return "." }
        return labels.map { label -> String in
            if let text = validUTF8(label) {
                return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
            }
            return label.map { byte -> String in
                (0x21...0x7E).contains(byte) && byte != 0x2E && byte != 0x5C
                    ? String(UnicodeScalar(byte)) : "\\" + String(format3(byte))
            }.joined()
        }.joined(separator: ".")
    }

    /// Names are equal when their labels are, ignoring ASCII case, as DNS compares them.
    static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labels.count == rhs.labels.count
            && zip(lhs.labels, rhs.labels).allSatisfy { a, b in
                a.count == b.count && zip(a, b).allSatisfy { asciiLower($0) == asciiLower($1) }
            }
    }

    /// Hashes the labels ignoring ASCII case, consistently with ``==(_:_:)``.
    func hash(into hasher: inout Hasher) {
        for label in labels {
            hasher.combine(label.count)
            for byte in label { hasher.combine(asciiLower(byte)) }
        }
    }
}

private func asciiLower(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

private func format3(_ byte: UInt8) -> String {
    let digits = String(byte)
    return String(repeating: "0", count: 3 - digits.count) + digits
}

/// The bytes as text if they are valid UTF-8, nil otherwise.
func validUTF8(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return Array(text.utf8) == bytes ? text : nil
}
