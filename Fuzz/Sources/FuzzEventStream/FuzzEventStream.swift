// The mailbox client's readers of what a server sends: the server-sent event stream, split anywhere (its
// messages read as account events and as card changes), and
// refusal bodies read back into their `MailboxError` cases; and of what a person pastes: share links, read by
// the one grammar (ShareLink, and the strict host reader under it). Invariants: a stream fed in two pieces
// gives the same messages (or the same refusal) as fed whole; a share link written out reads back as the
// same link; nothing read ever traps.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeMailbox

/// The Node IDs a card change may be about: the worked example's (docs/formats/card.md), which a corpus entry names.
private let followed: Set<NodeID> = NodeID("EjbrT2YEUDMa3S3MVpAdrU").map { [$0] } ?? []

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
    guard let first = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    let split = rest.isEmpty ? 0 : Int(first) % (rest.count + 1)

    var whole = ServerSentEventParser()
    let all = Result { () throws(ServerSentEventParser.ParseError) in try whole.feed(rest) }
    var pieces = ServerSentEventParser()
    let inTwo = Result { () throws(ServerSentEventParser.ParseError) in try pieces.feed(rest[..<split]) + pieces.feed(rest[split...]) }
    switch (all, inTwo) {
    case (.success(let a), .success(let b)):
        if a != b { fatalError("split at \(split) changed the messages") }
        for message in a {
            _ = MailboxClientError.decodeEvent(message.data)
            // A card change is kept only about a card followed, with a tag shaped as one.
            if let change = MailboxClientError.decodeCardChange(message.data, followed: followed) {
                if !followed.contains(change.nodeID) || change.entityTag.unicodeScalars.count != 45 { fatalError("\(change) was kept") }
            }
        }
    case (.failure, .failure): break
    default: fatalError("split at \(split) changed whether the stream is refused")
    }
    _ = MailboxClientError.decodeRefusal(Data(rest), status: 400 + Int(first) % 200)
    if let text = String(validating: rest, as: UTF8.self) {
        _ = ShareLink.looksLikeShareLink(text)
        if let link = ShareLink(parsing: text) {
            if ShareLink(parsing: link.description) != link { fatalError("\(link) does not read back as itself") }
            _ = link.resolution(registered: URL(string: "https://mailbox.example"))
        }
    }
    return 0
}
