import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlagEnum(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzz(.flagEnum, data, size)
}
