// Establishes that event ids never go backwards for a client, even after the database is restored from a
// backup. A client resumes a stream from the highest id it saw (`Last-Event-ID`); a database restored from
// last night's copy had handed out ids up to, say, 382 where the live one had reached 480, so its next event
// was 383 and a client resuming from 480 saw none of what came after the restore. Every start therefore
// raises the next id to at least 1,000 × the server's clock in Unix milliseconds. Ids handed out before grew by
// one per event from the floor of an earlier start, so unless a server recorded more than 1,000 events a
// millisecond on average since it started, each of them is below the floor of any later start: a restore is
// always followed by a start, and the ids after it are above any a client holds. 1,000 × today's milliseconds
// is about 1.8 × 10¹⁵, below 2⁵³, so the ids stay exact in JavaScript's numbers until the year 2255.
// What it relies on: a server clock that does not go back by more than the time between the backup and the
// restore.
import Foundation

/// Where event ids continue from when a server starts.
public enum EventNumbering {
    /// The floor of the event ids after a start at `now`: the next event's id is above it.
    public static func floor(at now: Date) -> Int64 {
        now.unixMillis * 1000
    }
}
