import Foundation

/// Writes a signed card as a vCard 4.0 (RFC 6350) that address books understand, carrying the signed
/// card itself in `X-HANDSHAKE-CARD` so a Handshake reader can still verify it.
///
/// Mapping: name → `FN`, company → `ORG`, title → `TITLE`, bio → `NOTE`, location → `ADR` (locality),
/// emails → `EMAIL`, phones → `TEL`, links → `X-SOCIALPROFILE` (and `URL`), skills → `EXPERTISE`
/// (RFC 6715), avatar → `PHOTO` as a `data:` URI, `updatedAt` → `REV`, Node ID → `X-HANDSHAKE-NODEID`.
public enum VCardWriter {
    public static func write(_ signed: SignedCard) -> String {
        let card = signed.card
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        func add(_ name: String, _ value: String) { lines.append(name + ":" + value) }

        add("FN", VCardProperty.escape(card.name ?? card.nodeID.rawValue))
        if let company = card.company { add("ORG", VCardProperty.escape(company)) }
        if let title = card.title { add("TITLE", VCardProperty.escape(title)) }
        for email in card.emails { add("EMAIL", VCardProperty.escape(email)) }
        for phone in card.phones { add("TEL;VALUE=text", VCardProperty.escape(phone)) }
        if let location = card.location { add("ADR", ";;;" + VCardProperty.escape(location) + ";;;") }
        for link in card.links {
            var name = "X-SOCIALPROFILE;TYPE=" + parameterValue(link.platform)
            if let handle = link.handle, link.url != nil { name += ";X-USER=" + parameterValue(handle) }
            add(name, VCardProperty.escape(link.url ?? link.handle ?? ""))
            if let url = link.url { add("URL", VCardProperty.escape(url)) }
        }
        for skill in card.skills { add("EXPERTISE", VCardProperty.escape(skill)) }
        if let bio = card.bio { add("NOTE", VCardProperty.escape(bio)) }
        if let avatar = card.avatar {
            add("PHOTO", "data:\(avatar.mediaType);base64," + Data(avatar.data).base64EncodedString())
        }
        add("REV", revision(card.updatedAt))
        add("X-HANDSHAKE-NODEID", card.nodeID.rawValue)
        add("X-HANDSHAKE-CARD", Base64URL.encode(signed.bytes))
        lines.append("END:VCARD")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A parameter value, quoted when it holds characters that would end it early (RFC 6350 §3.3);
    /// double quotes cannot appear inside a quoted value, so they are dropped.
    static func parameterValue(_ value: String) -> String {
        let cleaned = value.replacingOccurrences(of: "\"", with: "")
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
