import HandshakeCore
import HandshakeMailbox
@testable import HandshakeServer
import Testing

/// The rules that turn an open-file limit into caps (``DescriptorBudget``), the per-account and
/// per-instance stream counts (``EventStreamQuota``), the refusal counts the log writes (``FloodLog``), and
/// the limit read and raised at start-up (``OpenFileLimit``).
@Suite struct DescriptorBudgetTests {
    @Test func systemdsDefaultLimitGivesTheseCaps() throws {
        let sqlite = try DescriptorBudget(limit: 1024, database: .sqlite, cores: 2)
        #expect(sqlite.reserve == 88 && sqlite.sockets == 936 && sqlite.connections == 878)
        #expect(sqlite.pressureThreshold == 658 && sqlite.streams == 439 && sqlite.streamsPerAccount == 8)
        let postgres = try DescriptorBudget(limit: 1024, database: .postgres, cores: 2)
        #expect(postgres.reserve == 120 && postgres.sockets == 904 && postgres.connections == 848 && postgres.streams == 424)
        #expect(
            sqlite.summary
                == "open-file limit 1024: up to 878 connections served (58 more are answered 503 and closed; accepting pauses at 936), idle ones closed after 1 s from 658 on, 439 event streams (8 per account), 88 descriptors kept for the database, the log and the runtime"
        )
    }

    /// Whatever the limit and the machine, the caps nest inside it and leave the reserve alone.
    @Test(arguments: [152, 200, 1024, 4096, 65_536, 1 << 20]) func theCapsNestInsideTheLimit(_ limit: Int) throws {
        for database in [DescriptorBudget.DatabaseShare.sqlite, .postgres] {
            for cores in [1, 2, 64] {
                guard let budget = try? DescriptorBudget(limit: limit, database: database, cores: cores) else {
                    #expect(limit < DescriptorBudget.runtimeReserve(cores: cores) + database.descriptors + DescriptorBudget.minimumSockets)
                    continue
                }
                #expect(budget.reserve + budget.sockets == limit)
                #expect(budget.reserve >= database.descriptors + 64)
                #expect(budget.sockets - budget.connections >= 8)
                #expect(budget.pressureThreshold < budget.connections && budget.streams < budget.connections)
                #expect(budget.streamsPerAccount <= budget.streams)
            }
        }
    }

    @Test func aLimitTooLowToServeIsRefusedWithASentence() {
        #expect(throws: OpenFileLimitError.tooLow(limit: 100, needed: 152)) { try DescriptorBudget(limit: 100, database: .sqlite, cores: 2) }
        #expect(OpenFileLimitError.tooLow(limit: 100, needed: 152).description.contains("raise it with ulimit -n, or LimitNOFILE="))
        // A router made outside `run` takes the lowest limit the server starts with instead.
        #expect(DescriptorBudget.fitting(limit: 100, database: .sqlite, cores: 2).limit == 152)
        #expect(DescriptorBudget.fitting(limit: 4096, database: .sqlite, cores: 2).limit == 4096)
    }

    @Test func theLimitIsReadAndRaisedNoFurtherThanTheHardLimit() {
        let read = OpenFileLimit.read()
        #expect(read.current <= read.hard && read.current >= 3)
        let raised = OpenFileLimit.raised()
        #expect(raised.current >= read.current && raised.current <= raised.hard)
        #expect(raised.current == min(raised.hard, OpenFileLimit.ceiling))
        #expect(OpenFileLimit.read().current == raised.current)
    }

    @Test func streamsAreCountedPerAccountAndForTheInstance() throws {
        let quota = EventStreamQuota(total: 3, perAccount: 2)
        let (ada, bob, cy) = (Self.account(), Self.account(), Self.account())
        let first = try quota.take(for: ada)
        let second = try quota.take(for: ada)
        #expect(throws: MailboxError.tooManyEventStreams(limit: 2)) { try quota.take(for: ada) }
        let bobs = try quota.take(for: bob)
        #expect(throws: MailboxError.serverBusy(retryAfter: EventStreamQuota.retryAfterSeconds)) { try quota.take(for: cy) }
        // A place is given back once, however often it is released.
        first.release()
        first.release()
        #expect(quota.count(for: ada) == (total: 2, account: 1))
        var again: EventStreamPermit? = try quota.take(for: cy)
        #expect(quota.count(for: cy) == (total: 3, account: 1))
        // A permit that is dropped (a response whose body was never written) gives its place back too.
        again = nil
        #expect(again == nil && quota.count(for: cy) == (total: 2, account: 0))
        _ = (second, bobs)
    }

    @Test func floodsAreCountedAndWrittenAsOneLine() {
        let floods = FloodLog()
        #expect(floods.count("429 POST /v1/auth/challenge"))
        #expect(!floods.count("429 POST /v1/auth/challenge"))
        for _ in 0..<998 { floods.count("429 POST /v1/auth/challenge") }
        #expect(floods.count("503 GET /health"))
        let counts = floods.drain()
        #expect(counts == ["429 POST /v1/auth/challenge": 1000, "503 GET /health": 1])
        #expect(FloodLog.line(counts, seconds: 10) == "refused in the last 10 s: 1000 × 429 POST /v1/auth/challenge; 1 × 503 GET /health")
        #expect(floods.drain().isEmpty && FloodLog.line([:], seconds: 10) == nil)
        // After a drain, the first of a kind is logged in full again.
        #expect(floods.count("429 POST /v1/auth/challenge"))
    }

    @Test func theNewRefusalsReadBackFromTheWire() {
        #expect(MailboxError(code: "server_busy", detail: nil, retryAfter: 2) == .serverBusy(retryAfter: 2))
        #expect(MailboxError(code: "too_many_streams", detail: "8", retryAfter: nil) == .tooManyEventStreams(limit: 8))
        #expect(MailboxError.serverBusy(retryAfter: 2).status == .serviceUnavailable && MailboxError.tooManyEventStreams(limit: 8).status == .tooManyRequests)
    }

    static func account() -> NodeID {
        Identity.generate().nodeID
    }
}
