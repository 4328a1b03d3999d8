/// What one vCard says, mapped onto card fields. An imported vCard is *unverified*: anyone can write
/// one. Only its embedded signed card (`X-HANDSHAKE-CARD`), passed through ``CardVerifier``, is verified.
///
/// ``fields`` maps the properties onto a card's fields, each as its row of the field table says; each field
/// also reads as a property of the entry (`entry.name`, `entry.emails`).
@dynamicMemberLookup
@_spi(Wire) public struct VCardEntry: Sendable, Equatable {
    public let properties: [VCardProperty]
    /// What the reader left out of this entry and why (a skipped line, a photo too large), as sentences.
    public var notes: [String] {
        var notes = readerNotes
        if case .dropped(let reason) = photo { notes.append("photo dropped: \(reason)") }
        if hadInvisibleControls { notes.append("control or invisible formatting characters removed from its text") }
        return notes
    }

    private let readerNotes: [String]

    init(properties: [VCardProperty], notes: [String] = []) {
        self.properties = properties
        self.readerNotes = notes
    }

    func all(_ name: String) -> [VCardProperty] { properties.filter { $0.name == name } }
    func first(_ name: String) -> VCardProperty? { properties.first { $0.name == name } }

    /// Whether any text of this vCard held characters that could control a screen (control characters,
    /// bidirectional overrides, invisible formatting), which the fields above leave out: an address book is
    /// text from outside, so its entries are cleaned rather than refused, and a reader can say so.
    public var hadInvisibleControls: Bool {
        properties.contains { UntrustedText.needsCleaning($0.text, keepingLineBreaks: true) }
    }

    /// `text` as a field may show it: without what could control a screen (line feeds kept only where asked).
    static func shown(_ text: String, keepingLineBreaks: Bool = false) -> String {
        UntrustedText.cleaned(text, limit: .max, keepingLineBreaks: keepingLineBreaks)
    }

    /// The vCard's `VERSION` (2.1, 3.0, 4.0), if it says.
    public var version: String? { first("VERSION")?.text }

    /// The entry's card fields, cleaned of what could control a screen. The `PHOTO` is the avatar when it
    /// can be one (``photo`` says why not).
    public var fields: CardFields {
        var fields = CardFields()
        for field in CardField.allCases {
            switch field.row.vCard {
            case .socialProfiles: fields[field] = .links(links)
            case .photo: fields[field] = avatar.map(CardFieldValue.image)
            case let mapping:
                let texts = self.texts(mapping)
                switch field.kind {
                case .text: fields[field] = texts.first.map(CardFieldValue.text)
                case .list: fields[field] = .list(texts)
                case .links, .image: break
                }
            }
        }
        return fields
    }

    /// One of the entry's ``fields``, read as if it were the entry's own property.
    public subscript<Value>(dynamicMember path: KeyPath<CardFields, Value>) -> Value {
        fields[keyPath: path]
    }

    /// The non-empty texts of the properties a text or list field maps to.
    private func texts(_ mapping: CardFieldRow.VCardMapping) -> [String] {
        switch mapping {
        case .formattedName:
            return name.map { [$0] } ?? []
        case .organization:
            return nonEmpty(first("ORG")?.components.first.map { Self.shown($0) }).map { [$0] } ?? []
        case .address:
            return address.map { [$0] } ?? []
        case .text(let name):
            return nonEmpty(first(name).map { Self.shown($0.text) }).map { [$0] } ?? []
        case .everyText(let name, let separator?):
            let joined = all(name).map { Self.shown($0.text, keepingLineBreaks: true) }.filter { !$0.isEmpty }.joined(separator: separator)
            return nonEmpty(joined).map { [$0] } ?? []
        case .everyText(let name, nil):
            return all(name).map { Self.shown($0.text) }.filter { !$0.isEmpty }
        case .values(let name, _):
            return labeled(name).map { Self.shown($0.value) }
        case .socialProfiles, .photo:
            return []
        }
    }

    /// The formatted name (`FN`), or one built from `N` (given, additional and family names): the name in
    /// ``fields``, read alone, as an import report names an entry without mapping (and decoding the photo
    /// of) every other field.
    public var name: String? {
        if let fn = first("FN").map({ Self.shown($0.text).trimmingBlanks }), !fn.isEmpty { return fn }
        guard let n = first("N")?.components else { return nil }
        // N is family;given;additional;prefix;suffix.
        let given = n.count > 1 ? n[1] : ""
        let additional = n.count > 2 ? n[2] : ""
        let joined = [given, additional, n[0]].map { Self.shown($0).trimmingBlanks }.filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? nil : joined
    }

    /// The first `ADR`, its non-empty components joined with ", "; without one, vCard 2.1's `LABEL`.
    private var address: String? {
        if let components = first("ADR")?.components {
            let parts = components.map { Self.shown($0.replacingLineBreaks(with: ", ")).trimmingBlanks }.filter { !$0.isEmpty }
            if let joined = nonEmpty(parts.joined(separator: ", ")) { return joined }
        }
        return nonEmpty(first("LABEL").map { Self.shown($0.text.replacingLineBreaks(with: ", ")).trimmingBlanks })
    }

    /// A value with what the vCard says about it: its types and the label of its group.
    public struct LabeledValue: Sendable, Equatable {
        /// The value itself.
        public var value: String
        /// Lowercased `TYPE` values (`work`, `cell`, `pref`, …).
        public var types: [String]
        /// The label the address book gave it (`item1.X-ABLABEL`), without Apple's `_$!<…>!$_` wrapping.
        public var label: String?
    }

    /// Every non-empty value of `name` (`EMAIL`, `TEL`, `URL`, `ADR`…), with its types and label. `tel:` and
    /// `mailto:` URIs are given as the number or address.
    public func labeled(_ name: String) -> [LabeledValue] {
        all(name).compactMap { property in
            var value = property.text.trimmingBlanks
            for scheme in ["tel:", "mailto:"] where value.lowercased().hasPrefix(scheme) { value = String(value.dropFirst(scheme.count)) }
            guard !value.isEmpty else { return nil }
            return LabeledValue(value: value, types: property.types, label: label(of: property))
        }
    }

    /// The label of a grouped property: `item1.X-ABLABEL` (Apple, Google) for `item1.EMAIL`.
    public func label(of property: VCardProperty) -> String? {
        guard let group = property.group?.lowercased() else { return nil }
        guard let label = properties.first(where: { $0.name == "X-ABLABEL" && $0.group?.lowercased() == group })?.text else { return nil }
        var text = Substring(label)
        if text.hasPrefix("_$!<") && text.hasSuffix(">!$_") { text = text.dropFirst(4).dropLast(4) }
        return nonEmpty(String(text))
    }

    /// `X-SOCIALPROFILE` entries, then plain `URL`s not already among them (named by their label, if any).
    public var links: [SocialLink] {
        var links = all("X-SOCIALPROFILE").map { property in
            let value = Self.shown(property.text)
            let platform = Self.shown(property.parameters["TYPE"]?.first ?? "web")
            let handle = property.parameters["X-USER"]?.first.map { Self.shown($0) }
            return value.contains(":") ? SocialLink(platform: platform, handle: handle, url: value)
                : SocialLink(platform: platform, handle: handle ?? value, url: nil)
        }
        let known = Set(links.compactMap(\.url))
        for url in labeled("URL") where !known.contains(Self.shown(url.value)) {
            links.append(SocialLink(platform: Self.shown(url.label ?? "web"), url: Self.shown(url.value)))
        }
        return links
    }

    /// What became of the vCard's `PHOTO`.
    public enum Photo: Sendable, Equatable {
        /// The vCard has no photo.
        case absent
        /// A PNG or JPEG within the avatar limit.
        case kept(Avatar)
        /// A photo that can't be the avatar, and why, as a sentence.
        case dropped(String)
    }

    /// The `PHOTO`: inline base64 (`ENCODING=b`, 2.1 `ENCODING=BASE64`) or a `data:` URI, kept when it is a
    /// PNG or JPEG within ``CardLimits/avatarBytes``; a link is never fetched.
    public var photo: Photo {
        guard let property = first("PHOTO") else { return .absent }
        let bytes: [UInt8]
        if property.parameters["ENCODING"] != nil {
            guard let binary = property.binary else { return .dropped("its base64 data is damaged") }
            bytes = binary
        } else if property.rawValue.hasPrefix("data:") {
            let value = property.rawValue
            guard let comma = value.firstIndex(of: ","), value[..<comma].hasSuffix(";base64"),
                let data = Base64URL.decodeStandard(value[value.index(after: comma)...])
            else { return .dropped("its data: URI is not base64 image data") }
            bytes = data
        } else if property.rawValue.isEmpty {
            return .absent
        } else {
            return .dropped("it is a link (\(property.rawValue.prefix(60))), and links are not fetched")
        }
        do throws(CardFieldError) {
            return .kept(try Avatar(data: bytes))
        } catch .avatarTooLarge(let size) {
            return .dropped("it is \(size.groupedDigits) bytes; an avatar may be at most \(CardLimits.avatarBytes.groupedDigits)")
        } catch {
            return .dropped("it is not a PNG or JPEG image")
        }
    }

    /// The photo, when it can be the avatar.
    public var avatar: Avatar? {
        if case .kept(let avatar) = photo { return avatar }
        return nil
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

extension String {
    fileprivate var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.unicodeScalars.first, first == " " || first == "\t" || first == "\n" { text = Substring(text.unicodeScalars.dropFirst()) }
        while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\n" { text = Substring(text.unicodeScalars.dropLast()) }
        return String(text)
    }

    fileprivate func replacingLineBreaks(with separator: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: true).joined(separator: separator)
    }
}
