// The advertiser's logic without any I/O: which records describe this session's service, the announcement
// sent on start (RFC 6762 §8.3), the goodbye sent on stop (§10.1), and the answer to each query (§6), with
// known-answer suppression (§7.1). It holds only what is advertised: the random instance identifier, the
// port, the version, the display name if given, and the addresses. It does not probe for conflicts (the
// 80-bit random name makes one unlikely) and does not answer legacy unicast queries (source port ≠ 5353).

import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// The records one session advertises, and how to answer queries for them.
struct ServiceAdvertisement: Sendable {
    /// RFC 6762 §10: records that name a host live 120 s in caches.
    static let hostRecordTTL: UInt32 = 120
    /// RFC 6762 §10: other records, 75 minutes.
    static let otherRecordTTL: UInt32 = 4500

    let instance: NearbyInstanceID
    let port: UInt16
    let displayName: String?
    let rendezvous: NearbyRendezvous?
    let addresses: [IPv4Address]

    let serviceType: DNSName
    let instanceName: DNSName
    let hostName: DNSName
    static let enumerationName = try! DNSName(dotted: "_services._dns-sd._udp.local")  // constant, valid

    /// Throws `NearbyDiscoveryError/displayNameTooLong` when the TXT string would not fit.
    init(
        instance: NearbyInstanceID, port: UInt16, displayName: String?, rendezvous: NearbyRendezvous? = nil, addresses: [IPv4Address]
    ) throws(NearbyDiscoveryError) {
        if let displayName {
            guard !displayName.isEmpty, TextLength.check(displayName, limit: CardLimits.name) == nil, displayName.utf8.count + 2 <= 255 else {
                throw .displayNameTooLong(TextLength.count(displayName))
            }
        }
        self.instance = instance
        self.port = port
        self.displayName = displayName
        self.rendezvous = rendezvous
        self.addresses = addresses
        // The instance identifier is 16 characters of a fixed alphabet: these names are always valid.
        serviceType = ServiceAdvertisement.serviceTypeName
        instanceName = try! serviceType.prepending(instance.text)
        hostName = try! DNSName([instance.text, NearbyService.domain])
    }

    /// `_handshake._tcp.local`.
    static let serviceTypeName = try! DNSName(dotted: NearbyService.type + "." + NearbyService.domain)

    /// The TXT strings: `v=1`, then `n=NAME` only if a display name was given, then `t=…` or `c=…` only
    /// while a token or a short code waits to be used.
    var textStrings: [[UInt8]] {
        var strings = [Array("\(NearbyService.versionKey)=\(NearbyProtocol.version)".utf8)]
        if let displayName { strings.append(Array("\(NearbyService.nameKey)=\(displayName)".utf8)) }
        if let rendezvous { strings.append(rendezvous.textString) }
        return strings
    }

    func pointerRecord(ttl: UInt32? = nil) -> DNSRecord {
        DNSRecord(name: serviceType, ttl: ttl ?? Self.otherRecordTTL, data: .ptr(instanceName))
    }

    func serviceRecord(ttl: UInt32? = nil) -> DNSRecord {
        DNSRecord(
            name: instanceName, ttl: ttl ?? Self.hostRecordTTL,
            data: .srv(priority: 0, weight: 0, port: port, target: hostName), cacheFlush: true)
    }

    func textRecord(ttl: UInt32? = nil) -> DNSRecord {
        DNSRecord(name: instanceName, ttl: ttl ?? Self.otherRecordTTL, data: .txt(textStrings), cacheFlush: true)
    }

    func addressRecords(ttl: UInt32? = nil) -> [DNSRecord] {
        addresses.map { DNSRecord(name: hostName, ttl: ttl ?? Self.hostRecordTTL, data: .a($0), cacheFlush: true) }
    }

    func enumerationRecord() -> DNSRecord {
        DNSRecord(name: Self.enumerationName, ttl: Self.otherRecordTTL, data: .ptr(serviceType))
    }

    /// The unsolicited response sent when advertising starts (and repeated, RFC 6762 §8.3).
    func announcement() -> DNSMessage {
        DNSMessage(flags: DNSMessage.responseFlags, answers: [pointerRecord(), serviceRecord(), textRecord()] + addressRecords())
    }

    /// The same records with TTL 0, sent when advertising stops: caches drop them (RFC 6762 §10.1).
    func goodbye() -> DNSMessage {
        DNSMessage(
            flags: DNSMessage.responseFlags,
            answers: [pointerRecord(ttl: 0), serviceRecord(ttl: 0), textRecord(ttl: 0)] + addressRecords(ttl: 0))
    }

    /// The response to a query, or nil when the query asks nothing this service answers (or the asker
    /// already holds every answer). Responses are multicast, id 0 (RFC 6762 §6, §18.1).
    func response(to query: DNSMessage) -> DNSMessage? {
        guard !query.isResponse, query.opcode == 0, query.responseCode == 0 else { return nil }
        var answers: [DNSRecord] = []
        var additionals: [DNSRecord] = []
        func add(_ record: DNSRecord, to list: inout [DNSRecord]) {
            if !list.contains(record) { list.append(record) }
        }
        for question in query.questions where question.recordClass == dnsClassIN || question.recordClass == 255 {
            let wants = { (type: DNSRecordType) in question.type == type || question.type == .any }
            if question.name == serviceType, wants(.ptr) {
                // RFC 6762 §7.1: leave out a shared answer the asker holds with at least half its TTL left.
                let known = query.answers.contains {
                    $0.name == serviceType && $0.data == .ptr(instanceName) && $0.ttl >= Self.otherRecordTTL / 2
                }
                if !known {
                    add(pointerRecord(), to: &answers)
                    // RFC 6763 §12.1: SRV, TXT and addresses go along as additional records.
                    for record in [serviceRecord(), textRecord()] + addressRecords() { add(record, to: &additionals) }
                }
            }
            if question.name == Self.enumerationName, wants(.ptr) {
                add(enumerationRecord(), to: &answers)
            }
            if question.name == instanceName {
                if wants(.srv) { add(serviceRecord(), to: &answers) }
                if wants(.txt) { add(textRecord(), to: &answers) }
                if wants(.srv) { for record in addressRecords() { add(record, to: &additionals) } }
            }
            if question.name == hostName, wants(.a) {
                for record in addressRecords() { add(record, to: &answers) }
            }
        }
        additionals.removeAll { answers.contains($0) }
        guard !answers.isEmpty else { return nil }
        return DNSMessage(flags: DNSMessage.responseFlags, answers: answers, additionals: additionals)
    }
}
