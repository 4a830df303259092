import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTenantDefaults(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzz(.tenantDefaults, data, size)
}
