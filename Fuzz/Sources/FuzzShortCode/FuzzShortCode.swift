// libFuzzer target: the short code's decoders. Byte 0 chooses what the rest is:
//   0: text typed by a person → ShortCode(parsing:); a code it accepts must print and parse back to itself;
//   1: a byte stream into the showing side's PAKE (byte 1 = where to split it into two reads), with a book
//      holding one code; 2: the same into the typing side's PAKE after it sent message A.
// Invariants: nothing traps; a result carries a 99-byte message B (showing side); once a side throws, every
// later call throws `alreadyFailed`; a well-formed message A always burns the code.
import Foundation
@_spi(Wire) import HandshakeExchange

let now = Date(timeIntervalSince1970: 1_800_000_000)
let code: ShortCode = {
    guard let code = try? ShortCode(parsing: "7KQ1-2M9V-X4DT") else { fatalError("the fixed code does not parse") }
    return code
}()
/// The typing side after it sent message A, made once and copied for every input (it is a value).
let startedInitiator: ShortCodeInitiator = {
    var initiator = ShortCodeInitiator(code: code)
    _ = initiator.start()
    return initiator
}()

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let mode = bytes.first else { return 0 }
    switch mode % 3 {
    case 0:
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        if let parsed = try? ShortCode(parsing: text) {
            guard let again = try? ShortCode(parsing: parsed.displayText()), again == parsed,
                  parsed.displayText(separator: "").count == 12 else { fatalError("a parsed code does not print back") }
        }
    case 1:
        guard bytes.count >= 2 else { return 0 }
        var book = ShortCodeBook()
        book.insert(code, issuedAt: now)
        var responder = ShortCodeResponder(rendezvous: code.rendezvous)
        feed(Array(bytes[2...]), split: Int(bytes[1])) { chunk throws(ShortCodeError) in
            let result = try responder.receive(chunk, book: &book, at: now)
            if let result, result.reply.count != 99 { fatalError("message B is not 99 bytes") }
            return result != nil
        } after: { () throws(ShortCodeError) in
            _ = try responder.receive([0], book: &book, at: now)
        }
        let stream = Array(bytes[2...])
        if stream.count >= 52, stream[0] == 0, stream[1] == 50, stream[2] == 4, stream[3] == 1,
           book.isOpen(rendezvous: code.rendezvous, at: now) {
            fatalError("a well-formed message A did not burn the code")
        }
    default:
        guard bytes.count >= 2 else { return 0 }
        var initiator = startedInitiator
        feed(Array(bytes[2...]), split: Int(bytes[1])) { chunk throws(ShortCodeError) in
            try initiator.receive(chunk) != nil
        } after: { () throws(ShortCodeError) in
            _ = try initiator.receive([0])
        }
    }
    return 0
}

/// Feeds `stream` in two reads; stops at a result; after a throw, checks that `after` throws `alreadyFailed`.
func feed(_ stream: [UInt8], split: Int, _ receive: ([UInt8]) throws(ShortCodeError) -> Bool,
          after: () throws(ShortCodeError) -> Void) {
    let cut = stream.count * split / 256
    for part in [Array(stream[..<cut]), Array(stream[cut...])] {
        do {
            if try receive(part) { return }
        } catch {
            guard !error.description.isEmpty else { fatalError("an error without a sentence") }
            do {
                try after()
                fatalError("a failed run accepted more input")
            } catch {
                guard error == .alreadyFailed else { fatalError("wrong error after failure: \(error)") }
            }
            return
        }
    }
}
