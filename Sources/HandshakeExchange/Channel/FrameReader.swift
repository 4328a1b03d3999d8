// Cuts the incoming byte stream into frames (u16 big-endian length ‖ body) under a limit the caller sets
// per frame. It establishes that a frame longer than the limit is refused as soon as its two length bytes
// are in, before any of its body is kept, and that any split of the stream reads the same frames. It does
// not look inside bodies.

/// Frame encoding and incremental decoding.
struct FrameReader: Sendable {
    private var header: [UInt8] = []
    private var expected: Int?
    private var body: [UInt8] = []

    /// The frame `u16be(body.count) ‖ body`; the body must be 1…65535 bytes.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        precondition(!body.isEmpty && body.count <= NearbyProtocol.recordFrameLimit, "frame body out of range")
        return [UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    /// Takes from `input` only what the current frame needs and returns its body once complete, or nil once
    /// `input` runs out first. A frame longer than `limit` (or empty) throws as soon as its length is known.
    mutating func next(from input: inout ArraySlice<UInt8>, limit: Int) throws(ChannelError) -> [UInt8]? {
        while expected == nil {
            guard let byte = input.popFirst() else { return nil }
            header.append(byte)
            guard header.count == 2 else { continue }
            let length = Int(header[0]) << 8 | Int(header[1])
            guard length > 0 else { throw .malformedFrame }
            guard length <= limit else { throw .frameTooLarge(length: length, limit: limit) }
            expected = length
            body.reserveCapacity(length)
        }
        guard let expected else { return nil }
        let take = min(expected - body.count, input.count)
        body.append(contentsOf: input.prefix(take))
        input = input.dropFirst(take)
        guard body.count == expected else { return nil }
        let complete = body
        header = []
        body = []
        self.expected = nil
        return complete
    }
}
