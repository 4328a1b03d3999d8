import HandshakeServer
import HandshakeTestSupport

// The shared manual clock, as the mailbox's clock.
extension ManualClock: MailboxClock {}
