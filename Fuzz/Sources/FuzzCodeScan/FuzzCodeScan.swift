import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodeScan(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzz(.codeScan, data, size)
}
