import Foundation

/// Writes a signed card as a vCard 4.0 (RFC 6350) that address books understand, carrying the signed
/// card itself in `X-HANDSHAKE-CARD` so a Handshake reader can still verify it.
///
/// Mapping: name → `FN`, company → `ORG`, title → `TITLE`, bio → `NOTE`, location → `ADR` (locality),
/// emails → `EMAIL`, phones → `TEL`, links → `X-SOCIALPROFILE` (and `URL`), skills → `EXPERTISE`
/// (RFC 6715), avatar → `PHOTO` as a `data:` URI, `updatedAt` → `REV`, Node ID → `X-HANDSHAKE-NODEID`.
@_spi(Wire) public enum VCardWriter {
    public static func write(_ signed: SignedCard) -> String {
        write(VCardContent(signed))
    }

    /// Writes any contact's fields as a vCard 4.0; a signed card, when given, goes in `X-HANDSHAKE-CARD`.
    public static func write(_ content: VCardContent) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        func add(_ name: String, _ value: String) { lines.append(name + ":" + value) }

        // An unverified entry without a name gets an empty FN (a claimed Node ID is not a name).
        add("FN", VCardProperty.escape(content.name ?? (content.signedCard != nil ? content.nodeID?.rawValue : nil) ?? ""))
        if let company = content.company { add("ORG", VCardProperty.escape(company)) }
        if let title = content.title { add("TITLE", VCardProperty.escape(title)) }
        for email in content.emails { add("EMAIL", VCardProperty.escape(email)) }
        for phone in content.phones { add("TEL;VALUE=text", VCardProperty.escape(phone)) }
        if let location = content.location { add("ADR", ";;;" + VCardProperty.escape(location) + ";;;") }
        for link in content.links {
            var name = "X-SOCIALPROFILE;TYPE=" + parameterValue(link.platform)
            if let handle = link.handle, link.url != nil { name += ";X-USER=" + parameterValue(handle) }
            add(name, VCardProperty.escape(link.url ?? link.handle ?? ""))
            if let url = link.url { add("URL", VCardProperty.escape(url)) }
        }
        for skill in content.skills { add("EXPERTISE", VCardProperty.escape(skill)) }
        if let bio = content.bio { add("NOTE", VCardProperty.escape(bio)) }
        if let avatar = content.avatar {
            add("PHOTO", "data:\(avatar.mediaType);base64," + Data(avatar.data).base64EncodedString())
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
        return cleaned.contains(where: { ",;:".contains($0) }) ? "\"\(cleaned)\"" : cleaned
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
    /// `FN`: the name.
    public var name: String?
    /// `ORG`.
    public var company: String?
    /// `TITLE`.
    public var title: String?
    /// `NOTE`.
    public var bio: String?
    /// `ADR`, as one line.
    public var location: String?
    /// `EMAIL`, one property each.
    public var emails: [String] = []
    /// `TEL`, one property each.
    public var phones: [String] = []
    /// `X-SOCIALPROFILE` each, and `URL` for a link that has an address.
    public var links: [SocialLink] = []
    /// `EXPERTISE`, one property each.
    public var skills: [String] = []
    /// `PHOTO`, as a data URI.
    public var avatar: Avatar?
    /// `REV`: when the card was last changed (Unix ms).
    public var updatedAt: UInt64?
    /// `X-HANDSHAKE-NODEID`: the signed card's Node ID, or the Node ID an unverified entry claimed.
    public var nodeID: NodeID?
    /// `X-HANDSHAKE-CARD`: the signed card, byte for byte.
    public var signedCard: [UInt8]?
    /// Further properties (`X-HANDSHAKE-ALIAS`, `CATEGORIES`…) as name and unescaped text value.
    public var extra: [(name: String, value: String)] = []

    /// Empty content, to be filled in.
    public init() {}

    /// A signed card's fields, with the card itself.
    public init(_ signed: SignedCard) {
        let card = signed.card
        name = card.name
        company = card.company
        title = card.title
        bio = card.bio
        location = card.location
        emails = card.emails
        phones = card.phones
        links = card.links
        skills = card.skills
        avatar = card.avatar
        updatedAt = card.updatedAt
        nodeID = card.nodeID
        signedCard = signed.bytes
    }

    /// Content is equal when every field and every extra property, in order, is.
    public static func == (lhs: VCardContent, rhs: VCardContent) -> Bool {
        lhs.name == rhs.name && lhs.company == rhs.company && lhs.title == rhs.title && lhs.bio == rhs.bio
            && lhs.location == rhs.location && lhs.emails == rhs.emails && lhs.phones == rhs.phones && lhs.links == rhs.links
            && lhs.skills == rhs.skills && lhs.avatar == rhs.avatar && lhs.updatedAt == rhs.updatedAt && lhs.nodeID == rhs.nodeID
            && lhs.signedCard == rhs.signedCard && lhs.extra.map(\.name) == rhs.extra.map(\.name) && lhs.extra.map(\.value) == rhs.extra.map(\.value)
    }
}
