import Foundation
import HandshakeCore

/// One person's Handshake: their identity, their card, and their contact book, as an app holds them.
///
/// Everything an app needs between "the person opens the app" and "a verified contact is in the list" is
/// here, so an app does not repeat what the `handshake` program does: creating or restoring the identity,
/// editing the card and issuing it for sharing (never one a receiver would refuse), the contact book whose
/// one receive rule keeps cards, and the security-code check. What it does not do is ask: every step that
/// stores something is a separate call the app makes once the person agreed.
///
/// Receiving a card is the book's, in two verbs: ``ContactBook/preview(_:)`` says what keeping a verified
/// card would do, and ``ContactBook/receive(_:source:answer:now:)`` keeps it as the person answered. Reading
/// what was scanned into a verified card is HandshakeIntake's `CardIntake` (every form Add accepts: a card,
/// a share link, a credential); HandshakeCore's `CardText.read` reads the card forms alone.
///
/// ```swift
/// let storage = AccountStorage.directory(containerURL)
/// let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: storage)
/// let (card, form) = try CardText.read(Array(scannedText.utf8), now: Date())  // verified
/// let preview = try account.book.preview(card)                                 // nothing stored yet
/// // The person said Add; a newer card of a known contact would be applied the same way.
/// let outcome = try account.book.receive(card, source: ContactSource(form: form), answer: .add(trust: .trusted))
/// ```
public struct HandshakeAccount: Sendable {
    /// The identity: the keys that sign the card and prove who this is.
    public let identity: Identity
    /// The contact book (observe it with ``ContactBook/observeContacts(_:)``).
    public let book: ContactBook
    /// Where the account keeps its parts, for opening it again.
    public let storage: AccountStorage

    /// Opens the account whose identity `storage` holds.
    /// - Throws: ``StoreError/noIdentity(home:)`` when there is none yet.
    public static func open(_ storage: AccountStorage) throws -> HandshakeAccount {
        guard let seed = try storage.seedStore.loadSeed() else {
            throw StoreError.noIdentity(home: (storage.seedStore as? FileSeedStore)?.url.deletingLastPathComponent().path)
        }
        return HandshakeAccount(identity: Identity(seed: seed), book: try storage.openBook(), storage: storage)
    }

    /// Creates a new identity and starts its card with `name`.
    ///
    /// Of two creations at once on the same storage, one wins and the other throws: a seed is never
    /// overwritten unless `replacing` is true.
    /// - Throws: `CardFieldError` for a name a card cannot hold; the seed store's error when an identity already exists.
    public static func create(name: String, storage: AccountStorage, replacing: Bool = false, now: Date = Date()) throws -> HandshakeAccount {
        try CardFields.validateName(name)
        let identity = Identity.generate()
        var profile = CardProfile(identity: identity, now: now)
        try profile.edit(now: now) { $0.name = name }
        try storage.seedStore.saveSeed(identity.seed, replacing: replacing)
        try storage.profileStore.save(profile)
        return HandshakeAccount(identity: identity, book: try storage.openBook(), storage: storage)
    }

    /// Restores an identity from its backup code (`SeedBackup`) into `storage`, with a fresh card that
    /// holds only `name` if one is given (the card is not in the backup); contacts come back as they are
    /// re-exchanged or re-imported.
    ///
    /// Restoring the identity `storage` already holds changes nothing and opens it, so a restore that
    /// is repeated (or interrupted and started again) is harmless.
    /// - Throws: `SeedBackup/RestoreError` for a mistyped code; `CardFieldError` for a name a card cannot hold; the
    ///   seed store's error when `storage` holds a different identity and `replacing` is false.
    public static func restore(
        backupCode: String, storage: AccountStorage, name: String? = nil, replacing: Bool = false, now: Date = Date()
    ) throws -> HandshakeAccount {
        let seed = try SeedBackup.restore(from: backupCode)
        if let existing = try storage.seedStore.loadSeed(), existing == seed { return try open(storage) }
        let identity = Identity(seed: seed)
        var profile = CardProfile(identity: identity, now: now)
        if let name {
            try profile.edit(now: now) { $0.name = name }
        }
        try storage.seedStore.saveSeed(seed, replacing: replacing)
        try storage.profileStore.save(profile)
        return HandshakeAccount(identity: identity, book: try storage.openBook(), storage: storage)
    }

    /// Whether `storage` already holds the identity of `backupCode`: restoring it would change nothing.
    /// - Throws: `SeedBackup/RestoreError` for a mistyped code.
    public static func holds(backupCode: String, storage: AccountStorage) throws -> Bool {
        try storage.seedStore.loadSeed() == SeedBackup.restore(from: backupCode)
    }

    /// The backup code of this identity, in groups of five characters, for the person to write down.
    public var backupCode: [String] { SeedBackup.code(for: identity.seed) }

    // MARK: The card

    /// The owner's profile: the whole card and which fields are shared.
    public func profile(now: Date = Date()) throws -> CardProfile {
        try storage.profileStore.load(identity: identity) ?? CardProfile(identity: identity, now: now)
    }

    /// Changes the card and saves it; a change that breaks a field's rule or the card's size throws and
    /// saves nothing.
    @discardableResult
    public func editCard(now: Date = Date(), _ change: (inout ContactCard) throws(CardFieldError) -> Void) throws -> CardProfile {
        var profile = try profile(now: now)
        try profile.edit(now: now, change)
        try storage.profileStore.save(profile)
        return profile
    }

    /// Chooses which fields of the card go out when it is shared (the Node ID and keys always do), and
    /// saves it. Sharing fewer fields is itself a change others pick up as a newer card.
    @discardableResult
    public func share(_ fields: Set<CardField>, now: Date = Date()) throws -> CardProfile {
        var profile = try profile(now: now)
        profile.share(fields, now: now)
        try storage.profileStore.save(profile)
        return profile
    }

    /// Sets the mailbox server the card names (HandshakeCore's `CardProfile.setServer(_:named:now:)`: registering with a
    /// server names it, unless the owner turned that off with `named: false`), and saves it. A card that now
    /// names another server, or none, is a newer card.
    public func nameServer(_ server: ServerOrigin?, named: Bool? = nil, now: Date = Date()) throws -> CardProfile {
        var profile = try profile(now: now)
        profile.setServer(server, named: named, now: now)
        try storage.profileStore.save(profile)
        return profile
    }

    /// The card as others receive it: the shared fields, freshly signed.
    ///
    /// The same as `CardProfile.issueCard(identity:)` (HandshakeCore) on ``profile(now:)`` with this
    /// account's identity, which refuses a card no receiver would accept (a profile store may have been
    /// changed outside the account: card.json is meant to be readable).
    /// - Throws: `CardFieldError/cardTooLarge(bytes:)`; the profile store's error.
    public func issueCard(now: Date = Date()) throws -> SignedCard {
        try profile(now: now).issueCard(identity: identity)
    }

    // MARK: Receiving

    /// Keeps the card of someone a friend request connected you with: theirs when you accepted their
    /// request, or when they accepted yours. Both people chose it, so nothing is asked: someone new is added
    /// as `trust` (by default ``TrustLevel/suggested(for:source:)``: Known, as nobody met them in person), a
    /// newer card updates them, and a card sharing an email or phone number with a contact stays a separate
    /// contact (a merge is offered only for cards met in person). Blocked people and a key that conflicts are
    /// refused as by every receive. Whether the card only claims a contact's name is the front end's to ask
    /// before accepting (``ContactBook/nameClaim(of:)``).
    @discardableResult
    public func keepFromFriendRequest(_ card: SignedCard, trust: TrustLevel? = nil, now: Date = Date()) throws -> ReceiveOutcome {
        let trust = try trust ?? TrustLevel.suggested(for: book.nameClaim(of: card), source: .serverRequest)
        return try book.receive(card, source: .serverRequest, answer: .addSeparately(trust: trust), now: now)
    }

    // MARK: Security codes

    /// The 60-digit code both people see for this pair of keys; compare it out loud or by scanning.
    /// - Throws: ``ContactBookError/noSignedCard(_:)`` for a contact without a verified key (an address-book entry).
    public func securityCode(with contact: Contact) throws -> SecurityCode {
        guard let key = contact.sigKey else { throw ContactBookError.noSignedCard(contact.displayName) }
        return SecurityCode(ownKey: identity.sigKey, theirKey: key)
    }

    /// What this device shows for the other device to scan (`HSC1:…`), instead of reading 60 digits aloud.
    /// - Throws: ``ContactBookError/noSignedCard(_:)`` for a contact without a verified key.
    public func scannableSecurityCode(with contact: Contact) throws -> ScannableSecurityCode {
        guard let key = contact.sigKey else { throw ContactBookError.noSignedCard(contact.displayName) }
        return ScannableSecurityCode(ownKey: identity.sigKey, theirKey: key)
    }

    /// Marks `contact` verified if `typed` is the code of this pair of keys. The mark is tied to the key
    /// that was compared: if the contact's key changed meanwhile, the book refuses it.
    /// - Returns: the contact, marked; `nil` when the code does not match (nothing is changed).
    public func verifySecurityCode(_ typed: String, with contact: Contact, now: Date = Date()) throws -> Contact? {
        let code = try securityCode(with: contact)
        guard code.matches(typed: typed), let key = contact.sigKey else { return nil }
        return try book.markSecurityCodeVerified(contact.id, comparedKey: key, at: now)
    }

    /// Marks `contact` verified if `scanned` is the code the other device shows for this pair of keys
    /// (the `HSC1:…` text of its QR code).
    /// - Returns: the contact, marked; `nil` when the code is for other keys (nothing is changed).
    /// - Throws: `ScannableSecurityCode/ParseError` when the text is not a security code at all.
    public func verifySecurityCode(scanned: String, with contact: Contact, now: Date = Date()) throws -> Contact? {
        guard let key = contact.sigKey else { throw ContactBookError.noSignedCard(contact.displayName) }
        let code = try ScannableSecurityCode(parsing: scanned)
        guard code.matches(ownKey: identity.sigKey, theirKey: key) else { return nil }
        return try book.markSecurityCodeVerified(contact.id, comparedKey: key, at: now)
    }
}
