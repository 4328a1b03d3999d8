import Foundation
import Testing

@_spi(Wire) @testable import HandshakeNearby

@Suite("DNS message codec")
struct DNSCodecTests {
    static let service = try! DNSName(dotted: "_handshake._tcp.local")
    static let instance = try! service.prepending("k7m2q9xw4d1c8hbt")
    static let host = try! DNSName(["k7m2q9xw4d1c8hbt", "local"])

    static let everyType = DNSMessage(
        id: 0x1234, flags: DNSMessage.responseFlags,
        questions: [DNSQuestion(name: service, type: .ptr, unicastResponse: true)],
        answers: [
            DNSRecord(name: service, ttl: 4500, data: .ptr(instance)),
            DNSRecord(name: instance, ttl: 120, data: .srv(priority: 1, weight: 2, port: 47000, target: host), cacheFlush: true),
            DNSRecord(name: instance, ttl: 4500, data: .txt([Array("v=1".utf8), Array("n=Ada".utf8), []]), cacheFlush: true),
        ],
        authorities: [DNSRecord(name: host, ttl: 120, data: .aaaa(Array(0..<16)))],
        additionals: [
            DNSRecord(name: host, ttl: 120, data: .a(IPv4Address(10, 213, 0, 1)), cacheFlush: true),
            DNSRecord(name: instance, ttl: 120, data: .nsec(next: instance, types: [.txt, .srv]), cacheFlush: true),
            DNSRecord(name: host, ttl: 120, data: .nsec(next: host, types: [.a, .aaaa, DNSRecordType(rawValue: 0x0101)])),
            DNSRecord(name: host, ttl: 7, data: .other(type: DNSRecordType(rawValue: 99), bytes: [1, 2, 3])),
        ])

    @Test func everyRecordTypeRoundTrips() throws {
        let bytes = try Self.everyType.encoded()
        let decoded = try DNSMessage(decoding: bytes)
        #expect(decoded == Self.everyType)
        #expect(try decoded.encoded() == bytes)
        #expect(decoded.questions[0].unicastResponse)
        #expect(decoded.answers[1].cacheFlush && !decoded.answers[0].cacheFlush)
    }

    @Test func namesCompareWithoutASCIICase() throws {
        #expect(try DNSName(dotted: "_HANDSHAKE._Tcp.LOCAL") == Self.service)
        #expect(try DNSName(dotted: "_HANDSHAKE._Tcp.LOCAL").hashValue == Self.service.hashValue)
        #expect(try DNSName(["Ä"]) != DNSName(["ä"]))  // only ASCII folds
    }

    @Test func anInstanceLabelMayHoldDots() throws {
        let name = try Self.service.prepending("Ada's phone v2.0")
        let decoded = try DNSMessage(decoding: DNSMessage(flags: 0, questions: [DNSQuestion(name: name, type: .srv)]).encoded())
        #expect(decoded.questions[0].name.labels.count == 4)
        #expect(decoded.questions[0].name.firstLabel == "Ada's phone v2.0")
    }

    /// RFC 1035 §4.1.4: a name may end in a pointer to an earlier name, and pointers may chain.
    @Test func readsCompressedNames() throws {
        var bytes: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 2, 0, 0, 0, 0]
        bytes.appendName(Self.service)  // at 12
        bytes += [0, 12, 0, 1, 0, 0, 0x11, 0x94]
        let rdata: [UInt8] = [16] + Array("k7m2q9xw4d1c8hbt".utf8) + [0xC0, 12]
        bytes += [0, UInt8(rdata.count)] + rdata
        let instanceAt = bytes.count - rdata.count
        bytes += [0xC0, UInt8(instanceAt), 0, 16, 0x80, 1, 0, 0, 0x11, 0x94, 0, 4, 3] + Array("v=1".utf8)
        let message = try DNSMessage(decoding: bytes)
        #expect(message.answers[0].data == .ptr(Self.instance))
        #expect(message.answers[1].name == Self.instance)
        #expect(message.answers[1].data == .txt([Array("v=1".utf8)]))
        #expect(message.answers[1].cacheFlush)
    }

    // MARK: Malformed input: each case a typed error.

    static func header(questions: UInt16 = 0, answers: UInt16 = 0) -> [UInt8] {
        [0, 0, 0x84, 0, UInt8(questions >> 8), UInt8(questions & 0xFF), UInt8(answers >> 8), UInt8(answers & 0xFF), 0, 0, 0, 0]
    }

    func expectError(_ bytes: [UInt8], _ expected: DNSMessageError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try DNSMessage(decoding: bytes) }
    }

    @Test func refusesTooLargeMessages() {
        expectError([UInt8](repeating: 0, count: 9001), .messageTooLarge(size: 9001))
    }

    @Test func refusesShortHeaders() {
        expectError([0, 0, 0x84], .truncated(offset: 3, field: "header"))
    }

    @Test func refusesCountsTheBytesCannotHold() {
        expectError(Self.header(answers: 40), .truncated(offset: 12, field: "sections"))
        expectError([0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0], .tooManyEntries(count: 131_070))
    }

    @Test func refusesAPointerToItself() {
        expectError(Self.header(questions: 1) + [0xC0, 12, 0, 12, 0, 1], .compressionPointerNotBackward(offset: 12, target: 12))
    }

    @Test func refusesAPointerForward() {
        expectError(Self.header(questions: 1) + [0xC0, 14, 0, 0, 12, 0, 1], .compressionPointerNotBackward(offset: 12, target: 14))
    }

    @Test func refusesAPointerLoop() {
        // Question 1 is "a" + pointer to 14 (the pointer that follows "a" in question 2's name? no: itself).
        // Two names pointing at each other: the second pointer is not below where the walk already went.
        var bytes = Self.header(questions: 2)
        bytes += [1, 0x61, 0xC0, 18, 0, 12, 0, 1]  // at 12: "a" then pointer to 18 (forward)
        bytes += [1, 0x62, 0xC0, 12, 0, 12, 0, 1]  // at 18: "b" then pointer back to 12
        expectError(bytes, .compressionPointerNotBackward(offset: 14, target: 18))
    }

    @Test func refusesAPointerPastTheEnd() {
        expectError(Self.header(questions: 1) + [0xC0, 0, 0, 0, 0], .truncated(offset: 17, field: "question class"))
        expectError(Self.header(answers: 1) + [0, 0, 12, 0, 1, 0, 0, 0, 1, 0, 2, 0xC0], .truncated(offset: 24, field: "PTR record data"))
    }

    @Test func refusesReservedLabelTypes() {
        expectError(Self.header(questions: 1) + [0x41, 0, 0, 12, 0, 1], .unsupportedLabelType(byte: 0x41, offset: 12))
        expectError(Self.header(questions: 1) + [0x80, 0, 0, 12, 0, 1], .unsupportedLabelType(byte: 0x80, offset: 12))
    }

    @Test func refusesNamesOver255Bytes() {
        var bytes = Self.header(questions: 1)
        for _ in 0..<5 { bytes += [63] + [UInt8](repeating: 0x61, count: 63) }
        bytes += [0, 0, 12, 0, 1]
        expectError(bytes, .nameTooLong)
    }

    @Test func refusesALabelRunningPastTheEnd() {
        expectError(Self.header(questions: 1) + [9, 0x61, 0x62, 0, 0, 0], .truncated(offset: 18, field: "name"))
    }

    static func record(type: UInt16, rdata: [UInt8], declared: Int? = nil) -> [UInt8] {
        let length = declared ?? rdata.count
        return header(answers: 1) + [0, UInt8(type >> 8), UInt8(type & 0xFF), 0, 1, 0, 0, 0, 120, UInt8(length >> 8), UInt8(length & 0xFF)] + rdata
    }

    @Test func refusesRecordDataLongerThanTheMessage() {
        expectError(Self.record(type: 1, rdata: [1, 2, 3, 4], declared: 8), .truncated(offset: 27, field: "A record data"))
    }

    @Test func refusesAddressesOfTheWrongSize() {
        expectError(Self.record(type: 1, rdata: [1, 2, 3]), .addressLength(type: .a, length: 3))
        expectError(Self.record(type: 28, rdata: [UInt8](repeating: 0, count: 4)), .addressLength(type: .aaaa, length: 4))
    }

    @Test func refusesRecordDataThatDoesNotFillItsLength() {
        // A PTR whose name ends before the declared length.
        expectError(Self.record(type: 12, rdata: [1, 0x61, 0, 0xFF]), .recordDataLengthMismatch(type: .ptr, declared: 4, used: 3))
    }

    @Test func refusesFieldsThatBorrowTheNextRecord() {
        // An SRV whose declared length stops inside its port: the port may not be read from the bytes after.
        expectError(Self.record(type: 33, rdata: [0, 0, 0, 0, 0x12], declared: 5), .truncated(offset: 28, field: "SRV port"))
        // A TXT string longer than what is left of the record.
        expectError(Self.record(type: 16, rdata: [5, 0x61]), .truncated(offset: 25, field: "TXT string"))
    }

    @Test func refusesMalformedTypeBitmaps() {
        expectError(Self.record(type: 47, rdata: [0, 0, 0]), .malformedTypeBitmap(offset: 24))  // length 0
        expectError(Self.record(type: 47, rdata: [0, 0, 33] + [UInt8](repeating: 0, count: 33)), .malformedTypeBitmap(offset: 24))
        expectError(Self.record(type: 47, rdata: [0, 1, 1, 0x40, 0, 1, 0x40]), .malformedTypeBitmap(offset: 27))  // window repeated
    }

    @Test func refusesTrailingBytes() {
        expectError(Self.header() + [0, 0], .trailingBytes(count: 2))
    }

    @Test func refusesWritingOverlongTXTStrings() {
        let record = DNSRecord(name: Self.instance, ttl: 1, data: .txt([[UInt8](repeating: 0x61, count: 256)]))
        #expect(throws: DNSMessageError.textStringTooLong(length: 256)) {
            try DNSMessage(flags: 0, answers: [record]).encoded()
        }
    }

    @Test func refusesOverlongLabelsWhenNamesAreMade() {
        #expect(throws: DNSMessageError.labelTooLong(length: 64)) { try DNSName([String(repeating: "a", count: 64)]) }
        #expect(throws: DNSMessageError.emptyLabel) { try DNSName(labels: [[0x61], []]) }
    }

    @Test func everyErrorHasASentence() {
        let errors: [DNSMessageError] = [
            .messageTooLarge(size: 9001), .truncated(offset: 3, field: "header"), .labelTooLong(length: 64), .emptyLabel,
            .nameTooLong, .unsupportedLabelType(byte: 0x41, offset: 12), .compressionPointerNotBackward(offset: 12, target: 12),
            .tooManyCompressionPointers(offset: 12), .tooManyEntries(count: 600),
            .recordDataLengthMismatch(type: .ptr, declared: 4, used: 3), .addressLength(type: .a, length: 3),
            .malformedTypeBitmap(offset: 24), .textStringTooLong(length: 256), .trailingBytes(count: 2),
        ]
        for error in errors {
            #expect(error.description.hasSuffix(".") && error.description.first?.isUppercase == true)
        }
    }

    /// Every prefix and every single-byte change of a real message is either read or refused with a typed
    /// error: no trap, no hang.
    @Test func truncationsAndBitFlipsNeverTrap() throws {
        let bytes = try Self.everyType.encoded()
        for length in 0..<bytes.count { _ = try? DNSMessage(decoding: Array(bytes[0..<length])) }
        for index in bytes.indices {
            for value: UInt8 in [0x00, 0xFF, 0xC0, 0x3F, bytes[index] ^ 0x01] {
                var changed = bytes
                changed[index] = value
                _ = try? DNSMessage(decoding: changed)
            }
        }
    }
}

@Suite("Discovery fuzz corpus and interfaces")
struct DiscoveryCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzDNSMessage")

    /// The seed corpus starts the fuzzer from real messages: each one must decode.
    @Test func theSeedCorpusHoldsValidMessages() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        #expect(files.count >= 4)
        for file in files {
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try DNSMessage(decoding: [UInt8](Data(contentsOf: file))) }
        }
    }

    @Test func interfacesResolveByNameOrSayWhy() throws {
        #expect(try DiscoveryInterface.named("lo").resolveAddress() == IPv4Address(127, 0, 0, 1))
        #expect(throws: NearbyDiscoveryError.noSuchInterface("no-such-if0")) {
            try DiscoveryInterface.named("no-such-if0").resolveAddress()
        }
        #expect(try DiscoveryInterface.address(IPv4Address(10, 213, 0, 1)).resolveAddress() == IPv4Address(10, 213, 0, 1))
        #expect(IPv4Address("10.213.0.1") == IPv4Address(10, 213, 0, 1))
        #expect(IPv4Address("10.213.0") == nil && IPv4Address("10.213.0.256") == nil && IPv4Address("a.b.c.d") == nil)
    }

    @Test func aStoppedAdvertiserCannotStartAgain() async throws {
        let advertiser = try NearbyAdvertiser(port: 1, interface: .address(IPv4Address(127, 0, 0, 1)))
        await advertiser.stop()
        await #expect(throws: NearbyDiscoveryError.alreadyStarted) { try await advertiser.start() }
    }
}
