import FlagstaffCore

/// Every cell of the matrix as a position in a table of distinct looks (class,
/// text, why, value), with each flag's "differs" and "remote" marks per
/// environment, and whether its value differs between environments.
struct MatrixCells {
    /// One way a cell is shown.
    struct Look: Hashable {
        var css: String
        var text: String
        var why: String?
        /// Whether remote config decides the cell.
        var remote: Bool
        /// The value in words, without the mark, for comparing cells: `on`, `on/off`.
        var word: String
    }

    /// The characters a cell string is written in: printable ASCII without `"`,
    /// `\` and `<`, so a cell string needs no escaping in JSON or a script.
    static let alphabet: [Character] = (0x23...0x7E).compactMap { code in
        code == 0x3C || code == 0x5C ? nil : Character(Unicode.Scalar(UInt8(code)))
    }

    /// Every distinct look, numbered in the order the flags meet them.
    private var table = LookTable()
    var looks: [Look] { table.looks }
    /// The look of each cell, flag-major, then environment, then tenant.
    private var cells: [Int32] = []
    /// Per flag and environment (flag-major): whether values differ between tenants.
    private(set) var differs: [Bool] = []
    /// Per flag and environment (flag-major): whether remote config decides a cell.
    private(set) var remote: [Bool] = []
    /// Per flag: whether some tenant's value differs between environments.
    private(set) var differsBetweenEnvironments: [Bool] = []
    /// The runs of MARK groups, and each flag's run.
    let groups: [(name: String?, positions: Range<Int>)]
    let groupOfFlag: [Int]

    /// Each group's name as a static table shows it; flags before the first MARK
    /// are "Other flags", or "All flags" when there is no MARK at all.
    var groupNames: [String] {
        let named = groups.contains { $0.name != nil }
        return groups.map { $0.name ?? (named ? "Other flags" : "All flags") }
    }
    private let tenantCount: Int, environmentCount: Int
    /// How many characters one cell takes in a cell string.
    private(set) var width = 1
    /// Each look's characters in a cell string, most significant first: look
    /// number `n` is the `width` bytes from `n * width`, read without touching a
    /// reference count.
    private var codes: [UInt8] = []

    init(_ site: SiteRenderer) {
        let matrix = site.matrix
        let model = matrix.model
        (tenantCount, environmentCount) = (model.tenants.count, model.environments.count)
        groups = MatrixSlice(matrix).groupPositions
        var groupOfFlag = [Int](repeating: 0, count: model.flags.count)
        for (index, group) in groups.enumerated() { for position in group.positions { groupOfFlag[position] = index } }
        self.groupOfFlag = groupOfFlag
        let remoteLayer = matrix.position(of: RemoteConfigLayer.kind)
        // Runs of flags are read on every core, each with a table of looks of its
        // own; merged in order, every look gets the number one pass in flag order
        // would give it (the order it is first met in), so the bytes are the same.
        let (flagCount, tenantCount, environmentCount) = (model.flags.count, tenantCount, environmentCount)
        let runLength = max(1, (flagCount + 63) / 64)
        let allTenants = Array(0..<tenantCount)
        let runs = Parallel.map((flagCount + runLength - 1) / runLength) { run in
            var part = Part()
            var byPresentation = [Int?](repeating: nil, count: matrix.presentationCount)
            let flags = run * runLength..<min(flagCount, (run + 1) * runLength)
            part.cells.reserveCapacity(flags.count * environmentCount * tenantCount)
            // A row's cells are read in one call: read one by one on every core, they
            // would contend for the reference count of the matrix's storage.
            var row: [ResolvedMatrix.PackedCell] = []
            for flag in flags {
                for environment in 0..<environmentCount {
                    var anyRemote = false
                    matrix.cells(flag: flag, environment: environment, tenants: allTenants, into: &row)
                    for (tenant, packed) in row.enumerated() {
                        let isRemote = remoteLayer == Int(packed.layer)
                        anyRemote = anyRemote || isRemote
                        if !packed.hasDetails {
                            let id = matrix.presentationID(of: packed)
                            if let known = byPresentation[id] {
                                part.cells.append(Int32(known))
                            } else {
                                let presentation = matrix.presentation(id: id)
                                let look = part.table.intern(
                                    Look(css: presentation.cssClass, text: presentation.text, why: nil, remote: isRemote, word: presentation.word))
                                byPresentation[id] = look
                                part.cells.append(Int32(look))
                            }
                        } else {
                            let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                            let presentation = CellPresentation(resolution)
                            let why = site.reasons.reason(resolution, environment: model.environments[environment], flag: model.flags[flag])
                            part.cells.append(
                                Int32(part.table.intern(Look(css: presentation.cssClass, text: presentation.text, why: why, remote: isRemote, word: presentation.word))))
                        }
                    }
                    part.differs.append(
                        row.contains(where: \.hasDetails)
                            ? matrix.differsBetweenTenants(flag: flag, environment: environment) : row.contains { $0.value != row[0].value })
                    part.remote.append(anyRemote)
                }
                // Read through constants: a function that captured `part` would make
                // every use of it in this loop check for overlapping access at run time.
                let (first, looks, runCells) = ((flag - flags.lowerBound) * environmentCount * tenantCount, part.table.looks, part.cells)
                part.differsBetweenEnvironments.append((0..<tenantCount).contains { tenant in
                    let word = looks[Int(runCells[first + tenant])].word
                    return (1..<max(1, environmentCount)).contains { looks[Int(runCells[first + $0 * tenantCount + tenant])].word != word }
                })
            }
            return part
        }
        cells.reserveCapacity(flagCount * environmentCount * tenantCount)
        for part in runs {
            let numbers = part.table.looks.map { Int32(table.intern($0)) }
            cells += part.cells.lazy.map { numbers[Int($0)] }
            differs += part.differs
            remote += part.remote
            differsBetweenEnvironments += part.differsBetweenEnvironments
        }
        var capacity = Self.alphabet.count
        while capacity < looks.count { width += 1; capacity *= Self.alphabet.count }
        let (base, width) = (Self.alphabet.count, width)
        codes = looks.indices.flatMap { look in
            (0..<width).reversed().map { place in
                var digit = look
                for _ in 0..<place { digit /= base }
                return Self.alphabet[digit % base].asciiValue!
            }
        }
    }

    /// Looks numbered in the order they are first added.
    private struct LookTable: Sendable {
        private(set) var looks: [Look] = []
        private var positions: [Look: Int] = [:]

        /// The number of a look, which it gets when it is new.
        mutating func intern(_ look: Look) -> Int {
            if let known = positions[look] { return known }
            looks.append(look)
            positions[look] = looks.count - 1
            return looks.count - 1
        }
    }

    /// The looks of a run of flags, numbered in the order the run meets them, and
    /// what `init` keeps of each of its flags.
    private struct Part: Sendable {
        var table = LookTable()
        var cells: [Int32] = []
        var differs: [Bool] = [], remote: [Bool] = [], differsBetweenEnvironments: [Bool] = []
    }

    /// The position of a cell's look.
    func look(flag: Int, tenant: Int, environment: Int) -> Int {
        Int(cells[(flag * environmentCount + environment) * tenantCount + tenant])
    }

    /// Runs `body` with the looks of one flag's cells in one environment, by tenant.
    func withLooks<Result>(flag: Int, environment: Int, _ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result {
        cells.withUnsafeBufferPointer { cells in
            let start = (flag * environmentCount + environment) * tenantCount
            return body(UnsafeBufferPointer(rebasing: cells[start..<start + tenantCount]))
        }
    }

    /// One flag's cells in one environment, `width` characters per tenant.
    func encoded(flag: Int, environment: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tenantCount * width)
        codes.withUnsafeBufferPointer { codes in
            for tenant in 0..<tenantCount {
                let start = look(flag: flag, tenant: tenant, environment: environment) * width
                bytes.append(contentsOf: codes[start..<start + width])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
