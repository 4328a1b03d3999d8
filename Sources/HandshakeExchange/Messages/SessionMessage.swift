@_spi(Wire) import HandshakeCore

/// The messages of a nearby session above the secure channel, and their payloads: deterministic CBOR maps
/// with small integer keys, like the card itself (docs/protocols/nearby.md, "Messages").
///
/// What this establishes: a payload is well-formed and within its bounds. What it does not: whether the
/// card in it is genuine, or whether the message makes sense now — `CardOffer` and `PeerSession`
/// check those.
@_spi(Wire) public enum SessionMessage: Sendable, Equatable {
    /// Asks to exchange cards, with the asker's card bound to this session.
    case request(CardOffer, kind: RequestKind)
    /// `nil` in a one-way exchange: the answerer keeps the card and gives none back.
    case accept(CardOffer?)
    /// The answerer says no; nothing is kept by either side.
    case decline
    /// The asker withdraws the request, or it expired.
    case cancel(CancelReason)
    /// The one short note each side may send after the swap.
    case note(String)
    /// The sender leaves the session.
    case close
    /// The photo the sender's device shows in the list of people nearby: a PNG or JPEG of at most
    /// ``photoBytes`` bytes, as unverified as the name its advertisement shows.
    case photo(Avatar)
    /// A common-friends message; its payload is read by the common-friends exchange, not here.
    case commonFriends(MessageType, [UInt8])
    /// After the swap: the date of each common friend's card the sender holds (docs/protocols/nearby.md §6a).
    case cardVersions([CardVersion])
    /// After the swap: a common friend's signed card, newer than the other side holds; checked by the receiver.
    case carriedCard([UInt8])
    /// After the swap: the sender carried every newer card it will.
    case carryEnd

    enum Key {
        static let kind = 1
        static let card = 2
        static let binding = 3
        static let reason = 1
        static let text = 1
        static let image = 1
        static let versions = 1
        static let carried = 1
    }

    /// The largest photo a device sends in the list of people nearby: 8 KiB, a thumbnail (64 to 128 pixels a
    /// side as JPEG), so that sixteen sessions in a list carry at most 128 KiB of photos.
    public static let photoBytes = 8 * 1024

    /// The largest payload of each type, checked before a payload is decoded.
    static func limit(_ type: MessageType) -> Int {
        switch type {
        case .request, .accept: return CardLimits.signedCardBytes + 128
        case .note: return 4 * 1024
        case .photo: return photoBytes + 64
        case .decline, .cancel, .close, .carryEnd: return 64
        case .cardVersions: return 16 + CardVersion.bytes * CardVersion.most
        case .carriedCard: return CardLimits.signedCardBytes + 64
        case .commonFriendsSet, .commonFriendsReply: return 2 + 32 * 4096
        }
    }

    /// The message's type byte on the wire.
    public var type: MessageType {
        switch self {
        case .request: return .request
        case .accept: return .accept
        case .decline: return .decline
        case .cancel: return .cancel
        case .note: return .note
        case .close: return .close
        case .photo: return .photo
        case .commonFriends(let type, _): return type
        case .cardVersions: return .cardVersions
        case .carriedCard: return .carriedCard
        case .carryEnd: return .carryEnd
        }
    }

    // MARK: Writing

    /// The payload bytes that follow the type byte.
    public var payload: [UInt8] {
        switch self {
        case .request(let offer, let kind):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.kind), .int(Int(kind.rawValue)))] + offer.pairs))
        case .accept(let offer):
            return CBOREncoder.encode(.map(offer?.pairs ?? []))
        case .decline, .close, .carryEnd:
            return CBOREncoder.encode(.map([]))
        case .cancel(let reason):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.reason), .int(Int(reason.rawValue)))]))
        case .note(let text):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.text), .text(text))]))
        case .photo(let image):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.image), .bytes(image.data))]))
        case .commonFriends(_, let payload):
            return payload
        case .cardVersions(let versions):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.versions), .bytes(versions.flatMap(\.bytes)))]))
        case .carriedCard(let card):
            return CBOREncoder.encode(.map([CBORPair(.int(Key.carried), .bytes(card))]))
        }
    }

    // MARK: Reading

    /// Reads a message of `typeByte`. Bounds are checked before any decoding.
    public static func decode(type typeByte: UInt8, payload: [UInt8]) throws(MessageError) -> SessionMessage {
        guard let type = MessageType(rawValue: typeByte) else { throw .unknownType(typeByte) }
        let limit = limit(type)
        guard payload.count <= limit else { throw .tooLarge(type, bytes: payload.count, limit: limit) }
        if type == .commonFriendsSet || type == .commonFriendsReply { return .commonFriends(type, payload) }

        let decoder = CBORDecoder(limits: .init(maxInputSize: limit, maxDepth: 2, maxItemsPerContainer: 8))
        let item: CBOR
        do throws(CBORError) {
            item = try decoder.decode(payload)
        } catch {
            throw .malformed(type, error.description)
        }
        guard case .map(let pairs) = item else { throw .malformed(type, "it is not a map") }
        var fields: [Int: CBOR] = [:]
        for pair in pairs {
            guard let key = pair.key.intValue else { throw .malformed(type, "a key is not a number") }
            fields[key] = pair.value
        }

        switch type {
        case .request:
            guard let kindValue = fields[Key.kind]?.intValue, let kind = RequestKind(rawValue: UInt8(clamping: kindValue)), kindValue >= 0 else {
                throw .malformed(type, "it does not say what kind of request it is")
            }
            return .request(try CardOffer(fields, in: type), kind: kind)
        case .accept:
            return .accept(fields[Key.card] == nil && fields[Key.binding] == nil ? nil : try CardOffer(fields, in: type))
        case .decline:
            return .decline
        case .close:
            return .close
        case .carryEnd:
            return .carryEnd
        case .cardVersions:
            guard case .bytes(let entries)? = fields[Key.versions] else { throw .malformed(type, "it holds no dates") }
            return .cardVersions(try CardVersion.list(entries, in: type))
        case .carriedCard:
            guard case .bytes(let card)? = fields[Key.carried], !card.isEmpty else { throw .malformed(type, "it holds no card") }
            return .carriedCard(card)
        case .cancel:
            guard let value = fields[Key.reason]?.intValue, value >= 0, let reason = CancelReason(rawValue: UInt8(clamping: value)) else {
                throw .malformed(type, "it gives no reason this version knows")
            }
            return .cancel(reason)
        case .note:
            guard case .text(let text)? = fields[Key.text] else { throw .malformed(type, "it holds no text") }
            return .note(text)
        case .photo:
            guard case .bytes(let image)? = fields[Key.image] else { throw .malformed(type, "it holds no image") }
            guard image.count <= photoBytes else { throw .malformed(type, "its image is \(image.count) bytes, over \(photoBytes)") }
            do throws(CardFieldError) {
                return .photo(try Avatar(data: image))
            } catch {
                throw .malformed(type, "its image is not a PNG or JPEG")
            }
        case .commonFriendsSet, .commonFriendsReply:
            return .commonFriends(type, payload)
        }
    }
}

/// What a request asks for.
public enum RequestKind: UInt8, Sendable, Equatable {
    /// Both cards: the requester's comes with the request, the answerer's with the acceptance.
    case exchange = 0
    /// One way: the requester gives its card and asks for none back (Freepath's one-way sharing).
    case give = 1
}

/// Why a request was taken back.
@_spi(Wire) public enum CancelReason: UInt8, Sendable, Equatable {
    /// The requester's person cancelled.
    case cancelled = 0
    /// Nobody answered within the request time (60 s).
    case noAnswer = 1
}
