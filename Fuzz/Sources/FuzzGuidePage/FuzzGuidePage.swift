import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGuidePage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzz(.guidePage, data, size)
}
