import CFuzzer
import Glibc

/// Runs libFuzzer on one target with the command line's options, and exits.
/// Any broken contract stops the run with the input saved as a crash.
public func runFuzzer(_ target: FuzzTarget) -> Never {
    fuzzedTarget = target
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
}

/// The target `runFuzzer` runs; a global, as libFuzzer's callback is a C function.
nonisolated(unsafe) private var fuzzedTarget = FuzzTarget.catalog

/// One input. Also exported under the name libFuzzer's own `main` (linked in,
/// though SwiftPM's entry point replaces it) refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let problem = fuzzedTarget.check(bytes) { fatalError("\(fuzzedTarget.rawValue): \(problem)") }
    return 0
}
