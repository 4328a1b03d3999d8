// The header timeout's rule on an injected clock (NIO's EmbeddedChannel, whose event loop runs only when
// the test advances it): the clock runs while a connection owes the app a request head and stops while a
// request is being answered, however long that takes (an event stream is a long answer).
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import HandshakeWebApp

struct HeaderTimeLimitTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(HeaderTimeLimit(limit: .seconds(10)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "127.45.3.9:7430", path: "/contacts"))

    @Test func aConnectionThatSendsNoHeadIsClosedAtTheLimit() throws {
        let channel = try Self.channel()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive, "closed before the limit")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive, "a connection that said nothing for the whole limit stays open")
    }

    @Test func aRequestBeingAnsweredIsNeverCutAndTheClockRestartsAfterIt() throws {
        let channel = try Self.channel()
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(channel.isActive, "a request still being answered was cut")

        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive, "the clock for the next head started before the answer ended")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive, "an idle kept-alive connection stays open")
    }

    @Test func pipelinedRequestsKeepTheClockStoppedUntilTheLastIsAnswered() throws {
        let channel = try Self.channel()
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive, "the second request, still being answered, was cut")
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(!channel.isActive)
    }
}
