// The parts of a DNS message that DNS-SD uses: questions and resource records with their typed data (PTR,
// SRV, TXT, A, AAAA, NSEC), plus the two bits multicast DNS adds to the class field (RFC 6762 §5.4 unicast-
// response in questions, §10.2 cache-flush in records). Any other type is kept as opaque bytes. These are
// plain values: they say nothing about whether a record is true, fresh, or sent by its owner.

/// A DNS record type (RFC 1035 §3.2.2 and later).
struct DNSRecordType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The type's number on the wire.
    let rawValue: UInt16
    /// The type with this number.
    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An IPv4 address (RFC 1035).
    static let a = DNSRecordType(rawValue: 1)
    /// A pointer to another name (RFC 1035; DNS-SD's browse records).
    static let ptr = DNSRecordType(rawValue: 12)
    /// Text strings (RFC 1035; DNS-SD's key=value pairs).
    static let txt = DNSRecordType(rawValue: 16)
    /// An IPv6 address (RFC 3596).
    static let aaaa = DNSRecordType(rawValue: 28)
    /// Service location: port and host (RFC 2782).
    static let srv = DNSRecordType(rawValue: 33)
    /// Next secure: in mDNS, which types a name has (RFC 4034, RFC 6762 §6.1).
    static let nsec = DNSRecordType(rawValue: 47)
    /// Only in questions: every type.
    static let any = DNSRecordType(rawValue: 255)

    /// The type's name (`PTR`, `SRV`…), or its number when it has none here.
    var description: String {
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
let dnsClassIN: UInt16 = 1

/// A question: which records the sender wants.
struct DNSQuestion: Hashable, Sendable {
    /// The name asked about.
    var name: DNSName
    /// The type asked for (``DNSRecordType/any`` for every type).
    var type: DNSRecordType
    /// The class without its top bit (1 for IN).
    var recordClass: UInt16
    /// RFC 6762 §5.4: the top bit of the class, asking for a unicast answer.
    var unicastResponse: Bool

    /// A question; the class's top bit is taken from `unicastResponse`, not from `recordClass`.
    init(name: DNSName, type: DNSRecordType, recordClass: UInt16 = dnsClassIN, unicastResponse: Bool = false) {
        self.name = name
        self.type = type
        self.recordClass = recordClass & 0x7FFF
        self.unicastResponse = unicastResponse
    }
}

/// The data of a resource record, typed for what DNS-SD needs.
enum DNSRecordData: Hashable, Sendable {
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
    var type: DNSRecordType {
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

/// A resource record.
struct DNSRecord: Hashable, Sendable {
    /// The name the record belongs to.
    var name: DNSName
    /// The class without its top bit (1 for IN).
    var recordClass: UInt16
    /// RFC 6762 §10.2: the top bit of the class, telling caches to drop other records of this name and type.
    var cacheFlush: Bool
    /// Seconds the record may be cached; 0 is a goodbye (RFC 6762 §10.1).
    var ttl: UInt32
    /// The typed data; it decides the record's type.
    var data: DNSRecordData

    /// A record; the class's top bit is taken from `cacheFlush`, not from `recordClass`.
    init(name: DNSName, ttl: UInt32, data: DNSRecordData, cacheFlush: Bool = false, recordClass: UInt16 = dnsClassIN) {
        self.name = name
        self.recordClass = recordClass & 0x7FFF
        self.cacheFlush = cacheFlush
        self.ttl = ttl
        self.data = data
    }

    /// The record's type.
    var type: DNSRecordType { data.type }
}
