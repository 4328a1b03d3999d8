/// Server-sent events (`text/event-stream`, the WHATWG HTML standard's "Server-sent events") read from
/// bytes as they arrive, without I/O: feed what came, take the messages it completed.
///
/// Only what the mailbox sends is kept: `id:`, `event:` and `data:` (several `data:` lines joined by a line
/// feed); comments (keep-alives) and `retry:` are skipped, as are fields this version does not know. A line
/// longer than ``maxLineBytes`` is refused: the stream is then not the mailbox's. Public only to the fuzz
/// targets (`@_spi(Wire)`).
@_spi(Wire) public struct ServerSentEventParser: Sendable {
    /// One message: the fields of the lines before a blank line.
    public struct Message: Sendable, Equatable {
        /// The `id:` field, if the message had one.
        public var id: String?
        /// The `event:` field, if the message had one.
        public var event: String?
        /// The `data:` lines, joined by line feeds.
        public var data: String
    }

    /// Why the bytes are not a stream this parser reads.
    public enum ParseError: Error, Sendable, Equatable {
        /// A line longer than the limit.
        case lineTooLong
    }

    /// The longest line read.
    public static let maxLineBytes = 64 * 1024

    private var buffer: [UInt8] = []
    private var current = Message(data: "")
    private var hasData = false
    /// Bytes already looked at for a line end, so a long line arriving in pieces is scanned once.
    private var scanned = 0

    /// A parser at the start of a stream.
    public init() {}

    /// Takes the next bytes of the stream; returns the messages they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(ParseError) -> [Message] {
        buffer.append(contentsOf: bytes)
        var messages: [Message] = []
        var start = 0
        var index = scanned
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\n") {
                if let message = take(buffer[start..<index]) { messages.append(message) }
                start = index + 1
            } else if byte == UInt8(ascii: "\r") {
                // CR LF is one line end: a CR that is the last byte so far waits for the next one.
                if index + 1 == buffer.count { break }
                if let message = take(buffer[start..<index]) { messages.append(message) }
                if buffer[index + 1] == UInt8(ascii: "\n") { index += 1 }
                start = index + 1
            }
            index += 1
        }
        buffer.removeFirst(start)
        scanned = index - start
        guard buffer.count <= Self.maxLineBytes else { throw .lineTooLong }
        return messages
    }

    /// One line; a blank line completes the message.
    private mutating func take(_ bytes: ArraySlice<UInt8>) -> Message? {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.isEmpty {
            defer {
                current = Message(data: "")
                hasData = false
            }
            return hasData ? current : nil
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "id": current.id = String(value)
        case "event": current.event = String(value)
        case "data":
            current.data += (hasData ? "\n" : "") + value
            hasData = true
        default: break
        }
        return nil
    }
}
