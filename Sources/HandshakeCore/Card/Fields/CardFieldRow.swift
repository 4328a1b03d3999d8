/// One row of the field table (`CardField+Table.swift`): what a field is, in every form a card takes.
///
/// The row says *what*; the code that writes each form (`CardSchema` for CBOR, `CardFields+JSON`,
/// `CardFields+Validation`, `VCardWriter` and `VCardEntry`, the book's record, a credential's subject) says
/// *how*, once per kind of value rather than once per field.
struct CardFieldRow {
    /// The key in the card's CBOR map.
    var cborKey: Int
    /// The name on a screen and in a sentence.
    var label: String
    var noun: String
    /// The kind of value, and its limits.
    var kind: CardField.Kind
    /// One entry of a list field, in a sentence: "email address".
    var entryNoun: String? = nil
    /// How the field is written to and read from a vCard.
    var vCard: VCardMapping
    /// The JSON-LD IRI of the field in a credential's subject; `nil` for a field credentials do not carry.
    var linkedData: String?
    /// The contact book's column; `nil` for a field kept only in the signed card's bytes.
    var bookColumn: String?

    /// The vCard 4.0 (RFC 6350) property a field maps to.
    enum VCardMapping: Equatable {
        /// `FN`, read from `N` when there is no `FN`.
        case formattedName
        /// The first component of `ORG`.
        case organization
        /// `ADR` as one line (its components joined), or vCard 2.1's `LABEL`.
        case address
        /// The first property of this name, as text.
        case text(String)
        /// Every property of this name, in order: joined into one text by `joined` (line breaks kept), or a
        /// list when `joined` is `nil`.
        case everyText(String, joined: String?)
        /// Every property of this name as a labelled value (`mailto:` and `tel:` URIs as the bare value),
        /// written with the parameters in `written`.
        case values(String, written: String)
        /// `X-SOCIALPROFILE` (and `URL`).
        case socialProfiles
        /// `PHOTO`, inline.
        case photo
    }
}

extension CardField {
    /// The contact book's column for the field, or `nil` when the book keeps it in the card's bytes only.
    @_spi(Wire) public var bookColumn: String? { row.bookColumn }

    /// The field's JSON-LD IRI in a card credential's `@context`, or `nil` when credentials do not carry it.
    @_spi(Wire) public var linkedDataIRI: String? { row.linkedData }
}
