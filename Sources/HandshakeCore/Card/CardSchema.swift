/// Schema 1: how a ``ContactCard`` is written as a CBOR map with integer keys, and read back.
///
/// Keys 1–5 are required; the optional fields take the keys of the field table (``CardField/cborKey``, 6–15),
/// the owner's server key 16 (``ContactCard/server``), and the key moves key 17 (``ContactCard/moves``). A reader ignores keys it does not
/// know, so a later schema-1 writer can add fields without breaking older readers; the signed bytes are
/// kept verbatim, so such fields survive re-sharing. Empty optional fields are left out, never written
/// empty.
enum CardSchema {
    enum Key {
        static let schema = 1
        static let nodeID = 2
        static let sigKey = 3
        static let encKey = 4
        static let updatedAt = 5
        /// The owner's mailbox server, an origin (``ServerOrigin``): after the field table's keys.
        static let server = 16
        /// The key moves that vouch for the card's key (`KeyMoves`).
        static let moves = 17
    }

    enum LinkKey {
        static let platform = 1
        static let handle = 2
        static let url = 3
    }

    // MARK: Writing

    static func encode(_ card: ContactCard) -> [UInt8] {
        var pairs: [CBORPair] = [
            CBORPair(.int(Key.schema), .int(ContactCard.schema)),
            CBORPair(.int(Key.nodeID), .text(card.nodeID.rawValue)),
            CBORPair(.int(Key.sigKey), .bytes(card.sigKey.rawRepresentation)),
            CBORPair(.int(Key.encKey), .bytes(card.encKey.rawRepresentation)),
            CBORPair(.int(Key.updatedAt), .unsigned(card.updatedAt)),
        ]
        for field in CardField.allCases {
            let value: CBOR
            switch card.fields[field] {
            case nil: continue
            case .text(let text): value = .text(text)
            case .list(let entries): value = .array(entries.map(CBOR.text))
            case .links(let links): value = .array(links.map(encodeLink))
            case .image(let avatar): value = .bytes(avatar.data)
            }
            pairs.append(CBORPair(.int(field.cborKey), value))
        }
        if let server = card.server { pairs.append(CBORPair(.int(Key.server), .text(server.origin))) }
        if !card.moves.isEmpty { pairs.append(CBORPair(.int(Key.moves), .array(card.moves.map(\.cbor)))) }
        return CBOREncoder.encode(.map(pairs))
    }

    static func encodeLink(_ link: SocialLink) -> CBOR {
        var pairs = [CBORPair(.int(LinkKey.platform), .text(link.platform))]
        if let handle = link.handle { pairs.append(CBORPair(.int(LinkKey.handle), .text(handle))) }
        if let url = link.url { pairs.append(CBORPair(.int(LinkKey.url), .text(url))) }
        return .map(pairs)
    }

    // MARK: Reading

    /// The key a schema-1 payload says signed it, found without reading anything else: the signature is checked
    /// before any field is judged, so a card changed in transit is told as changed, never as breaking a rule its
    /// owner did not break. Nil when the payload is not a map with schema 1 and a 32-byte key 3; then ``decode(_:)``
    /// says what is wrong with it.
    static func signingKey(in item: CBOR) -> SigningPublicKey? {
        guard case .map(let pairs) = item,
              pairs.contains(where: { $0.key.intValue == Key.schema && $0.value.intValue == ContactCard.schema }),
              let sigKey = pairs.first(where: { $0.key.intValue == Key.sigKey })?.value,
              case .bytes(let bytes) = sigKey, bytes.count == 32
        else { return nil }
        return SigningPublicKey(checked: bytes)
    }

    /// The card in a decoded payload: schema first, then the required fields, then the optional ones.
    /// Field rules (lengths, counts) are checked by the caller through ``CardFields/validate()``.
    static func decode(_ item: CBOR) throws(CardRejection) -> (card: ContactCard, claimedNodeID: String) {
        guard case .map(let pairs) = item else { throw .notACard("its content is not a map of fields") }
        var fields: [Int: CBOR] = [:]
        for pair in pairs {
            guard let key = pair.key.intValue else { throw .notACard("a field key is not an integer") }
            fields[key] = pair.value
        }

        guard let schemaItem = fields[Key.schema] else { throw .missingField("schema number") }
        guard let schema = schemaItem.intValue else { throw .invalidField("schema number", reason: "it is not a number") }
        guard schema == ContactCard.schema else { throw .unsupportedSchema(schema) }

        let claimedNodeID = try text(fields[Key.nodeID], "Node ID", required: true) ?? ""
        let sigKey = try key(fields[Key.sigKey], "signing key (sigKey)")
        let encKey = try key(fields[Key.encKey], "encryption key (encKey)")
        guard case .unsigned(let updatedAt)? = fields[Key.updatedAt] else {
            throw fields[Key.updatedAt] == nil
                ? .missingField("update time (updatedAt)")
                : .invalidField("update time (updatedAt)", reason: "it is not a whole number of milliseconds")
        }

        var card = ContactCard(sigKey: SigningPublicKey(checked: sigKey), encKey: EncryptionPublicKey(checked: encKey), updatedAt: updatedAt)
        for field in CardField.allCases {
            guard let item = fields[field.cborKey] else { continue }
            switch field.kind {
            case .text: card.fields[field] = try text(item, field.noun).map(CardFieldValue.text)
            case .list: card.fields[field] = .list(try textList(item, field.noun))
            case .links: card.fields[field] = .links(try links(item))
            case .image:
                guard case .bytes(let data) = item else { throw .invalidField(field.noun, reason: "it is not image data") }
                do {
                    card.fields[field] = .image(try Avatar(data: data))
                } catch {
                    throw .fieldRule(error)
                }
            }
        }
        if let item = fields[Key.server] {
            guard case .text(let origin) = item, let server = ServerOrigin(origin), server.origin == origin else {
                throw .invalidField("server", reason: "it is not a server's origin written as https://host[:port] (or http://), with nothing after")
            }
            card.server = server
        }
        if let item = fields[Key.moves] { card.moves = try KeyMoves.decode(item, endingAt: card.sigKey) }
        return (card, claimedNodeID)
    }

    static func text(_ item: CBOR?, _ name: String, required: Bool = false) throws(CardRejection) -> String? {
        guard let item else {
            if required { throw .missingField(name) }
            return nil
        }
        guard case .text(let value) = item else { throw .invalidField(name, reason: "it is not text") }
        return value
    }

    static func key(_ item: CBOR?, _ name: String) throws(CardRejection) -> [UInt8] {
        guard let item else { throw .missingField(name) }
        guard case .bytes(let value) = item, value.count == 32 else {
            throw .invalidField(name, reason: "it is not a 32-byte key")
        }
        return value
    }

    static func textList(_ item: CBOR?, _ name: String) throws(CardRejection) -> [String] {
        guard let item else { return [] }
        guard case .array(let items) = item else { throw .invalidField(name, reason: "it is not a list") }
        var values: [String] = []
        for entry in items {
            guard case .text(let value) = entry else { throw .invalidField(name, reason: "an entry is not text") }
            values.append(value)
        }
        return values
    }

    static func links(_ item: CBOR?) throws(CardRejection) -> [SocialLink] {
        guard let item else { return [] }
        guard case .array(let items) = item else { throw .invalidField("links", reason: "they are not a list") }
        var links: [SocialLink] = []
        for entry in items {
            guard case .map(let pairs) = entry else { throw .invalidField("links", reason: "an entry is not a map") }
            var parts: [Int: String] = [:]
            for pair in pairs {
                guard let key = pair.key.intValue, case .text(let value) = pair.value else {
                    throw .invalidField("links", reason: "an entry holds something other than text")
                }
                parts[key] = value
            }
            guard let platform = parts[LinkKey.platform] else {
                throw .invalidField("links", reason: "an entry has no platform")
            }
            links.append(SocialLink(platform: platform, handle: parts[LinkKey.handle], url: parts[LinkKey.url]))
        }
        return links
    }
}
