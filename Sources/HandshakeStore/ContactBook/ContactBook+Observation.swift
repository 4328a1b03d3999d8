import Foundation
import GRDB
import HandshakeCore

/// The list and one contact as async sequences, so an app's views stay current without polling.
///
/// Each is a GRDB `ValueObservation`: it delivers the current value first, then a new value after every
/// committed transaction that changed it (a card added or updated, a local edit, a tag, a deletion, an
/// import batch) — made by this book or by the app through the `DatabaseWriter` it gave the book. A change
/// that leaves the value equal to the last one delivered is not delivered again, and values in quick
/// succession may be merged into the latest. Like any GRDB observation it sees the writes of its own
/// writer only: another process writing the same file (an app extension, the `handshake` program) is seen
/// at the next change made here. Iterate from a task; the observation stops when the iteration ends or its
/// task is cancelled, and ends with an error if the database cannot be read.
///
/// ```swift
/// for try await contacts in book.observeContacts(ContactListQuery(search: "ada", limit: 50)) {
///     model.contacts = contacts
/// }
/// ```
extension ContactBook {
    /// The list `query` asks for, now and after every change to it. See ``contacts(_:)`` for the order
    /// and the filters.
    public func observeContacts(_ query: ContactListQuery = ContactListQuery()) -> AsyncValueObservation<[Contact]> {
        ValueObservation
            .tracking { db in try Self.contacts(query, db) }
            .removeDuplicates()
            .values(in: writer)
    }

    /// Contact `id`, now and after every change to it; `nil` once it is deleted (or if it never existed).
    public func observeContact(id: Int64) -> AsyncValueObservation<Contact?> {
        ValueObservation
            .tracking { db in try ContactRecord.fetchOne(db, key: id).map { try Self.loadContact($0, db) } }
            .removeDuplicates()
            .values(in: writer)
    }
}
