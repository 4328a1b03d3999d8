import Testing

@_spi(Wire) @testable import HandshakeMailbox

/// The event-stream reader against the WHATWG format, fed in every split a network can make.
struct ServerSentEventParserTests {
    static let stream = Array(
        "retry: 3000\n\n: keep-alive\n\nid: 1\nevent: badge\ndata: {\"a\":1}\n\nid: 2\r\nevent: friendRequestReceived\r\ndata: one\r\ndata: two\r\n\r\ndata:x\rdata\r\r\n".utf8)

    static let expected: [ServerSentEventParser.Message] = [
        .init(id: "1", event: "badge", data: "{\"a\":1}"),
        .init(id: "2", event: "friendRequestReceived", data: "one\ntwo"),
        .init(id: nil, event: nil, data: "x\n"),
    ]

    @Test func readsWholeStream() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Self.stream) == Self.expected)
    }

    @Test func everySplitGivesTheSameMessages() throws {
        for split in 0...Self.stream.count {
            var parser = ServerSentEventParser()
            let messages = try parser.feed(Self.stream[..<split]) + parser.feed(Self.stream[split...])
            #expect(messages == Self.expected, "split at \(split)")
        }
    }

    @Test func oneByteAtATime() throws {
        var parser = ServerSentEventParser()
        var messages: [ServerSentEventParser.Message] = []
        for byte in Self.stream { messages += try parser.feed([byte]) }
        #expect(messages == Self.expected)
    }

    @Test func aLineOverTheLimitIsRefused() throws {
        var parser = ServerSentEventParser()
        _ = try parser.feed(Array("data: ".utf8))
        #expect(throws: ServerSentEventParser.ParseError.lineTooLong) {
            try parser.feed([UInt8](repeating: UInt8(ascii: "a"), count: ServerSentEventParser.maxLineBytes))
        }
    }
}
