import Foundation

// The showing device's code book, shared by every connection that arrives while a code is shown: the first
// complete key-exchange message for a code redeems (burns) it, whichever connection carries it, so two
// attackers racing get one guess between them. It holds codes and nothing else: the key exchange itself runs
// in ``ShortCodeConnection``.

/// The short codes this device shows, safe to share between concurrent connections.
@_spi(Wire) public actor ShortCodeDesk {
    private var book: ShortCodeBook

    /// An empty desk: the codes it issues last five minutes.
    public init() {
        self.book = ShortCodeBook()
    }

    /// A desk over `book`, for a code lifetime other than five minutes or a book that already holds codes.
    @_spi(Wire) public init(book: ShortCodeBook) {
        self.book = book
    }

    /// A new code to show, valid from `now`.
    public func issue(at now: Date) -> ShortCode { book.issue(at: now) }

    /// Whether the code with this rendezvous part can still be tried (so it should still be advertised).
    public func isOpen(rendezvous: String, at now: Date) -> Bool { book.isOpen(rendezvous: rendezvous, at: now) }

    /// When the code with this rendezvous part expires, if the desk holds it.
    public func expiry(rendezvous: String) -> Date? { book.expiry(rendezvous: rendezvous) }

    /// Burns a code nobody used (the person closed the screen).
    public func burn(rendezvous: String) { book.burn(rendezvous: rendezvous) }

    /// Feeds `bytes` to one connection's responder against this desk's book; returns the responder's new
    /// state with its outcome, so the book is touched only here.
    func receive(_ bytes: [UInt8], into responder: ShortCodeResponder, at now: Date)
        -> (ShortCodeResponder, Result<ShortCodeResult?, ShortCodeError>)
    {
        var responder = responder
        do throws(ShortCodeError) {
            let result = try responder.receive(bytes, book: &book, at: now)
            return (responder, .success(result))
        } catch {
            return (responder, .failure(error))
        }
    }
}
