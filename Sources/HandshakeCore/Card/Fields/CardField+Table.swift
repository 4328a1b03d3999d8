/// The field table: everything Handshake knows about each card field, one row per field.
///
/// A new field is a row here, a stored property of ``CardFields`` (with its case in ``CardFields/subscript(_:)``,
/// which the compiler asks for) and a contact-book migration that adds its column; the card's CBOR and JSON forms, its rules, vCard, credentials, the book and the screens
/// follow from the row. A released row never changes its CBOR key, its raw value or its column: cards,
/// credentials and books already hold them.
extension CardField {
    var row: CardFieldRow {
        switch self {
        case .name:
            CardFieldRow(
                cborKey: 6, label: "Name", noun: "name", kind: .text(limit: CardLimits.name, multiline: false),
                vCard: .formattedName, linkedData: "https://schema.org/name", bookColumn: "name")
        case .bio:
            CardFieldRow(
                cborKey: 7, label: "Bio", noun: "bio", kind: .text(limit: CardLimits.bio, multiline: true),
                vCard: .everyText("NOTE", joined: "\n\n"), linkedData: "https://schema.org/description", bookColumn: "bio")
        case .avatar:
            // Kept in the signed card's bytes only: no column, and no credential claim.
            CardFieldRow(
                cborKey: 8, label: "Photo", noun: "avatar", kind: .image(bytes: CardLimits.avatarBytes),
                vCard: .photo, linkedData: nil, bookColumn: nil)
        case .location:
            CardFieldRow(
                cborKey: 9, label: "Location", noun: "location", kind: .text(limit: CardLimits.location, multiline: false),
                vCard: .address, linkedData: "https://schema.org/address", bookColumn: "location")
        case .company:
            CardFieldRow(
                cborKey: 10, label: "Company", noun: "company", kind: .text(limit: CardLimits.company, multiline: false),
                vCard: .organization, linkedData: "https://schema.org/worksFor", bookColumn: "company")
        case .title:
            CardFieldRow(
                cborKey: 11, label: "Title", noun: "title", kind: .text(limit: CardLimits.title, multiline: false),
                vCard: .text("TITLE"), linkedData: "https://schema.org/jobTitle", bookColumn: "title")
        case .emails:
            CardFieldRow(
                cborKey: 12, label: "Email addresses", noun: "email addresses",
                kind: .list(count: CardLimits.emailCount, entry: .email), entryNoun: "email address",
                vCard: .values("EMAIL", written: "EMAIL"), linkedData: "https://schema.org/email", bookColumn: "emails")
        case .phones:
            // Written as text: a number as people typed it is not always a valid tel: URI.
            CardFieldRow(
                cborKey: 13, label: "Phone numbers", noun: "phone numbers",
                kind: .list(count: CardLimits.phoneCount, entry: .phone), entryNoun: "phone number",
                vCard: .values("TEL", written: "TEL;VALUE=text"), linkedData: "https://schema.org/telephone", bookColumn: "phones")
        case .links:
            CardFieldRow(
                cborKey: 14, label: "Links", noun: "links", kind: .links(count: CardLimits.linkCount),
                vCard: .socialProfiles, linkedData: "urn:handshake:card#links", bookColumn: "links")
        case .skills:
            // EXPERTISE is RFC 6715's property for what a person knows about.
            CardFieldRow(
                cborKey: 15, label: "Skills", noun: "skills",
                kind: .list(count: CardLimits.skillCount, entry: .text(limit: CardLimits.skillLength)), entryNoun: "skill",
                vCard: .everyText("EXPERTISE", joined: nil), linkedData: "https://schema.org/knowsAbout", bookColumn: "skills")
        }
    }
}
