// swift-tools-version:6.2
import PackageDescription

// Benchmarks (package-benchmark). Run from this folder:  swift package benchmark
// Kept in their own package so the main build and CI never compile the benchmark harness.
let package = Package(
    name: "HandshakeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Handshake", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
    ],
    targets: [
        // A plain driver for instruction counts under callgrind (see docs/performance.md).
        .executableTarget(name: "ProfileVerify", dependencies: [.product(name: "HandshakeCore", package: "Handshake")], path: "Profile"),
        .executableTarget(name: "ProfileStore", dependencies: [.product(name: "HandshakeStore", package: "Handshake")], path: "ProfileStore"),
        // libqrencode, linked here only, as the peer the QR encoder is measured against.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .executableTarget(
            name: "CardBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeCore", package: "Handshake"),
                .product(name: "HandshakeQR", package: "Handshake"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/CardBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeStore", package: "Handshake"),
                .product(name: "HandshakeCore", package: "Handshake"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/StoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "QRBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeQR", package: "Handshake"),
                "CQRencode",
            ],
            path: "Benchmarks/QRBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // VC-JWT verification beside bare Ed25519, and the scan router's dispatch per input.
        .executableTarget(
            name: "CredentialBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeCredentials", package: "Handshake"),
                .product(name: "HandshakeCore", package: "Handshake"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/CredentialBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // libjpeg-turbo, linked here for the floor an avatar is measured against: decoding the photo alone.
        .systemLibrary(name: "CBenchTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // A camera photo made into an avatar beside decoding it alone at the same scale.
        .executableTarget(
            name: "AvatarBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeAvatar", package: "Handshake"),
                "CBenchTurboJPEG",
            ],
            path: "Benchmarks/AvatarBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Common friends (PSI) beside bare X25519; openmined-psi is timed by psi_openmined.py beside it.
        .executableTarget(
            name: "PSIBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeExchange", package: "Handshake"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/PSIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // A whole nearby exchange in memory beside the bare public-key operations it needs.
        .executableTarget(
            name: "ExchangeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "HandshakeExchange", package: "Handshake"),
                .product(name: "HandshakeCore", package: "Handshake"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/ExchangeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Figures of the nearby exchange that are not CPU timings: virtual time over the simulated Bluetooth
        // link, and wall time over loopback TCP (docs/performance.md, "Nearby exchange").
        .executableTarget(
            name: "NearbyFigures",
            dependencies: [
                .product(name: "HandshakeNearby", package: "Handshake"),
                .product(name: "HandshakeLinkSimulator", package: "Handshake"),
                .product(name: "HandshakeExchange", package: "Handshake"),
                .product(name: "HandshakeCore", package: "Handshake"),
            ],
            path: "NearbyFigures"
        ),
    ]
)
