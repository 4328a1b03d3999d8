@_spi(Wire) import HandshakeCore

// Establishes how the book tells that two entries may be one person: by an email address or a phone number
// they share (a new card that may be someone already in the book), and by name, emails and phones together
// (the same person written twice in an address book). It says nothing about which entry is right.
extension CardFields {
    /// Emails lowercased and phones reduced to their digits (and a leading `+`), for matching one person
    /// across cards and address books.
    var matchKeys: (emails: [String], phones: [String]) {
        (emails.map { $0.lowercased() }, phones.map(Self.normalizedPhone).filter { !$0.isEmpty })
    }

    static func normalizedPhone(_ phone: String) -> String {
        // Almost every phone number is ASCII: keep its digits without asking Unicode about each character.
        let digits = phone.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: phone.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }, as: UTF8.self)
            : phone.filter(\.isNumber)
        return phone.hasPrefix("+") ? "+" + digits : digits
    }

    /// One string per person-as-written: two entries with the same key are duplicates on import. Takes
    /// the match keys already derived, as the record computes them once for both of its columns.
    static func duplicateKey(name: String?, matchKeys keys: (emails: [String], phones: [String])) -> String {
        [(name ?? "").lowercased(), keys.emails.sorted().joined(separator: ","), keys.phones.sorted().joined(separator: ",")]
            .joined(separator: "|")
    }

    /// These fields as the book keeps them: the ones with a column (`CardField.bookColumn`). The avatar
    /// stays in the signed card's bytes, or an imported photo's own table.
    var inBook: CardFields {
        var kept = self
        for field in CardField.notInBook { kept[field] = nil }
        return kept
    }
}

extension CardField {
    /// The fields the contact book keeps in columns of their own.
    static let inBook = Set(allCases.filter { $0.bookColumn != nil })
    /// The fields it does not (the avatar).
    static let notInBook = allCases.filter { $0.bookColumn == nil }
}
