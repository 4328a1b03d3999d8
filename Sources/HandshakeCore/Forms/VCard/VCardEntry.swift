/// What one vCard says, mapped onto card fields. An imported vCard is *unverified*: anyone can write
/// one. Only its embedded signed card (`X-HANDSHAKE-CARD`), passed through ``CardVerifier``, is verified.
public struct VCardEntry: Sendable, Equatable {
    public let properties: [VCardProperty]

    init(properties: [VCardProperty]) {
        self.properties = properties
    }

    func all(_ name: String) -> [VCardProperty] { properties.filter { $0.name == name } }
    func first(_ name: String) -> VCardProperty? { properties.first { $0.name == name } }

    /// The formatted name (`FN`), or one built from `N`.
    public var name: String? {
        if let fn = first("FN")?.text, !fn.isEmpty { return fn }
        guard let n = first("N")?.components else { return nil }
        // N is family;given;additional;prefix;suffix.
        let given = n.count > 1 ? n[1] : ""
        let joined = [given, n[0]].filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? nil : joined
    }

    public var company: String? { first("ORG")?.components.first.flatMap { $0.isEmpty ? nil : $0 } }
    public var title: String? { nonEmpty(first("TITLE")?.text) }
    public var bio: String? { nonEmpty(first("NOTE")?.text) }
    public var emails: [String] { all("EMAIL").map(\.text).filter { !$0.isEmpty } }
    public var phones: [String] {
        all("TEL").map { $0.text.hasPrefix("tel:") ? String($0.text.dropFirst(4)) : $0.text }.filter { !$0.isEmpty }
    }
    public var skills: [String] { all("EXPERTISE").map(\.text).filter { !$0.isEmpty } }

    /// `ADR`: the locality, or the address components joined.
    public var location: String? {
        guard let components = first("ADR")?.components else { return nil }
        return nonEmpty(components.filter { !$0.isEmpty }.joined(separator: ", "))
    }

    /// `X-SOCIALPROFILE` entries, then plain `URL`s not already among them.
    public var links: [SocialLink] {
        var links = all("X-SOCIALPROFILE").map { property in
            let value = property.text
            let platform = property.parameters["TYPE"]?.first ?? "web"
            let handle = property.parameters["X-USER"]?.first
            return value.contains(":") ? SocialLink(platform: platform, handle: handle, url: value)
                : SocialLink(platform: platform, handle: handle ?? value, url: nil)
        }
        let known = Set(links.compactMap(\.url))
        for url in all("URL").map(\.text) where !url.isEmpty && !known.contains(url) {
            links.append(SocialLink(platform: "web", url: url))
        }
        return links
    }

    /// `PHOTO` as a `data:` URI holding a PNG or JPEG within the avatar limit; other photos are ignored.
    public var avatar: Avatar? {
        guard let photo = first("PHOTO")?.rawValue, photo.hasPrefix("data:"),
            let comma = photo.firstIndex(of: ","), photo[..<comma].hasSuffix(";base64"),
            let data = Base64URL.decodeStandard(photo[photo.index(after: comma)...])
        else { return nil }
        return try? Avatar(data: data)
    }

    /// The Node ID the vCard claims (`X-HANDSHAKE-NODEID`). A claim only: not verified.
    public var claimedNodeID: NodeID? { first("X-HANDSHAKE-NODEID").flatMap { NodeID($0.text) } }

    /// The embedded signed card (`X-HANDSHAKE-CARD`, base64url), still to be verified.
    public var signedCard: [UInt8]? { first("X-HANDSHAKE-CARD").flatMap { Base64URL.decode($0.rawValue) } }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
