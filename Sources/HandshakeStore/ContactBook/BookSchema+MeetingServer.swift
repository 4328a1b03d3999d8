// Establishes migration v7: a meeting keeps the server whose relay carried it (nearby-relay.md), so the
// contact's page can say "through the server …" long after the screens that said it closed. Meetings recorded
// before it went over the network, the only way there was: NULL.
import GRDB

extension BookSchema {
    static func v7(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE exchange ADD COLUMN throughServer TEXT")
    }
}
