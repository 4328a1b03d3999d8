/// The field rules of schema 1, applied when a card is written and when one is read.
extension ContactCard {
    /// Throws the first rule the card's optional fields break.
    public func validateFields() throws(CardFieldError) {
        try Self.validateText(name, field: "name", limit: CardLimits.name)
        try Self.validateText(bio, field: "bio", limit: CardLimits.bio, allowsLineBreaks: true)
        try Self.validateText(location, field: "location", limit: CardLimits.location)
        try Self.validateText(company, field: "company", limit: CardLimits.company)
        try Self.validateText(title, field: "title", limit: CardLimits.title)
        if let avatar, avatar.data.count > CardLimits.avatarBytes { throw .avatarTooLarge(bytes: avatar.data.count) }

        try Self.validateCount(emails.count, field: "email addresses", limit: CardLimits.emailCount)
        for email in emails { try Self.validateEmail(email) }
        try Self.validateCount(phones.count, field: "phone numbers", limit: CardLimits.phoneCount)
        for phone in phones { try Self.validatePhone(phone) }
        try Self.validateCount(links.count, field: "links", limit: CardLimits.linkCount)
        for link in links { try Self.validateLink(link) }
        try Self.validateCount(skills.count, field: "skills", limit: CardLimits.skillCount)
        for skill in skills { try Self.validateText(skill, field: "skill", limit: CardLimits.skillLength) }
    }

    static func validateText(_ text: String?, field: String, limit: Int, allowsLineBreaks: Bool = false) throws(CardFieldError) {
        guard let text else { return }
        guard !text.isEmpty else { throw .empty(field: field) }
        let length = text.unicodeScalars.count
        guard length <= limit else { throw .tooLong(field: field, length: length, limit: limit) }
        // Control characters could rewrite a terminal, and bidirectional overrides could make the text
        // the person confirms read differently from the text that is stored.
        let forbidden = text.unicodeScalars.contains { scalar in
            if allowsLineBreaks && scalar == "\n" { return false }
            return scalar.properties.generalCategory == .control || isBidiControl(scalar)
        }
        if forbidden { throw .controlCharacter(field: field) }
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    static func validateCount(_ count: Int, field: String, limit: Int) throws(CardFieldError) {
        guard count <= limit else { throw .tooMany(field: field, count: count, limit: limit) }
    }

    static func validateEmail(_ email: String) throws(CardFieldError) {
        try validateText(email, field: "email address", limit: CardLimits.emailLength)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            throw .invalidEmail(email)
        }
    }

    static func validatePhone(_ phone: String) throws(CardFieldError) {
        try validateText(phone, field: "phone number", limit: CardLimits.phoneLength)
        let allowed = Set("0123456789+-(). ")
        guard phone.allSatisfy({ allowed.contains($0) }), phone.contains(where: \.isNumber) else {
            throw .invalidPhone(phone)
        }
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
