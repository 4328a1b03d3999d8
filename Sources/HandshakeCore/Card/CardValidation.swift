/// The field rules of schema 1, applied when a card is written and when one is read.
extension ContactCard {
    /// Throws the first rule the card's optional fields break.
    public func validateFields() throws(CardFieldError) {
        try Self.validateTextFields(
            name: name, bio: bio, location: location, company: company, title: title, emails: emails, phones: phones, links: links,
            skills: skills)
        if let avatar, avatar.data.count > CardLimits.avatarBytes { throw .avatarTooLarge(bytes: avatar.data.count) }
    }

    /// Throws the first rule of a card's text these fields break: lengths, counts, no control characters or
    /// bidirectional overrides, well-formed addresses. Readers of other forms (a credential's subject, a
    /// plaintext envelope, a Freepath card) check what they return with it, so text a card could not hold
    /// is refused wherever it enters.
    public static func validateTextFields(
        name: String?, bio: String?, location: String?, company: String?, title: String?, emails: [String], phones: [String],
        links: [SocialLink], skills: [String]
    ) throws(CardFieldError) {
        try Self.validateText(name, field: "name", limit: CardLimits.name)
        try Self.validateText(bio, field: "bio", limit: CardLimits.bio, allowsLineBreaks: true)
        try Self.validateText(location, field: "location", limit: CardLimits.location)
        try Self.validateText(company, field: "company", limit: CardLimits.company)
        try Self.validateText(title, field: "title", limit: CardLimits.title)

        try Self.validateCount(emails.count, field: "email addresses", limit: CardLimits.emailCount)
        for email in emails { try Self.validateEmail(email) }
        try Self.validateCount(phones.count, field: "phone numbers", limit: CardLimits.phoneCount)
        for phone in phones { try Self.validatePhone(phone) }
        try Self.validateCount(links.count, field: "links", limit: CardLimits.linkCount)
        for link in links { try Self.validateLink(link) }
        try Self.validateCount(skills.count, field: "skills", limit: CardLimits.skillCount)
        for skill in skills { try Self.validateText(skill, field: "skill", limit: CardLimits.skillLength) }
    }

    /// Checks a name against the card's rules, before there is a card to put it on.
    public static func validateName(_ name: String) throws(CardFieldError) {
        try validateText(name, field: "name", limit: CardLimits.name)
    }

    static func validateText(_ text: String?, field: String, limit: Int, allowsLineBreaks: Bool = false) throws(CardFieldError) {
        guard let text else { return }
        guard !text.isEmpty else { throw .empty(field: field) }
        // Most card text is ASCII: check it byte by byte, and look up Unicode properties only for text
        // that needs them. (Verification runs on every received card; this keeps it close to the cost of
        // the signature check alone.)
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            if byte < 0x20 || byte == 0x7F, !(allowsLineBreaks && byte == 0x0A) { throw .controlCharacter(field: field) }
        }
        let length = isASCII ? text.utf8.count : text.unicodeScalars.count
        guard length <= limit else { throw .tooLong(field: field, length: length, limit: limit) }
        if !isASCII {
            // Control characters could rewrite a terminal, and bidirectional overrides could make the text
            // the person confirms read differently from the text that is stored.
            let forbidden = text.unicodeScalars.contains { scalar in
                if allowsLineBreaks && scalar == "\n" { return false }
                return scalar.properties.generalCategory == .control || isBidiControl(scalar)
            }
            if forbidden { throw .controlCharacter(field: field) }
        }
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    static func validateCount(_ count: Int, field: String, limit: Int) throws(CardFieldError) {
        guard count <= limit else { throw .tooMany(field: field, count: count, limit: limit) }
    }

    static func validateEmail(_ email: String) throws(CardFieldError) {
        try validateText(email, field: "email address", limit: CardLimits.emailLength)
        let utf8 = email.utf8
        let at = UInt8(ascii: "@")
        guard let atIndex = utf8.firstIndex(of: at), atIndex != utf8.startIndex,
            utf8.index(after: atIndex) != utf8.endIndex, utf8.lastIndex(of: at) == atIndex,
            !utf8.contains(UInt8(ascii: " ")),
            !utf8.contains(where: { $0 >= 0x80 }) || !email.unicodeScalars.contains(where: \.properties.isWhitespace)
        else { throw .invalidEmail(email) }
    }

    static func validatePhone(_ phone: String) throws(CardFieldError) {
        try validateText(phone, field: "phone number", limit: CardLimits.phoneLength)
        var hasDigit = false
        for byte in phone.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: " "): continue
            default: throw .invalidPhone(phone)
            }
        }
        guard hasDigit else { throw .invalidPhone(phone) }
    }

    static func validateLink(_ link: SocialLink) throws(CardFieldError) {
        try validateText(link.platform, field: "link platform", limit: CardLimits.linkPlatformLength)
        try validateText(link.handle, field: "link handle", limit: CardLimits.linkHandleLength)
        try validateText(link.url, field: "link URL", limit: CardLimits.linkURLLength)
        guard link.handle != nil || link.url != nil else {
            throw .invalidLink("a \(link.platform) link needs a handle or a URL")
        }
        if let url = link.url {
            guard let colon = url.firstIndex(of: ":"), url[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "." || $0 == "-" }),
                !url[..<colon].isEmpty, !url.contains(where: \.isWhitespace)
            else { throw .invalidLink("\"\(url)\" is not a URL (it needs a scheme such as https:)") }
        }
    }
}
