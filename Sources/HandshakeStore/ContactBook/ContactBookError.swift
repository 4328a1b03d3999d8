import HandshakeCore

/// Why the contact book refused a request, in words for the person using the app or program.
///
/// Messages name no command or button: each front end adds its own way out.
public enum ContactBookError: HandshakeError, Equatable {
    /// Nobody matches.
    case unknownContact(String)
    /// Several people match; the candidates let the person choose a more precise WHO.
    case ambiguous(String, candidates: [String])
    /// The private notes are longer than a contact's notes may be (the count is their length).
    case notesTooLong(Int)
    /// A tag longer than a tag may be.
    case tagTooLong(String)
    /// An empty tag.
    case emptyTag
    /// More tags than one contact may carry.
    case tooManyTags(Int)
    /// An alias longer than an alias may be (the count is its length).
    case aliasTooLong(Int)
    /// The alias, the notes or a tag (`field`) holds what the card's text rule refuses: control or invisible
    /// characters (line feeds are allowed in notes), or a character stacking too many marks.
    case unshowableText(field: String)
    /// A card was handed to `add` whose Node ID is already in the book.
    case alreadyInBook(String)
    /// A card was handed to `applyUpdate` that is not an update.
    case notAnUpdate(String)
    /// A different key for a known Node ID.
    case keyConflict(String)
    /// The person is blocked; their cards are ignored.
    case blocked(String)
    /// The contact has no signed card (an unverified address-book entry).
    case noSignedCard(String)
    /// The contact's key changed after its security code was shown: the code compared was for the old key.
    case keyChanged(String)
    /// The book file can't be opened.
    case unavailable(path: String, reason: String)
    /// The signed card stored for a contact (its current card or one of its history) no longer verifies:
    /// the book file was damaged or changed outside Handshake. It is not a key conflict: nobody offered a
    /// different key; the book's own copy is bad. `reason` says which check it failed.
    case damagedCard(String, reason: CardRejection)

    /// A sentence to show the person using the app.
    public var description: String {
        switch self {
        case .unknownContact(let who):
            return "No contact matches \(UntrustedText.quoted(who))."
        case .ambiguous(let who, let candidates):
            return "\(UntrustedText.quoted(who)) matches \(candidates.count) contacts; say which one with more of the Node ID or the #id:\n"
                + candidates.map { "  " + $0 }.joined(separator: "\n")
        case .notesTooLong(let count):
            return "Notes can hold \(ContactLimits.notes) characters; these have \(count)."
        case .tagTooLong(let tag):
            return "The tag \(UntrustedText.quoted(tag, limit: 40)) has \(TextLength.count(tag)) characters; a tag can have at most \(ContactLimits.tagLength)."
        case .emptyTag:
            return "A tag can't be empty."
        case .tooManyTags(let count):
            return "A contact can have at most \(ContactLimits.tagCount) tags; this would make \(count)."
        case .aliasTooLong(let count):
            return "An alias can have at most \(ContactLimits.alias) characters; this one has \(count)."
        case .unshowableText(let field):
            return "The \(field) holds control or invisible characters, or stacks more than \(TextLength.maxMarksPerCharacter) marks on one character; "
                + "it can't be shown safely, so nothing was changed."
        case .alreadyInBook(let who):
            return "\(who) is already in your contacts."
        case .notAnUpdate(let who):
            return "This card is not newer than the one you have for \(who)."
        case .keyConflict(let nodeID):
            return "This card claims Node ID \(nodeID) with a different key than the one in your contacts: it is refused. Someone may be impersonating this person; compare security codes in person."
        case .blocked(let who):
            return "\(who) is blocked; their cards are ignored."
        case .noSignedCard(let who):
            return "\(who) was imported from an address book and has no signed card to share or verify."
        case .keyChanged(let who):
            return "\(who) has a new key since this security code was shown; compare the new code."
        case .unavailable(let path, let reason):
            return "The contact book \(path) can't be opened: \(reason)."
        case .damagedCard(let who, let reason):
            return "The stored card of \(who) no longer verifies (\(reason.description)); the contact book may be damaged."
        }
    }
}
