/// A column's table of values and file names while it is resolved: each
/// packed cell names them by position. `false` and `true` always come first.
///
/// A tenant's interner may be given its file's number in the whole matrix
/// (`own`), and number other files from `fileBase` up, past every tenant's file:
/// then a cell that names its tenant's file, or only a Bool, is numbered as the
/// matrix numbers it already, and need not be renumbered when the tables merge.
final class Interner {
    private(set) var values: [FlagValue] = [.bool(false), .bool(true)]
    /// The files other than `own`; the file numbered `fileBase + i` is the `i`th.
    private(set) var files: [String] = []
    private var valueIDs: [FlagValue: UInt32] = [.bool(false): 0, .bool(true): 1]
    private var fileIDs: [String: UInt32] = [:]
    private var lastFile: (name: String, id: UInt32)?
    /// The tenant's file and its number in the matrix, when the interner is a tenant's.
    private let own: (name: String, id: UInt32)?
    /// The number of the first file in `files`.
    private let fileBase: UInt32

    init(own: (name: String, id: UInt32)? = nil, fileBase: UInt32 = 0) {
        self.own = own
        self.fileBase = fileBase
        lastFile = own
    }

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
        let id =
            if let own, own.name == file {
                own.id
            } else {
                fileIDs[file] ?? {
                    files.append(file)
                    fileIDs[file] = fileBase + UInt32(files.count - 1)
                    return fileBase + UInt32(files.count - 1)
                }()
            }
        lastFile = (file, id)
        return id
    }

    /// Takes in a tenant's values and files; returns where each of their positions
    /// is now: its values by position, its files past `fileBase` by position in `files`.
    func absorb(_ other: ResolvedMatrix.TenantCells) -> (values: [UInt32], files: [UInt32]) {
        (other.values.map { id(of: $0) }, other.files.map { id(ofFile: $0) })
    }
}
