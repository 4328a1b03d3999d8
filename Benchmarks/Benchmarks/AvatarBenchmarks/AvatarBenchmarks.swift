import Benchmark
import CBenchTurboJPEG
import HandshakeAvatar

/// A 12-megapixel camera photo made into an avatar (read at 1/4 scale, turned, averaged to 512 pixels, written
/// as a JPEG that fits), beside the floor under it: libjpeg-turbo decoding the same photo at the same scale.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(10),
        maxIterations: 200
    )
    let photo = cameraPhoto(width: 4032, height: 3024)

    Benchmark("Avatar from a 12 MP camera JPEG (4032×3024, \(photo.count / 1024) KB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try AvatarPhoto.fit(photo))
        }
    }

    Benchmark("libjpeg-turbo decode of the same photo at 1/4 scale (the floor)") { benchmark in
        let handle = tjInitDecompress()
        defer { tjDestroy(handle) }
        var pixels = [UInt8](repeating: 0, count: 1008 * 756 * 3)
        for _ in benchmark.scaledIterations {
            let status = photo.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { target in
                    tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, 1008, 0, 756, Int32(TJPF_RGB.rawValue), TJFLAG_ACCURATEDCT)
                }
            }
            precondition(status == 0)
            blackHole(pixels)
        }
    }
}

/// A grainy gradient the size of a phone camera's photo, as a quality-90 JPEG (a few megabytes, as cameras write).
func cameraPhoto(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var state: UInt32 = 0x1234_5678
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            let grain = Int(state >> 27)
            let index = (y * width + x) * 3
            pixels[index] = UInt8((x * 255 / width + grain) & 0xFF)
            pixels[index + 1] = UInt8((y * 255 / height + grain) & 0xFF)
            pixels[index + 2] = UInt8(((x + y) * 127 / (width + height) + grain) & 0xFF)
        }
    }
    let handle = tjInitCompress()
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), 90, 0)
    precondition(status == 0, "the benchmark's photo could not be encoded")
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
}
