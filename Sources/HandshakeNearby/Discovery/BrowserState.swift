// The browser's logic without any I/O: a cache of the records heard for `_handshake._tcp.local` (PTR, SRV,
// TXT, A), each with its expiry; the queries to send and when (RFC 6762 §5.2: 1 s, then doubling, capped at
// 60 s, with known answers §7.1 and refreshes at 80 % of a record's life); and the events that follow —
// a peer found once it has a port and an address, updated when that changes, lost on a goodbye (§10.1: after
// 1 s) or on expiry, and "nobody found" once after 30 s. Time comes in as a monotonic `Duration`. It trusts
// what it hears: multicast DNS is unauthenticated, so anyone on the link can add or remove entries.

import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// The browser's cache and schedule, driven by messages and clock ticks.
struct BrowserState: Sendable {
    struct Cached<Value: Sendable>: Sendable {
        var value: Value
        var received: Duration
        var ttl: UInt32
        var refreshAsked = false
        var expiry: Duration { received + .seconds(Int64(ttl)) }
        /// RFC 6762 §5.2: ask again once 80 % of the lifetime has passed.
        var refreshDue: Duration { received + .milliseconds(Int64(ttl) * 800) }
    }

    struct Service: Sendable {
        var port: UInt16
        var target: DNSName
    }

    /// The longest interval between two browse queries.
    static let maxQueryInterval: Duration = .seconds(60)
    /// How many times an instance that will not resolve is asked about directly.
    static let maxResolveQueries = 4
    /// At most this many instances and hosts are cached, so a flood of fake advertisements has a bound.
    static let maxEntries = 256

    let serviceType = ServiceAdvertisement.serviceTypeName
    let started: Duration
    /// Instance labels never reported (this device's own advertisement, heard back by multicast loop).
    let ignored: Set<String>
    private(set) var pointers: [DNSName: Cached<Void>] = [:]
    private(set) var services: [DNSName: Cached<Service>] = [:]
    private(set) var texts: [DNSName: Cached<[[UInt8]]>] = [:]
    private(set) var addresses: [DNSName: [IPv4Address: Cached<Void>]] = [:]
    private(set) var reported: [DNSName: NearbyPeer] = [:]
    private var resolveQueries: [DNSName: Int] = [:]
    private var everFound = false
    private var nobodyFoundSaid = false
    private var nextQuery: Duration
    private var queryInterval: Duration = .seconds(1)

    init(startedAt now: Duration, ignoring ignored: Set<String> = []) {
        started = now
        self.ignored = ignored
        nextQuery = now
    }

    /// The sentence of the `DiscoveryEvent/nobodyFound(_:)` event.
    static let nobodyFoundSentence =
        "Nobody nearby was found in 30 seconds. Check that the other device is on the same network and has its exchange screen open."

    // MARK: Input

    /// Takes in a message heard on the link and returns what changed. Queries and failed responses are ignored.
    mutating func receive(_ message: DNSMessage, at now: Duration) -> [DiscoveryEvent] {
        guard message.isResponse, message.opcode == 0, message.responseCode == 0 else { return changes(at: now) }
        var flushedHosts: Set<DNSName> = []
        for record in message.allRecords where record.recordClass == dnsClassIN {
            // A record with TTL 0 is a goodbye: it stays one more second (RFC 6762 §10.1).
            let received = now
            let ttl = record.ttl == 0 ? 1 : record.ttl
            switch record.data {
            case .ptr(let instance) where record.name == serviceType:
                guard isInstance(instance), !ignored.contains(instance.firstLabel ?? "") else { continue }
                guard pointers[instance] != nil || pointers.count < Self.maxEntries else { continue }
                pointers[instance] = Cached(value: (), received: received, ttl: ttl)
            case .srv(_, _, let port, let target) where isInstance(record.name):
                guard services[record.name] != nil || services.count < Self.maxEntries else { continue }
                services[record.name] = Cached(value: Service(port: port, target: target), received: received, ttl: ttl)
            case .txt(let strings) where isInstance(record.name):
                guard texts[record.name] != nil || texts.count < Self.maxEntries else { continue }
                texts[record.name] = Cached(value: strings, received: received, ttl: ttl)
            case .a(let address):
                guard addresses[record.name] != nil || addresses.count < Self.maxEntries else { continue }
                // RFC 6762 §10.2: a cache-flush record replaces what was cached for its name and type before
                // (at once, not after the second the RFC allows: a host's addresses come in one message).
                if record.cacheFlush, !flushedHosts.contains(record.name), record.ttl > 0 {
                    flushedHosts.insert(record.name)
                    addresses[record.name] = [:]
                }
                if addresses[record.name, default: [:]].count < 16 || addresses[record.name]?[address] != nil {
                    addresses[record.name, default: [:]][address] = Cached(value: (), received: received, ttl: ttl)
                }
            default:
                continue
            }
        }
        return changes(at: now)
    }

    private func isInstance(_ name: DNSName) -> Bool {
        name.labels.count == serviceType.labels.count + 1 && DNSName(unchecked: Array(name.labels.dropFirst())) == serviceType
    }

    // MARK: Time

    /// Expires what is due, reports what changed, and returns the query to send now, if any.
    mutating func tick(at now: Duration) -> (events: [DiscoveryEvent], query: DNSMessage?) {
        (changes(at: now), query(at: now))
    }

    /// Expires what is due and reports what changed, "nobody found" included; sends nothing.
    private mutating func changes(at now: Duration) -> [DiscoveryEvent] {
        expire(at: now)
        var events = evaluate()
        if !everFound, !nobodyFoundSaid, now - started >= NearbyService.nobodyFoundAfter {
            nobodyFoundSaid = true
            events.append(.nobodyFound(Self.nobodyFoundSentence))
        }
        return events
    }

    private mutating func expire(at now: Duration) {
        pointers = pointers.filter { $0.value.expiry > now }
        services = services.filter { $0.value.expiry > now }
        texts = texts.filter { $0.value.expiry > now }
        addresses = addresses.compactMapValues { entries in
            let alive = entries.filter { $0.value.expiry > now }
            return alive.isEmpty ? nil : alive
        }
        resolveQueries = resolveQueries.filter { pointers[$0.key] != nil }
    }

    /// Compares what the cache resolves now with what was last reported.
    private mutating func evaluate() -> [DiscoveryEvent] {
        var events: [DiscoveryEvent] = []
        for name in Set(pointers.keys).union(reported.keys).sorted(by: { $0.description < $1.description }) {
            let current = pointers[name] == nil ? nil : resolve(name)
            switch (reported[name], current) {
            case (nil, let peer?):
                events.append(.found(peer))
                everFound = true
            case (let old?, let peer?) where old != peer:
                events.append(.updated(peer))
            case (let old?, nil):
                events.append(.lost(old.id))
            default:
                break
            }
            reported[name] = current
        }
        return events
    }

    /// The peer an instance resolves to, once its SRV and at least one address are known.
    func resolve(_ instance: DNSName) -> NearbyPeer? {
        guard let service = services[instance]?.value,
            let hostAddresses = addresses[service.target], !hostAddresses.isEmpty
        else { return nil }
        var version: Int?
        var displayName: String?
        var rendezvous: NearbyRendezvous?
        for string in texts[instance]?.value ?? [] {
            // RFC 6763 §6.4: the key is what precedes the first "=", compared without case; the first wins.
            guard let equals = string.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: string[..<equals], as: UTF8.self).lowercased()
            let value = Array(string[(equals + 1)...])
            if key == NearbyService.versionKey, version == nil {
                version = validUTF8(value).flatMap { Int($0) }
            } else if key == NearbyService.nameKey, displayName == nil {
                // A name from the network meets the card's name rule where it enters, or is not shown at all
                // (the person then appears by their random id, as one who hides their name does).
                displayName = validUTF8(value).flatMap { (try? CardFields.validateName($0)) == nil ? nil : $0 }
            } else if rendezvous == nil, let text = validUTF8(value) {
                rendezvous = NearbyRendezvous(key: key, value: text)
            }
        }
        let id = instance.firstLabel ?? instance.labels.first.map { DNSName(unchecked: [$0]).description } ?? ""
        return NearbyPeer(
            id: id, displayName: displayName, version: version, rendezvous: rendezvous,
            addresses: hostAddresses.keys.sorted { $0.array.lexicographicallyPrecedes($1.array) },
            port: service.port, host: service.target.description)
    }

    /// The query due now: the browse question with known answers when the schedule says so, plus questions
    /// for instances that do not resolve yet and records near the end of their life.
    private mutating func query(at now: Duration) -> DNSMessage? {
        var questions: [DNSQuestion] = []
        var knownAnswers: [DNSRecord] = []
        if now >= nextQuery {
            questions.append(DNSQuestion(name: serviceType, type: .ptr))
            // RFC 6762 §7.1: list the answers held with more than half their TTL left, so responders skip them.
            // Only instances that resolve are listed: a responder skips the additional records too.
            for (instance, cached) in pointers where reported[instance] != nil
                && (cached.expiry - now) > .seconds(Int64(cached.ttl)) / 2
            {
                knownAnswers.append(DNSRecord(name: serviceType, ttl: UInt32((cached.expiry - now).components.seconds), data: .ptr(instance)))
            }
            nextQuery = now + queryInterval
            queryInterval = min(queryInterval * 2, Self.maxQueryInterval)
        }
        for instance in pointers.keys.sorted(by: { $0.description < $1.description }) where reported[instance] == nil {
            let asked = resolveQueries[instance, default: 0]
            guard asked < Self.maxResolveQueries else { continue }
            resolveQueries[instance] = asked + 1
            questions.append(DNSQuestion(name: instance, type: .srv))
            questions.append(DNSQuestion(name: instance, type: .txt))
            if let target = services[instance]?.value.target { questions.append(DNSQuestion(name: target, type: .a)) }
        }
        for (instance, cached) in services where !cached.refreshAsked && now >= cached.refreshDue && cached.ttl > 1 {
            services[instance]?.refreshAsked = true
            questions.append(DNSQuestion(name: instance, type: .srv))
        }
        for (host, entries) in addresses where entries.values.contains(where: { !$0.refreshAsked && now >= $0.refreshDue && $0.ttl > 1 }) {
            for address in entries.keys { addresses[host]?[address]?.refreshAsked = true }
            questions.append(DNSQuestion(name: host, type: .a))
        }
        guard !questions.isEmpty else { return nil }
        var unique: [DNSQuestion] = []
        for question in questions where !unique.contains(question) { unique.append(question) }
        return DNSMessage(flags: DNSMessage.queryFlags, questions: unique, answers: knownAnswers)
    }
}

extension DNSName {
    /// A name from labels already known to be valid (taken from a name that was).
    init(unchecked labels: [[UInt8]]) {
        self = (try? DNSName(labels: labels)) ?? DNSName.root
    }

    /// The root name, no labels.
    static let root = try! DNSName(labels: [])  // no labels: always valid
}
