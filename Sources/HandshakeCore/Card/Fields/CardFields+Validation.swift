/// The field rules of schema 1, applied when a card is written and when one is read, and to fields from any
/// other form (a credential's subject, a plaintext envelope, a Freepath card): text a card could not hold is
/// refused wherever it enters. The limits are the field table's (``CardField/kind``).
extension CardFields {
    /// Throws the first rule the fields break: lengths, counts, no control characters, bidirectional
    /// formatting or invisible characters out of place, no stacks of marks, well-formed addresses, the
    /// avatar's size.
    public func validate() throws(CardFieldError) {
        for field in CardField.allCases {
            switch (field.kind, self[field]) {
            case (.text(let limit, let multiline), .text(let text)?):
                try Self.validateText(text, field: field.noun, limit: limit, allowsLineBreaks: multiline)
            case (.list(let count, let entry), .list(let entries)?):
                try Self.validateCount(entries.count, field: field.noun, limit: count)
                for value in entries {
                    switch entry {
                    case .text(let limit): try Self.validateText(value, field: field.row.entryNoun ?? field.noun, limit: limit)
                    case .email: try Self.validateEmail(value)
                    case .phone: try Self.validatePhone(value)
                    }
                }
            case (.links(let count), .links(let links)?):
                try Self.validateCount(links.count, field: field.noun, limit: count)
                for link in links { try Self.validateLink(link) }
            case (.image(let bytes), .image(let avatar)?):
                if avatar.data.count > bytes { throw .avatarTooLarge(bytes: avatar.data.count) }
            default:
                continue
            }
        }
    }

    /// Checks a name against the card's rules, before there is a card to put it on.
    public static func validateName(_ name: String) throws(CardFieldError) {
        try validateText(name, field: CardField.name.noun, limit: CardLimits.name)
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
        if isASCII {
            guard text.utf8.count <= limit else { throw .tooLong(field: field, length: text.utf8.count, limit: limit) }
            return
        }
        // The one length rule (TextLength): scalars, and no stack of marks drawn over the lines around.
        switch TextLength.check(text, limit: limit) {
        case .tooLong(let length, let limit)?: throw .tooLong(field: field, length: length, limit: limit)
        case .tooManyMarks?: throw .tooManyMarks(field: field)
        case nil: break
        }
        // Control characters could rewrite a terminal, bidirectional formatting could make the text the
        // person confirms read differently from the text that is stored, and invisible characters out of
        // their place could make two different names look the same (UntrustedText's rule, scalar by scalar).
        if UntrustedText.needsCleaning(text, keepingLineBreaks: allowsLineBreaks) { throw .controlCharacter(field: field) }
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
            throw .invalidLink("the \(UntrustedText.quoted(link.platform)) link needs a handle or a URL")
        }
        if let url = link.url {
            // By scalar, as every reader of the format counts (docs/formats/card.md §2): a `Character` would let
            // a combining mark ride on a letter of the scheme, or hide a space under a mark before it.
            let scalars = url.unicodeScalars
            guard let colon = scalars.firstIndex(of: ":"), colon != scalars.startIndex,
                scalars[..<colon].allSatisfy({ $0.properties.isAlphabetic || $0 == "+" || $0 == "." || $0 == "-" }),
                !scalars.contains(where: \.properties.isWhitespace)
            else { throw .invalidLink("\(UntrustedText.quoted(url)) is not a URL (it needs a scheme such as https:)") }
        }
    }
}
