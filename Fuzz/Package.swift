// swift-tools-version: 6.1
// The fuzzers: one libFuzzer executable per reader, in their own package so the
// main package's builds and tests never see the sanitizer flags. Build and run
// them with `scripts/fuzz`; see "Fuzzing" in the README.
import PackageDescription

/// The readers fuzzed, each an executable named `Fuzz<Name>`.
let readers = [
    "TenantDefaults", "FlagEnum", "Catalog", "Configuration", "GuidePage", "CodeScan", "RemoteTemplate", "SwiftDeclarations", "Xcconfig",
    "JustTweak", "RemoteConfigDefaults", "Toggles",
]

let package = Package(
    name: "FlagstaffFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Flagstaff", path: "..")],
    targets: [
        // What each fuzzer runs and checks; also compiled into the main package's
        // FlagstaffReadersTests, which replays the committed corpus.
        .target(name: "FuzzTargets", dependencies: ["CFuzzer", .product(name: "FlagstaffReaders", package: "Flagstaff")]),
        // Declares libFuzzer's LLVMFuzzerRunDriver, which each fuzzer's main calls.
        .target(name: "CFuzzer"),
    ] + readers.map { name in
        // libFuzzer is linked into the fuzzers only: SwiftPM builds the main package's
        // plugin tool (ThemeEmbedder) with the same -Xswiftc flags, and libFuzzer's
        // main would clash with its own. The code is instrumented by the flags
        // scripts/fuzz passes: -sanitize=address and -sanitize-coverage.
        .executableTarget(
            name: "Fuzz\(name)", dependencies: ["FuzzTargets"], linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])])
    }
)
