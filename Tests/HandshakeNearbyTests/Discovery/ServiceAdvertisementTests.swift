@_spi(Wire) import HandshakeExchange
import Testing

@_spi(Wire) @testable import HandshakeNearby

@Suite("What the advertiser sends")
struct ServiceAdvertisementTests {
    static let id = NearbyInstanceID("k7m2q9xw4d1c8hbt")!
    static let address = IPv4Address(10, 213, 0, 1)

    static func advertisement(name: String? = "Ada") throws -> ServiceAdvertisement {
        try ServiceAdvertisement(instance: id, port: 47000, displayName: name, addresses: [address])
    }

    static func query(_ name: DNSName, _ type: DNSRecordType, known: [DNSRecord] = []) -> DNSMessage {
        DNSMessage(flags: DNSMessage.queryFlags, questions: [DNSQuestion(name: name, type: type)], answers: known)
    }

    @Test func theAnnouncementCarriesPointerServiceTextAndAddress() throws {
        let advertisement = try Self.advertisement()
        let message = advertisement.announcement()
        #expect(message.isResponse && message.flags == 0x8400 && message.id == 0 && message.questions.isEmpty)
        #expect(message.answers.map(\.type) == [.ptr, .srv, .txt, .a])
        #expect(message.answers[0].name.description == "_handshake._tcp.local" && !message.answers[0].cacheFlush)
        #expect(message.answers[0].data == .ptr(advertisement.instanceName))
        #expect(message.answers[1].data == .srv(priority: 0, weight: 0, port: 47000, target: advertisement.hostName))
        #expect(message.answers[2].data == .txt([Array("v=1".utf8), Array("n=Ada".utf8)]))
        #expect(message.answers[3].data == .a(Self.address))
        #expect(message.answers.dropFirst().allSatisfy { $0.cacheFlush })
        #expect(message.answers.map(\.ttl) == [4500, 120, 4500, 120])
    }

    @Test func noNameNoNameKey() throws {
        let message = try Self.advertisement(name: nil).announcement()
        #expect(message.answers[2].data == .txt([Array("v=\(NearbyProtocol.version)".utf8)]))
    }

    @Test func aTokenOrCodeRendezvousIsAdvertisedAfterTheName() throws {
        let token = try SessionToken.issue(at: .now)
        let withToken = try ServiceAdvertisement(
            instance: Self.id, port: 47000, displayName: nil, rendezvous: NearbyRendezvous(token), addresses: [Self.address])
        #expect(withToken.textStrings == [Array("v=1".utf8), Array("t=\(token.rendezvousText)".utf8)])
        let code = ShortCode.random()
        let withCode = try ServiceAdvertisement(
            instance: Self.id, port: 47000, displayName: "Ada", rendezvous: NearbyRendezvous(code), addresses: [Self.address])
        #expect(withCode.textStrings == [Array("v=1".utf8), Array("n=Ada".utf8), Array("c=\(code.rendezvous)".utf8)])
        // Neither carries the secret or the password part.
        #expect(!withCode.textStrings.contains { String(decoding: $0, as: UTF8.self).contains(code.displayText().suffix(9)) })
    }

    @Test func theHostNameIsTheSessionIdentifierNotTheMachine() throws {
        #expect(try Self.advertisement().hostName.description == "k7m2q9xw4d1c8hbt.local")
    }

    @Test func goodbyesHaveTTLZero() throws {
        let advertisement = try Self.advertisement()
        let goodbye = advertisement.goodbye()
        #expect(goodbye.answers.count == 4 && goodbye.answers.allSatisfy { $0.ttl == 0 })
        #expect(goodbye.answers.map(\.data) == advertisement.announcement().answers.map(\.data))
    }

    @Test func aBrowseIsAnsweredWithThePointerAndEverythingToResolveIt() throws {
        let advertisement = try Self.advertisement()
        let response = try #require(advertisement.response(to: Self.query(advertisement.serviceType, .ptr)))
        #expect(response.answers.map(\.type) == [.ptr])
        #expect(response.additionals.map(\.type) == [.srv, .txt, .a])
    }

    @Test func aKnownAnswerWithHalfItsLifeLeftIsNotRepeated() throws {
        let advertisement = try Self.advertisement()
        let fresh = advertisement.pointerRecord(ttl: 3000)
        #expect(advertisement.response(to: Self.query(advertisement.serviceType, .ptr, known: [fresh])) == nil)
        let old = advertisement.pointerRecord(ttl: 1000)
        #expect(advertisement.response(to: Self.query(advertisement.serviceType, .ptr, known: [old])) != nil)
    }

    @Test func resolveQueriesAreAnswered() throws {
        let advertisement = try Self.advertisement()
        let srv = try #require(advertisement.response(to: Self.query(advertisement.instanceName, .srv)))
        #expect(srv.answers.map(\.type) == [.srv] && srv.additionals.map(\.type) == [.a])
        let txt = try #require(advertisement.response(to: Self.query(advertisement.instanceName, .txt)))
        #expect(txt.answers.map(\.type) == [.txt])
        let any = try #require(advertisement.response(to: Self.query(advertisement.instanceName, .any)))
        #expect(any.answers.map(\.type) == [.srv, .txt])
        let host = try #require(advertisement.response(to: Self.query(advertisement.hostName, .a)))
        #expect(host.answers.map(\.data) == [.a(Self.address)])
        let types = try #require(advertisement.response(to: Self.query(ServiceAdvertisement.enumerationName, .ptr)))
        #expect(types.answers.map(\.data) == [.ptr(advertisement.serviceType)])
    }

    @Test func eachRecordIsMulticastAtMostOnceASecond() throws {
        let advertisement = try Self.advertisement()
        var limit = MulticastRateLimit()
        let browse = try #require(advertisement.response(to: Self.query(advertisement.serviceType, .ptr)))
        limit.sent(advertisement.announcement(), at: .seconds(10))
        // Right after the announcement, a browse gets nothing: every record just went out.
        #expect(limit.filter(browse, at: .milliseconds(10_500)) == nil)
        // A second later it is answered once; a flood of the same query in that second is not.
        #expect(limit.filter(browse, at: .seconds(11)) == browse)
        for millisecond in stride(from: 11_001, to: 12_000, by: 7) {
            #expect(limit.filter(browse, at: .milliseconds(Int64(millisecond))) == nil)
        }
        // A question for a record not sent lately still gets that record alone.
        var partial = MulticastRateLimit()
        partial.sent(DNSMessage(flags: DNSMessage.responseFlags, answers: [advertisement.pointerRecord()]), at: .zero)
        let kept = partial.filter(browse, at: .milliseconds(100))
        #expect(kept == nil)  // the pointer, the only answer, went out 100 ms ago
        let srv = try #require(advertisement.response(to: Self.query(advertisement.instanceName, .srv)))
        #expect(partial.filter(srv, at: .milliseconds(200)) == srv)
    }

    @Test func otherQuestionsAndResponsesGetNoAnswer() throws {
        let advertisement = try Self.advertisement()
        #expect(advertisement.response(to: Self.query(try DNSName(dotted: "_http._tcp.local"), .ptr)) == nil)
        #expect(advertisement.response(to: advertisement.announcement()) == nil)
        #expect(advertisement.response(to: Self.query(advertisement.instanceName, .a)) == nil)
    }

    @Test func displayNamesAreBounded() {
        #expect(throws: NearbyDiscoveryError.displayNameTooLong(65)) {
            try NearbyAdvertiser(port: 1, displayName: String(repeating: "a", count: 65))
        }
        #expect(throws: NearbyDiscoveryError.displayNameTooLong(0)) { try NearbyAdvertiser(port: 1, displayName: "") }
        #expect(throws: Never.self) { try NearbyAdvertiser(port: 1, displayName: String(repeating: "é", count: 64)) }
    }

    @Test func instanceIdentifiersAreNewEachTimeAndWellFormed() {
        let ids = (0..<200).map { _ in NearbyInstanceID.random() }
        #expect(Set(ids).count == 200)
        #expect(ids.allSatisfy { NearbyInstanceID($0.text) == $0 && $0.text.count == 16 })
        #expect(NearbyInstanceID("K7M2Q9XW4D1C8HBT") == nil)  // upper case is not what random() makes
        #expect(NearbyInstanceID("k7m2q9xw4d1c8hbu") == nil)  // u is not in the alphabet
        #expect(NearbyInstanceID("k7m2") == nil)
    }
}
