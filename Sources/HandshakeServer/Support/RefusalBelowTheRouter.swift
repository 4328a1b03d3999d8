import HandshakeMailbox
import NIOCore
import HTTPTypes
import NIOHTTPTypes

extension ChannelHandlerContext {
    /// Answers with `refusal` as a whole response (`Connection: close`, the JSON error body) and closes
    /// the connection once it is written: how the pipeline's own handlers (a request over its time limit,
    /// one that cannot be decoded) refuse, below the router and its error middleware.
    func refuseAndClose(_ refusal: MailboxError) {
        var headers = refusal.headers
        headers[.connection] = "close"
        let body = refusal.jsonBody
        headers[.contentLength] = String(body.count)
        write(NIOAny(HTTPResponsePart.head(HTTPResponse(status: refusal.status, headerFields: headers))), promise: nil)
        write(NIOAny(HTTPResponsePart.body(channel.allocator.buffer(bytes: body))), promise: nil)
        writeAndFlush(NIOAny(HTTPResponsePart.end(nil))).assumeIsolated().whenComplete { _ in self.close(promise: nil) }
    }
}
