// The two PAKE frames on the wire, in the channel's framing (u16be length ‖ type ‖ content): reading them
// from a byte stream split any way, with the length bounded before the body is kept, and writing them.
// It establishes that a frame is whole and well-formed; whether its values are acceptable is the state
// machine's business. Bytes after the frame are handed back untouched: they belong to the secure channel.

/// CPace message A: version (1 byte) ‖ sid (16) ‖ Ya (32).
struct CPaceMessageA: Equatable {
    static let contentLength = 1 + 16 + 32
    let version: UInt8
    let sid: [UInt8]
    let share: [UInt8]

    var frame: [UInt8] { ShortCodeFrames.frame(.cpaceA, [version] + sid + share) }

    init(version: UInt8 = NearbyProtocol.version, sid: [UInt8], share: [UInt8]) {
        self.version = version
        self.sid = sid
        self.share = share
    }

    init(content: [UInt8]) throws(ShortCodeError) {
        guard let version = content.first else { throw .malformedMessage("message A is empty") }
        guard version == NearbyProtocol.version else { throw .unsupportedVersion(version) }
        guard content.count == Self.contentLength else {
            throw .malformedMessage("message A has \(content.count) bytes, not \(Self.contentLength)")
        }
        self.init(version: version, sid: Array(content[1..<17]), share: Array(content[17..<49]))
    }
}

/// CPace message B: Yb (32) ‖ confirmation tag Tb (64).
struct CPaceMessageB: Equatable {
    static let contentLength = 32 + 64
    let share: [UInt8]
    let tag: [UInt8]

    var frame: [UInt8] { ShortCodeFrames.frame(.cpaceB, share + tag) }

    init(share: [UInt8], tag: [UInt8]) {
        self.share = share
        self.tag = tag
    }

    init(content: [UInt8]) throws(ShortCodeError) {
        guard content.count == Self.contentLength else {
            throw .malformedMessage("message B has \(content.count) bytes, not \(Self.contentLength)")
        }
        self.init(share: Array(content[0..<32]), tag: Array(content[32..<96]))
    }
}

enum ShortCodeFrames {
    static func frame(_ type: ShortCodeFrameType, _ content: [UInt8]) -> [UInt8] {
        let length = content.count + 1
        return [UInt8(length >> 8), UInt8(length & 0xFF), type.rawValue] + content
    }

    /// Takes one frame off the front of `buffer`: nil while it is incomplete, else its type, content and the
    /// bytes after it. The length is checked as soon as its two bytes are in.
    static func next(from buffer: [UInt8], expecting type: ShortCodeFrameType) throws(ShortCodeError)
        -> (content: [UInt8], remainder: [UInt8])?
    {
        guard buffer.count >= 2 else { return nil }
        let length = Int(buffer[0]) << 8 | Int(buffer[1])
        guard length >= 1 else { throw .malformedMessage("a frame of length 0") }
        guard length <= NearbyProtocol.shortCodeFrameLimit else {
            throw .malformedMessage("a frame of \(length) bytes, over the limit of \(NearbyProtocol.shortCodeFrameLimit)")
        }
        if buffer.count >= 3, buffer[2] != type.rawValue { throw .unexpectedMessage(type: buffer[2]) }
        guard buffer.count >= 2 + length else { return nil }
        return (Array(buffer[3..<(2 + length)]), Array(buffer[(2 + length)...]))
    }
}
