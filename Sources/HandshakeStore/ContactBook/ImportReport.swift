// Establishes the one report of an address-book import, whichever way the entries came in (a vCard file,
// `ContactBook.importVCards`, or fields an app already read, `ContactBook.importUnverified`): how many were
// added, verified or not, how many were already there, which were skipped, and what was shortened or left
// out to keep an entry within the card's limits, each said of its entry, so every front end reports an
// import the same way.

/// What an address-book import did.
public struct ImportReport: Sendable, Equatable {
    /// One entry that was skipped, or imported with something shortened or left out.
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        /// The entry's position in the file (or in the list given), from 1.
        public var entry: Int
        /// Its name, when it could be read (within the card's limit for a name).
        public var name: String?
        /// What happened, as a sentence fragment ("it has no END:VCARD").
        public var reason: String

        /// An issue of entry number `entry`, for previews and test doubles; the book makes its own.
        public init(entry: Int, name: String? = nil, reason: String) {
            self.entry = entry
            self.name = name
            self.reason = reason
        }

        /// The issue as one line: which entry, and what happened.
        public var description: String {
            "Entry \(entry)" + (name.map { " (\($0))" } ?? "") + ": " + reason
        }
    }

    /// Entries given (for a file, every entry in it, read or not).
    public var entries = 0
    /// Contacts added as unverified address-book entries.
    public var addedUnverified = 0
    /// Contacts restored as verified: their vCard carried a Handshake card whose signature checked out.
    public var addedVerified = 0
    /// Entries skipped because the book (or an earlier entry of the same import) already had them.
    public var duplicates = 0
    /// Entries that could not be read or had nothing to import, and why. None of them was imported.
    public var skipped: [Issue] = []
    /// Entries imported with something shortened or left out (a field over the card's limits, a photo too
    /// large, a card that does not verify).
    public var notes: [Issue] = []

    /// Contacts added, verified or not.
    public var added: Int { addedUnverified + addedVerified }

    /// Adds what `batch`, a later transaction of the same import, did: its counts and what it said of its
    /// entries. Both imports write in batches and add each one here, so nothing a batch said is dropped.
    mutating func add(_ batch: ImportReport) {
        addedUnverified += batch.addedUnverified
        addedVerified += batch.addedVerified
        duplicates += batch.duplicates
        skipped += batch.skipped
        notes += batch.notes
    }

    /// A report with these counts, for previews and test doubles; the book makes its own as the import goes.
    public init(
        entries: Int = 0, addedUnverified: Int = 0, addedVerified: Int = 0, duplicates: Int = 0, skipped: [Issue] = [], notes: [Issue] = []
    ) {
        self.entries = entries
        self.addedUnverified = addedUnverified
        self.addedVerified = addedVerified
        self.duplicates = duplicates
        self.skipped = skipped
        self.notes = notes
    }
}
