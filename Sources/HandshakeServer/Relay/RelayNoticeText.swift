// Establishes how a RelayNotice travels between instances as PostgreSQL notifications, whose payload is
// text under 8,000 bytes: one line of fields separated by spaces, a message's bytes in base64 split over
// as many notifications as it takes. An instance listens on a channel of its own name, so the seat a notice
// is for needs only its number. Notifications from one sender reach a listener in the order their
// transactions committed; each instance sends its notices one at a time, so a message's parts arrive
// together and in order.
//
//     ROOM FROM-INSTANCE FROM-SEAT TO-SEAT paired
//     ROOM FROM-INSTANCE FROM-SEAT TO-SEAT ended REASON        (REASON a RelayRefusal, or `left`)
//     ROOM FROM-INSTANCE FROM-SEAT TO-SEAT part BASE64         (more of the message follows)
//     ROOM FROM-INSTANCE FROM-SEAT TO-SEAT bytes BASE64        (the message's last part)
import Foundation
import NIOCore

enum RelayNoticeText {
    /// The bytes of a message one notification carries: 6,400 characters of base64, with the fields well
    /// under PostgreSQL's 8,000.
    static let partBytes = 4_800

    /// The channel an instance listens on.
    static func channel(of instance: RelayInstanceID) -> String { "handshake_relay_" + instance.text }

    /// `notice` as the payloads of the notifications that carry it, in order.
    static func payloads(_ notice: RelayNotice) -> [String] {
        let head = "\(notice.room) \(notice.from.instance) \(notice.from.number) \(notice.to.number) "
        switch notice.kind {
        case .paired: return [head + "paired"]
        case .ended(let reason): return [head + "ended " + (reason?.rawValue ?? "left")]
        case .bytes(let buffer):
            let bytes = Array(buffer: buffer)
            var parts: [String] = []
            var start = 0
            repeat {
                let end = min(bytes.count, start + partBytes)
                parts.append(head + (end == bytes.count ? "bytes " : "part ") + Data(bytes[start..<end]).base64EncodedString())
                start = end
            } while start < bytes.count
            return parts
        }
    }
}

/// Reads notifications back into notices, joining a message's parts.
struct RelayNoticeReader {
    /// The instance listening: every notice it reads is for one of its seats.
    let instance: RelayInstanceID
    /// The largest message a notice may carry (``RelayLimits/messageBytes``): parts past it are dropped.
    let messageBytes: Int
    private var parts: [String: [UInt8]] = [:]
    /// How many messages may be part-read at once: one per relay connection an instance may hold, twice over.
    static let partialMessages = 1_024

    init(instance: RelayInstanceID, messageBytes: Int) {
        self.instance = instance
        self.messageBytes = messageBytes
    }

    /// The notice `payload` completes, or `nil` (a part, or text that is not a notice).
    mutating func read(_ payload: String) -> RelayNotice? {
        let fields = payload.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 5 || fields.count == 6, let room = RelayRoomName(fields[0]), let from = RelayInstanceID(fields[1]),
            let fromNumber = Int(fields[2]), let toNumber = Int(fields[3])
        else { return nil }
        let sender = RelaySeat(instance: from, number: fromNumber), receiver = RelaySeat(instance: instance, number: toNumber)
        let notice = { (kind: RelayNotice.Kind) in RelayNotice(room: room, from: sender, to: receiver, kind: kind) }
        let key = fields[0...3].joined(separator: " ")
        let value = fields.count == 6 ? String(fields[5]) : nil
        switch (fields[4], value) {
        case ("paired", nil): return notice(.paired)
        case ("ended", "left"): return notice(.ended(nil))
        case ("ended", let reason?): return RelayRefusal(rawValue: reason).map { notice(.ended($0)) }
        case ("part", let base64?), ("bytes", let base64?):
            guard let data = Data(base64Encoded: base64) else {
                parts[key] = nil
                return nil
            }
            var message = parts.removeValue(forKey: key) ?? []
            message += data
            guard message.count <= messageBytes else { return nil }
            if fields[4] == "part" {
                // One message on its way per pair of seats; more than a full instance's worth is not ours.
                guard parts.count < Self.partialMessages else { return nil }
                parts[key] = message
                return nil
            }
            return notice(.bytes(ByteBuffer(bytes: message)))
        default: return nil
        }
    }
}
