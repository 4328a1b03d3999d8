// The parts of a DNS message that DNS-SD uses: questions and resource records with their typed data (PTR,
// SRV, TXT, A, AAAA, NSEC), plus the two bits multicast DNS adds to the class field (RFC 6762 §5.4 unicast-
// response in questions, §10.2 cache-flush in records). Any other type is kept as opaque bytes. These are
// plain values: they say nothing about whether a record is true, fresh, or sent by its owner.

/// A DNS record type (RFC 1035 §3.2.2 and later).
public struct DNSRecordType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The type's number on the wire.
    public let rawValue: UInt16
    /// The type with this number.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An IPv4 address (RFC 1035).
    public static let a = DNSRecordType(rawValue: 1)
    /// A pointer to another name (RFC 1035; DNS-SD's browse records).
    public static let ptr = DNSRecordType(rawValue: 12)
    /// Text strings (RFC 1035; DNS-SD's key=value pairs).
    public static let txt = DNSRecordType(rawValue: 16)
    /// An IPv6 address (RFC 3596).
    public static let aaaa = DNSRecordType(rawValue: 28)
    /// Service location: port and host (RFC 2782).
    public static let srv = DNSRecordType(rawValue: 33)
    /// Next secure: in mDNS, which types a name has (RFC 4034, RFC 6762 §6.1).
    public static let nsec = DNSRecordType(rawValue: 47)
    /// Only in questions: every type.
    public static let any = DNSRecordType(rawValue: 255)

    /// The type's name (`PTR`, `SRV`…), or its number when it has none here.
    public var description: String {
        switch self {
        case .a: "A"
        case .ptr: "PTR"
        case .txt: "TXT"
        case .aaaa: "AAAA"
        case .srv: "SRV"
        case .nsec: "NSEC"
        case .any: "ANY"
        default: "TYPE\(rawValue)"
        }
    }
}

/// The Internet class, the only one multicast DNS uses.
public let dnsClassIN: UInt16 = 1

/// A question: which records the sender wants.
public struct DNSQuestion: Hashable, Sendable {
    /// The name asked about.
    public var name: DNSName
    /// The type asked for (``DNSRecordType/any`` for every type).
    public var type: DNSRecordType
    /// The class without its top bit (1 for IN).
    public var recordClass: UInt16
    /// RFC 6762 §5.4: the top bit of the class, asking for a unicast answer.
    public var unicastResponse: Bool

    /// A question; the class's top bit is taken from `unicastResponse`, not from `recordClass`.
    public init(name: DNSName, type: DNSRecordType, recordClass: UInt16 = dnsClassIN, unicastResponse: Bool = false) {
        self.name = name
        self.type = type
        self.recordClass = recordClass & 0x7FFF
        self.unicastResponse = unicastResponse
    }
}

/// The data of a resource record, typed for what DNS-SD needs.
public enum DNSRecordData: Hashable, Sendable {
    /// An IPv4 address, 4 bytes in network order.
    case a(IPv4Address)
    /// An IPv6 address, 16 bytes.
    case aaaa([UInt8])
    /// A pointer to another name (DNS-SD: service type → instance).
    case ptr(DNSName)
    /// RFC 2782: where an instance listens.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// RFC 6763 §6: a list of strings, each at most 255 bytes.
    case txt([[UInt8]])
    /// RFC 4034 §4: the next name and the types that exist (mDNS uses it to say "no other types").
    case nsec(next: DNSName, types: [DNSRecordType])
    /// Any other type, kept as its raw data.
    case other(type: DNSRecordType, bytes: [UInt8])

    /// The record type these data belong to.
    public var type: DNSRecordType {
        switch self {
        case .a: .a
        case .aaaa: .aaaa
        case .ptr: .ptr
        case .srv: .srv
        case .txt: .txt
        case .nsec: .nsec
        case .other(let type, _): type
        }
    }
}

/// An IPv4 address.
public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, network order.
    public let bytes: (UInt8, UInt8, UInt8, UInt8)

    /// The address `a.b.c.d`.
    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) { bytes = (a, b, c, d) }

    /// Parses dotted-quad text such as `10.213.0.1`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { $0.count <= 3 && $0.allSatisfy(\.isASCII) ? UInt8($0) : nil }
        guard values.count == 4 else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// The bytes as an array.
    public var array: [UInt8] { [bytes.0, bytes.1, bytes.2, bytes.3] }

    /// The address in dotted-decimal form.
    public var description: String { "\(bytes.0).\(bytes.1).\(bytes.2).\(bytes.3)" }

    /// Addresses are equal when their four bytes are.
    public static func == (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.array == rhs.array }
    /// Hashes the four bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }
}

/// A resource record.
public struct DNSRecord: Hashable, Sendable {
    /// The name the record belongs to.
    public var name: DNSName
    /// The class without its top bit (1 for IN).
    public var recordClass: UInt16
    /// RFC 6762 §10.2: the top bit of the class, telling caches to drop other records of this name and type.
    public var cacheFlush: Bool
    /// Seconds the record may be cached; 0 is a goodbye (RFC 6762 §10.1).
    public var ttl: UInt32
    /// The typed data; it decides the record's type.
    public var data: DNSRecordData

    /// A record; the class's top bit is taken from `cacheFlush`, not from `recordClass`.
    public init(name: DNSName, ttl: UInt32, data: DNSRecordData, cacheFlush: Bool = false, recordClass: UInt16 = dnsClassIN) {
        self.name = name
        self.recordClass = recordClass & 0x7FFF
        self.cacheFlush = cacheFlush
        self.ttl = ttl
        self.data = data
    }

    /// The record's type.
    public var type: DNSRecordType { data.type }
}
