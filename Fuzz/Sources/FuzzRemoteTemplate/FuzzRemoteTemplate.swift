import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRemoteTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzz(.remoteTemplate, data, size)
}
