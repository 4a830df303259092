/// A column's table of values and file names while it is resolved: each
/// packed cell names them by position. `false` and `true` always come first.
final class Interner {
    private(set) var values: [FlagValue] = [.bool(false), .bool(true)]
    private(set) var files: [String] = []
    private var valueIDs: [FlagValue: UInt32] = [.bool(false): 0, .bool(true): 1]
    private var fileIDs: [String: UInt32] = [:]
    private var lastFile: (name: String, id: UInt32)?

    func pack(_ value: FlagValue, _ location: SourceLocation?, layer: UInt8) -> ResolvedMatrix.PackedCell {
        ResolvedMatrix.PackedCell(
            value: id(of: value), file: location.map { id(ofFile: $0.file) } ?? ResolvedMatrix.PackedCell.nowhere,
            line: UInt32(clamping: location?.line ?? 0), column: UInt32(clamping: location?.column ?? 0), layer: layer,
            hasDetails: false)
    }

    /// A value's position in `values`. Inlined for Bools, the commonest values by
    /// far: each layer asks once per cell it decides, millions of times in a large matrix.
    @inline(__always)
    func id(of value: FlagValue) -> UInt32 {
        if case .bool(let bool) = value { return bool ? 1 : 0 }
        return id(ofOther: value)
    }

    private func id(ofOther value: FlagValue) -> UInt32 {
        if let id = valueIDs[value] { return id }
        values.append(value)
        valueIDs[value] = UInt32(values.count - 1)
        return UInt32(values.count - 1)
    }

    func id(ofFile file: String) -> UInt32 {
        if let lastFile, lastFile.name == file { return lastFile.id }
        let id = fileIDs[file] ?? {
            files.append(file)
            fileIDs[file] = UInt32(files.count - 1)
            return UInt32(files.count - 1)
        }()
        lastFile = (file, id)
        return id
    }

    /// Takes in a tenant's values and files; returns where each of their positions is now.
    func absorb(_ other: ResolvedMatrix.TenantCells) -> (values: [UInt32], files: [UInt32]) {
        (other.values.map { id(of: $0) }, other.files.map { id(ofFile: $0) })
    }
}
