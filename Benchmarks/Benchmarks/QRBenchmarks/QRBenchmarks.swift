// QR encoding throughput for a typical card's QR text, against libqrencode in the same run.
//
// The text is what `HandshakeCore` puts in a card's QR code: "HC1:" and Base45, 420 characters, all in
// the alphanumeric set. Both encoders choose the version (13 at level M) and the mask themselves.
import Benchmark
import CQRencode
import HandshakeQR

/// "HC1:" followed by 416 Base45 characters from a fixed linear congruential sequence, so every run and
/// every machine measures the same text.
let cardText: String = {
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    var state: UInt32 = 0x4843_3121
    var text = "HC1:"
    for _ in 0..<416 {
        state = state &* 1_664_525 &+ 1_013_904_223
        text.append(alphabet[Int(state >> 16) % alphabet.count])
    }
    return text
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .cpuTotal, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 1_000_000
    )

    Benchmark("HandshakeQR encode card text (420 chars, EC M, auto version)") { benchmark in
        for _ in benchmark.scaledIterations {
            let code = try QRCode(encoding: cardText, errorCorrection: .medium)
            blackHole(code)
        }
    }

    Benchmark("libqrencode QRcode_encodeString (same text, EC M)") { benchmark in
        cardText.withCString { text in
            for _ in benchmark.scaledIterations {
                let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
                blackHole(code?.pointee.width)
                QRcode_free(code)
            }
        }
    }
}
