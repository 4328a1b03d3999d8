import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Short code: the PAKE between two devices")
struct ShortCodeExchangeTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    struct Run {
        var book = ShortCodeBook()
        let shown: ShortCode
        init(seed: UInt64 = 7) {
            var generator = SeededGenerator(state: seed)
            shown = book.issue(at: ShortCodeExchangeTests.t0, using: &generator)
        }
    }

    /// Runs both sides over memory; returns both results or the first error.
    static func exchange(typed: ShortCode, run: inout Run, at now: Date = t0, bindingA: [UInt8] = [], bindingB: [UInt8] = [],
                         split: Int = .max) throws(ShortCodeError) -> (initiator: ShortCodeResult, responder: ShortCodeResult) {
        var initiator = ShortCodeInitiator(code: typed, channelBinding: bindingA)
        var responder = ShortCodeResponder(rendezvous: typed.rendezvous, channelBinding: bindingB)
        let a = initiator.start()
        var responderResult: ShortCodeResult?
        for chunk in stride(from: 0, to: a.count, by: min(split, a.count)).map({ Array(a[$0..<min($0 + split, a.count)]) }) {
            responderResult = try responder.receive(chunk, book: &run.book, at: now)
        }
        guard let responderResult else { throw .malformedMessage("no result") }
        var initiatorResult: ShortCodeResult?
        let b = responderResult.reply
        for chunk in stride(from: 0, to: b.count, by: min(split, b.count)).map({ Array(b[$0..<min($0 + split, b.count)]) }) {
            initiatorResult = try initiator.receive(chunk)
        }
        guard let initiatorResult else { throw .malformedMessage("no result") }
        return (initiatorResult, responderResult)
    }

    @Test(arguments: [Int.max, 1, 7])
    func sameCodeGivesTheSameSecret(split: Int) throws {
        var run = Run()
        let typed = try ShortCode(parsing: run.shown.displayText().lowercased())
        let (a, b) = try Self.exchange(typed: typed, run: &run, split: split)
        #expect(a.secret.bytes == b.secret.bytes)
        #expect(a.reply.isEmpty && a.remainder.isEmpty && b.remainder.isEmpty)
        #expect(b.reply.count == 2 + 1 + 96)
        #expect(!run.book.isOpen(rendezvous: typed.rendezvous, at: Self.t0))
    }

    @Test func twoRunsOfTheSameCodeGiveDifferentSecrets() throws {
        var first = Run(seed: 9), second = Run(seed: 9)
        let one = try Self.exchange(typed: first.shown, run: &first)
        let two = try Self.exchange(typed: second.shown, run: &second)
        #expect(first.shown == second.shown)
        #expect(one.initiator.secret.bytes != two.initiator.secret.bytes)
    }

    @Test func aWrongCodeFailsOnceAndBurnsIt() throws {
        var run = Run()
        var digits = run.shown.digits
        digits[8] ^= 1  // same rendezvous, another password
        let wrong = ShortCode(digits: digits)
        #expect(throws: ShortCodeError.codeDoesNotMatch) { try Self.exchange(typed: wrong, run: &run) }
        #expect(ShortCodeError.codeDoesNotMatch.description.contains("the code does not match") || ShortCodeError.codeDoesNotMatch.description.contains("The code does not match"))
        #expect(!run.book.isOpen(rendezvous: run.shown.rendezvous, at: Self.t0))
        // The right code, typed next, is refused: the wrong attempt burned it.
        #expect(throws: ShortCodeError.alreadyUsed) { try Self.exchange(typed: run.shown, run: &run) }
    }

    @Test func aCodeWorksOnce() throws {
        var run = Run()
        _ = try Self.exchange(typed: run.shown, run: &run)
        #expect(throws: ShortCodeError.alreadyUsed) { try Self.exchange(typed: run.shown, run: &run) }
    }

    @Test func aCodeExpiresAfterFiveMinutes() throws {
        var run = Run()
        #expect(run.book.isOpen(rendezvous: run.shown.rendezvous, at: Self.t0.addingTimeInterval(299)))
        #expect(!run.book.isOpen(rendezvous: run.shown.rendezvous, at: Self.t0.addingTimeInterval(300)))
        #expect(throws: ShortCodeError.expired) { try Self.exchange(typed: run.shown, run: &run, at: Self.t0.addingTimeInterval(300)) }
        var fresh = Run()
        _ = try Self.exchange(typed: fresh.shown, run: &fresh, at: Self.t0.addingTimeInterval(299))
    }

    @Test func anUnknownRendezvousIsRefused() throws {
        var run = Run()
        var digits = run.shown.digits
        digits[0] ^= 1
        #expect(throws: ShortCodeError.unknownCode) { try Self.exchange(typed: ShortCode(digits: digits), run: &run) }
        #expect(run.book.isOpen(rendezvous: run.shown.rendezvous, at: Self.t0))
    }

    @Test func differentChannelBindingsDoNotMatch() throws {
        var run = Run()
        #expect(throws: ShortCodeError.codeDoesNotMatch) {
            try Self.exchange(typed: run.shown, run: &run, bindingA: Array("instance-a".utf8), bindingB: Array("instance-b".utf8))
        }
    }

    @Test func theBookIssuesDistinctRendezvousParts() {
        var book = ShortCodeBook()
        var generator = SeededGenerator(state: 1)
        let codes = (0..<200).map { _ in book.issue(at: Self.t0, using: &generator) }
        #expect(Set(codes.map(\.rendezvous)).count == 200)
        book.burn(rendezvous: codes[0].rendezvous)
        #expect(!book.isOpen(rendezvous: codes[0].rendezvous, at: Self.t0))
        #expect(book.expiry(rendezvous: codes[1].rendezvous) == Self.t0.addingTimeInterval(300))
        book.removeExpired(at: Self.t0.addingTimeInterval(301))
        #expect(book.expiry(rendezvous: codes[1].rendezvous) == nil)
    }

    @Test func theSecretOpensTheChannelAndAMismatchIsExplained() throws {
        var run = Run()
        let (a, b) = try Self.exchange(typed: run.shown, run: &run)
        var initiator = SecureChannel(role: .initiator, secret: a.secret)
        var responder = SecureChannel(role: .responder, secret: b.secret)
        var toInitiator: [UInt8] = []
        for case .send(let bytes) in try responder.receive(initiator.start()) { toInitiator += bytes }
        _ = try initiator.receive(toInitiator)
        #expect(initiator.isEstablished && responder.isEstablished)

        // A typing side that went on with another secret: the showing side's channel fails, and says why.
        let other = try #require(SessionSecret(bytes: [UInt8](repeating: 9, count: 32)))
        var impostor = SecureChannel(role: .initiator, secret: other)
        var victim = SecureChannel(role: .responder, secret: b.secret)
        do {
            _ = try victim.receive(impostor.start())
            Issue.record("the channel opened with two different secrets")
        } catch {
            #expect(ShortCodeResponder.explain(error) == .codeDoesNotMatch)
        }
    }

    @Test func malformedFramesGiveTypedErrors() throws {
        let code = Run().shown
        func responderError(_ bytes: [UInt8]) -> ShortCodeError? {
            var run = Run()
            var responder = ShortCodeResponder(rendezvous: code.rendezvous)
            do {
                _ = try responder.receive(bytes, book: &run.book, at: Self.t0)
                return nil
            } catch {
                return error
            }
        }
        var initiator = ShortCodeInitiator(code: code)
        let a = initiator.start()
        #expect(responderError([0x00, 0x00]) == .malformedMessage("a frame of length 0"))
        #expect(responderError([0x01, 0x01]) == .malformedMessage("a frame of 257 bytes, over the limit of 256"))
        #expect(responderError([0x00, 0x05, 0x05]) == .unexpectedMessage(type: 5))
        #expect(responderError([0x00, 0x02, 0x04, 0x01]) == .malformedMessage("message A has 1 bytes, not 49"))
        #expect(responderError([0x00, 0x02, 0x04, 0x02]) == .unsupportedVersion(2))
        #expect(responderError(Array(a.prefix(20))) == nil)  // incomplete: waits
        // A low-order share: the code is burned, and the run ends.
        var lowOrder = a
        for index in 20..<52 { lowOrder[index] = 0 }
        #expect(responderError(lowOrder) == .invalidShare)

        // The initiator: nothing before start, a wrong type, a short message B, and a low-order Yb.
        var early = ShortCodeInitiator(code: code)
        #expect(throws: ShortCodeError.unexpectedMessage(type: 0)) { try early.receive([0x00]) }
        #expect(throws: ShortCodeError.alreadyFailed) { try early.receive([0x00]) }
        for (bytes, expected) in [
            ([0x00, 0x02, 0x04, 0x00], ShortCodeError.unexpectedMessage(type: 4)),
            ([0x00, 0x02, 0x05, 0x00], .malformedMessage("message B has 1 bytes, not 96")),
            ([0x00, 0x61, 0x05] + [UInt8](repeating: 0, count: 96), .invalidShare),
        ] as [([UInt8], ShortCodeError)] {
            var side = ShortCodeInitiator(code: code)
            _ = side.start()
            #expect(throws: expected) { try side.receive(bytes) }
            #expect(side.failure == expected)
        }
    }

    @Test func bytesAfterMessageBAreHandedToTheChannel() throws {
        var run = Run()
        var initiator = ShortCodeInitiator(code: run.shown)
        var responder = ShortCodeResponder(rendezvous: run.shown.rendezvous)
        let a = initiator.start()
        let b = try #require(try responder.receive(a + [1, 2, 3], book: &run.book, at: Self.t0))
        #expect(b.remainder == [1, 2, 3])
        let result = try #require(try initiator.receive(b.reply + [9]))
        #expect(result.remainder == [9])
        #expect(throws: ShortCodeError.unexpectedMessage(type: 0)) { try initiator.receive([0]) }
    }

    /// The secret each side would derive, computed from CPace directly: equal for equal codes, different
    /// for different passwords (the state machines never get that far with a wrong code: Tb stops it).
    @Test func differentCodesDeriveDifferentSecrets() throws {
        let sid = [UInt8](repeating: 5, count: 16), ya = [UInt8](repeating: 1, count: 32), yb = [UInt8](repeating: 2, count: 32)
        func secret(typed: ShortCode, shown: ShortCode) throws -> (a: [UInt8], b: [UInt8]) {
            let ga = CPace.generator(prs: typed.password, ci: ShortCodePAKE.channelIdentifier(rendezvous: typed.rendezvous, binding: []), sid: sid)
            let gb = CPace.generator(prs: shown.password, ci: ShortCodePAKE.channelIdentifier(rendezvous: shown.rendezvous, binding: []), sid: sid)
            let shareA = try #require(CPace.scalarMultiply(ya, ga)), shareB = try #require(CPace.scalarMultiply(yb, gb))
            let kA = try #require(CPace.scalarMultiply(ya, shareB)), kB = try #require(CPace.scalarMultiply(yb, shareA))
            let typedLabel = NearbyProtocol.shortCodeTypedLabel, shownLabel = NearbyProtocol.shortCodeShownLabel
            let iskA = CPace.intermediateSessionKey(sid: sid, k: kA, ya: shareA, adA: typedLabel, yb: shareB, adB: shownLabel)
            let iskB = CPace.intermediateSessionKey(sid: sid, k: kB, ya: shareA, adA: typedLabel, yb: shareB, adB: shownLabel)
            return (try #require(ShortCodePAKE.sessionSecret(isk: iskA)).bytes, try #require(ShortCodePAKE.sessionSecret(isk: iskB)).bytes)
        }
        let code = Run().shown
        var digits = code.digits
        digits[5] ^= 3
        let same = try secret(typed: code, shown: code)
        let different = try secret(typed: ShortCode(digits: digits), shown: code)
        #expect(same.a == same.b)
        #expect(different.a != different.b)
        #expect(different.a != same.a)
    }

    @Test func descriptionsHideScalarsAndCodes() throws {
        let code = Run().shown
        let initiator = ShortCodeInitiator(code: code, channelBinding: [], scalar: [UInt8](repeating: 0xAB, count: 32), sid: [UInt8](repeating: 0xCD, count: 16))
        let responder = ShortCodeResponder(rendezvous: code.rendezvous, channelBinding: [], scalar: [UInt8](repeating: 0xAB, count: 32))
        for text in [String(describing: initiator), String(reflecting: initiator), String(describing: responder), String(reflecting: responder)] {
            #expect(!text.contains("ab") && !text.contains("171") && !text.contains("cd") && !text.contains("205"))
            #expect(!text.contains(String(code.displayText(separator: "").suffix(8))))
        }
    }
}
