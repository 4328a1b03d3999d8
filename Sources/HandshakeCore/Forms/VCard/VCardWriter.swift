import Foundation

/// Writes a signed card as a vCard 4.0 (RFC 6350) that address books understand, carrying the signed
/// card itself in `X-HANDSHAKE-CARD` so a Handshake reader can still verify it.
///
/// Each field is written as its row of the field table says (``CardField``): name → `FN`, company → `ORG`,
/// title → `TITLE`, bio → `NOTE`, location → `ADR` (locality), emails → `EMAIL`, phones → `TEL`, links →
/// `X-SOCIALPROFILE` (and `URL`), skills → `EXPERTISE` (RFC 6715), avatar → `PHOTO` as a `data:` URI (last);
/// then `updatedAt` → `REV`, Node ID → `X-HANDSHAKE-NODEID`.
@_spi(Wire) public enum VCardWriter {
    public static func write(_ signed: SignedCard) -> String {
        write(VCardContent(signed))
    }

    /// Writes any contact's fields as a vCard 4.0; a signed card, when given, goes in `X-HANDSHAKE-CARD`.
    public static func write(_ content: VCardContent) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        func add(_ name: String, _ value: String) { lines.append(name + ":" + value) }

        // The photo goes last: it is by far the longest property, and people reading a vCard look for the rest.
        let fields = CardField.allCases.filter { $0.row.vCard != .photo } + CardField.allCases.filter { $0.row.vCard == .photo }
        for field in fields {
            switch (field.row.vCard, content.fields[field]) {
            case (.formattedName, let value):
                // An unverified entry without a name gets an empty FN (a claimed Node ID is not a name).
                let name = value.flatMap(\.texts.first) ?? (content.signedCard != nil ? content.nodeID?.rawValue : nil) ?? ""
                add("FN", VCardProperty.escape(name))
            case (_, nil): continue
            case (.socialProfiles, .links(let links)?):
                for link in links {
                    var name = "X-SOCIALPROFILE;TYPE=" + parameterValue(link.platform)
                    if let handle = link.handle, link.url != nil { name += ";X-USER=" + parameterValue(handle) }
                    add(name, VCardProperty.escape(link.url ?? link.handle ?? ""))
                    if let url = link.url { add("URL", VCardProperty.escape(url)) }
                }
            case (.photo, .image(let avatar)?):
                add("PHOTO", "data:\(avatar.mediaType);base64," + Data(avatar.data).base64EncodedString())
            case (let mapping, let value?):
                for text in value.texts {
                    switch mapping {
                    case .organization: add("ORG", VCardProperty.escape(text))
                    case .address: add("ADR", ";;;" + VCardProperty.escape(text) + ";;;")
                    case .text(let name), .everyText(let name, _): add(name, VCardProperty.escape(text))
                    case .values(_, let written): add(written, VCardProperty.escape(text))
                    case .formattedName, .socialProfiles, .photo: break
                    }
                }
            }
        }
        if let updatedAt = content.updatedAt { add("REV", revision(updatedAt)) }
        if let nodeID = content.nodeID { add("X-HANDSHAKE-NODEID", nodeID.rawValue) }
        if let signedCard = content.signedCard { add("X-HANDSHAKE-CARD", Base64URL.encode(signedCard)) }
        for (name, value) in content.extra { add(name, VCardProperty.escape(value)) }
        lines.append("END:VCARD")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A parameter value, quoted when it holds characters that would end it early (RFC 6350 §3.3);
    /// double quotes cannot appear inside a quoted value, so they are dropped.
    public static func parameterValue(_ value: String) -> String {
        // Line breaks and other controls would end the content line: they are dropped too.
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && !($0.properties.generalCategory == .control) }))
        // By scalar: a `,` followed by a combining mark is one `Character` that is not `,`, yet ends the value.
        return cleaned.unicodeScalars.contains(where: { ",;:".unicodeScalars.contains($0) }) ? "\"\(cleaned)\"" : cleaned
    }

    static func revision(_ millis: UInt64) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(millis / 1000))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        return String(format: "%04d", c.year ?? 1970) + two(c.month) + two(c.day) + "T" + two(c.hour) + two(c.minute) + two(c.second) + "Z"
    }

    /// Folds a line into chunks of at most 75 octets, never splitting a UTF-8 sequence (RFC 6350 §3.2).
    static func fold(_ line: String) -> String {
        var chunks: [String] = []
        var current = ""
        var currentBytes = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = chunks.isEmpty ? 75 : 74  // continuation lines start with a space
            if currentBytes + size > limit {
                chunks.append(current)
                current = ""
                currentBytes = 0
            }
            current.unicodeScalars.append(scalar)
            currentBytes += size
        }
        chunks.append(current)
        return chunks.joined(separator: "\r\n ")
    }
}

/// What a vCard written by ``VCardWriter`` holds: the fields of a card or of an address-book entry, and
/// the extension properties Handshake reads back.
@_spi(Wire) public struct VCardContent: Sendable, Equatable {
    /// The contact's fields, each written as its row of the field table says (``CardField``).
    public var fields = CardFields()
    /// `REV`: when the card was last changed (Unix ms).
    public var updatedAt: UInt64?
    /// `X-HANDSHAKE-NODEID`: the signed card's Node ID, or the Node ID an unverified entry claimed.
    public var nodeID: NodeID?
    /// `X-HANDSHAKE-CARD`: the signed card, byte for byte.
    public var signedCard: [UInt8]?
    /// Further properties (`X-HANDSHAKE-ALIAS`, `CATEGORIES`…) as name and unescaped text value.
    public var extra: [(name: String, value: String)] = []

    /// Content with these fields and nothing else, to be filled in.
    public init(fields: CardFields = CardFields()) {
        self.fields = fields
    }

    /// A signed card's fields, with the card itself.
    public init(_ signed: SignedCard) {
        fields = signed.card.fields
        updatedAt = signed.card.updatedAt
        nodeID = signed.card.nodeID
        signedCard = signed.bytes
    }

    /// Content is equal when every field and every extra property, in order, is.
    public static func == (lhs: VCardContent, rhs: VCardContent) -> Bool {
        lhs.fields == rhs.fields && lhs.updatedAt == rhs.updatedAt && lhs.nodeID == rhs.nodeID
            && lhs.signedCard == rhs.signedCard && lhs.extra.map(\.name) == rhs.extra.map(\.name) && lhs.extra.map(\.value) == rhs.extra.map(\.value)
    }
}

extension CardFieldValue {
    /// The value as the texts a vCard writes: a text alone, a list's entries (links and pictures have no text).
    var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .list(let entries): entries
        case .links, .image: []
        }
    }
}
