/// Every flag resolved for every tenant in every environment.
///
/// Cells are kept packed, 16 bytes each: the value and the deciding layer by
/// position, and where the value is written. Only a cell whose layer said more
/// (a reason, variants, a hidden value) keeps its whole `Resolution`. Columns
/// (one tenant, every flag, every environment) are resolved in parallel.
public struct ResolvedMatrix: Sendable {
    /// One cell, packed: what a view that shows many cells needs, without allocating.
    public struct PackedCell: Sendable, Hashable {
        /// The value's position in `values`.
        public var value: UInt32
        /// Where the value is written: a position in the matrix's file names
        /// (`UInt32.max` when it is written nowhere).
        var file: UInt32
        /// The line in the low 31 bits; the top bit says whether the cell has details.
        private var lineAndDetails: UInt32
        /// The column in the low 24 bits, the deciding layer's position in the top 8.
        /// Inputs are at most `InputLimits.fileBytes` (8 MiB), so every line and
        /// column fits; a larger one would be clamped.
        private var columnAndLayer: UInt32

        static let nowhere = UInt32.max
        private static let detailsBit: UInt32 = 1 << 31, columnMask: UInt32 = 0xFF_FFFF

        init(value: UInt32, file: UInt32, line: UInt32, column: UInt32, layer: UInt8, hasDetails: Bool) {
            self.value = value
            self.file = file
            lineAndDetails = min(line, ~Self.detailsBit) | (hasDetails ? Self.detailsBit : 0)
            columnAndLayer = min(column, Self.columnMask) | UInt32(layer) << 24
        }

        /// The line the value is written on.
        var line: UInt32 {
            get { lineAndDetails & ~Self.detailsBit }
            set { lineAndDetails = min(newValue, ~Self.detailsBit) | (lineAndDetails & Self.detailsBit) }
        }
        /// The column the value is written at.
        var column: UInt32 {
            get { columnAndLayer & Self.columnMask }
            set { columnAndLayer = min(newValue, Self.columnMask) | (columnAndLayer & ~Self.columnMask) }
        }
        /// The deciding layer's position in the chain.
        public var layer: UInt8 {
            get { UInt8(truncatingIfNeeded: columnAndLayer >> 24) }
            set { columnAndLayer = (columnAndLayer & Self.columnMask) | UInt32(newValue) << 24 }
        }
        /// Whether the deciding layer said more than a value: a reason, variants or
        /// the value it hides. `resolution(flag:tenant:environment:)` has it all.
        public var hasDetails: Bool {
            get { lineAndDetails & Self.detailsBit != 0 }
            set { lineAndDetails = (lineAndDetails & ~Self.detailsBit) | (newValue ? Self.detailsBit : 0) }
        }
    }

    /// The model the matrix was resolved from.
    public internal(set) var model: FlagModel
    /// The chain the cells were resolved through.
    public internal(set) var chain: ResolutionChain
    /// Each flag's type, by key.
    public let types: [String: FlagType]
    /// Each flag's type, by position.
    public let flagTypes: [FlagType]
    /// How many values of each type the tenants give each flag (one count per
    /// type, `FlagTypeInference.countsPerFlag` per flag); empty for a matrix given
    /// its types (a tenant resolved on its own).
    var typeCounts: [Int32]
    /// Every distinct value in the matrix; a packed cell names one by position.
    public internal(set) var values: [FlagValue]
    /// The chain's layers, by position; a packed cell names one by position.
    public let layers: [LayerDescription]
    var files: [String]
    /// The cells in tiles of `tile` flags: by environment, then by tile, then by
    /// tenant, then by flag within the tile (see `index`). One tenant's column is
    /// then a run of `tile` cells per tile, and one flag's row in an environment
    /// reads cells a tile apart, so that both resolving a column and reading a row
    /// touch few pages: at 2.4 million cells, writing a column with every cell on
    /// a page of its own cost more than deciding the cells. A last tile's cells
    /// past the last flag are padding.
    @usableFromInline var cells: [PackedCell]
    /// Each tenant's settings by flag position, in model order.
    public internal(set) var settings: [IndexedSettings]
    /// The whole resolution of each cell that has details, by cell position.
    var details: [Int: Resolution]
    /// The presentation of a cell without variants, by value and layer position.
    var presentations: [CellPresentation]
    /// For each flag, by position, the chain positions of the external layers that
    /// may change it, first asked first. A cell such a layer sits above is packed
    /// with what the layers below give and marked as having details, which
    /// `resolution(flag:tenant:environment:)` works out when asked: stored, the
    /// details of a source that may change every flag would take a resolution per cell.
    let externalPositions: [[Int]]

    /// Resolves every cell of a model through a chain: by default the app's chain for the model.
    /// `settings` holds each tenant's settings indexed against `model.keys`, in
    /// model order, when the caller has them already: a loader indexes each tenant
    /// as it reads it, while the file is still in the cache. `types` gives each
    /// flag's type by position when the caller knows them (a tenant resolved on its
    /// own keeps the whole matrix's types); by default they are inferred from `settings`.
    public init(model: FlagModel, chain: ResolutionChain? = nil, settings indexed: [IndexedSettings]? = nil, types knownTypes: [FlagType]? = nil) {
        let chain = chain ?? .standard(for: model)
        self.model = model
        self.chain = chain
        let layers = chain.descriptions
        self.layers = layers
        if let indexed {
            precondition(
                indexed.count == model.tenants.count && zip(indexed, model.tenants).allSatisfy { $0.file == $1.file },
                "the indexed settings must be the model's tenants, in order")
        }
        let settings = indexed ?? Parallel.map(model.tenants.count) { IndexedSettings(model.tenants[$0], in: model) }
        self.settings = settings
        let (flagTypes, counts) = knownTypes.map { ($0, [Int32]()) } ?? FlagTypeInference.inference(of: model, settings: settings)
        self.flagTypes = flagTypes
        typeCounts = counts
        types = Dictionary(zip(model.flags.map(\.key), flagTypes), uniquingKeysWith: { first, _ in first })

        let (flagCount, tenantCount, environmentCount) = (model.flags.count, model.tenants.count, model.environments.count)
        let lazy = chain.layers.indices.filter { chain.layers[$0].decidesLazily }
        let externalPositions = model.flags.map { flag in lazy.filter { chain.layers[$0].mayChangeUnseen(flag.key) } }
        self.externalPositions = externalPositions
        // Every tenant's file is numbered first, in tenant order, and each tenant's
        // table numbers its own file so and others past them: a tenant whose cells
        // name only Bools and its own file is numbered as the matrix is already.
        let merged = Interner()
        let tenantFiles = model.tenants.map { merged.id(ofFile: $0.file) }
        let fileBase = UInt32(merged.files.count)
        var details: [Int: Resolution] = [:]
        let tiles = (flagCount + Self.tile - 1) / Self.tile
        cells = [PackedCell](unsafeUninitializedCapacity: environmentCount * tiles * tenantCount * Self.tile) { buffer, count in
            LargeBuffers.willFill(UnsafeMutableRawBufferPointer(buffer))
            // The cells, shared by the threads below: each writes only its own
            // tenant's cells, then only its own environment's, so no two touch one cell.
            let shared = Parallel.Unchecked(buffer)
            // Each tenant's columns are resolved with their own table of values and
            // files, then merged: the threads share nothing but disjoint cells.
            let columns = Parallel.map(tenantCount) { tenant in
                var resolved = Self.resolve(
                    model.tenants[tenant], settings: settings[tenant], only: nil, model: model, chain: chain, layers: layers,
                    types: flagTypes, externalPositions: externalPositions, ownFile: (model.tenants[tenant].file, tenantFiles[tenant]),
                    fileBase: fileBase)
                for (environment, column) in resolved.cells.enumerated() {
                    for (flag, cell) in column.enumerated() {
                        shared.value[Self.index(flag: flag, tenant: tenant, environment: environment, flags: flagCount, tenants: tenantCount)] = cell
                    }
                }
                // The columns are in the shared cells now: freed here, the next
                // tenant's reuse their memory instead of faulting in pages of their own.
                resolved.cells = []
                let details = Dictionary(
                    uniqueKeysWithValues: resolved.details.map { key, full in
                        (Self.index(flag: key % flagCount, tenant: tenant, environment: key / flagCount, flags: flagCount, tenants: tenantCount), full)
                    })
                return (resolved, details)
            }
            // Where each tenant's values and files are in the merged tables, end to end,
            // so the pass below reads them without touching a shared reference count,
            // and which tenants' cells need renumbering at all.
            var valueStarts: [Int] = [], fileStarts: [Int] = []
            var valueMap: [UInt32] = [], fileMap: [UInt32] = []
            var renumbered: [Bool] = []
            for (resolved, columnDetails) in columns {
                details.merge(columnDetails) { first, _ in first }
                let (values, files) = merged.absorb(resolved)
                valueStarts.append(valueMap.count)
                fileStarts.append(fileMap.count)
                valueMap += values
                fileMap += files
                renumbered.append(!resolved.isNumberedAsTheMatrix)
            }
            // The cells in storage order, one environment per task: each tenant's
            // values and other files move to their places in the merged tables, and
            // the padding of a last tile gets a cell.
            let padded = flagCount % Self.tile != 0
            count = environmentCount * tiles * tenantCount * Self.tile
            guard padded || renumbered.contains(true) else { return }
            Parallel.forEach(environmentCount) { [valueStarts, fileStarts, valueMap, fileMap, renumbered] environment in
                valueMap.withUnsafeBufferPointer { valueMap in
                    fileMap.withUnsafeBufferPointer { fileMap in
                        for tile in 0..<tiles {
                            let first = tile * Self.tile
                            let last = tile == tiles - 1
                            for tenant in 0..<tenantCount where renumbered[tenant] || (last && padded) {
                                let start = Self.index(flag: first, tenant: tenant, environment: environment, flags: flagCount, tenants: tenantCount)
                                for offset in 0..<Self.tile {
                                    guard first + offset < flagCount else {
                                        shared.value[start + offset] = MatrixColumn.open
                                        continue
                                    }
                                    guard renumbered[tenant] else { continue }
                                    var cell = shared.value[start + offset]
                                    cell.value = valueMap[valueStarts[tenant] + Int(cell.value)]
                                    if cell.file != PackedCell.nowhere, cell.file >= fileBase {
                                        cell.file = fileMap[fileStarts[tenant] + Int(cell.file - fileBase)]
                                    }
                                    shared.value[start + offset] = cell
                                }
                            }
                        }
                    }
                }
            }
        }
        self.values = merged.values
        self.files = merged.files
        self.details = details
        presentations = merged.values.flatMap { value in
            layers.map { CellPresentation(Resolution(value: value, layer: $0, location: nil)) }
        }
    }

    /// One tenant's cells in every environment, resolved on their own.
    struct TenantCells: Sendable {
        /// The values the cells name by position, and the files they name from
        /// `fileBase` up (below it, the tenant's own file by its number in the matrix).
        let values: [FlagValue], files: [String]
        /// By environment position, each flag's cell; only those of the flags asked
        /// for are resolved, when some were, and an environment not asked for has none.
        var cells: [[PackedCell]]
        /// The whole resolution of each cell with details, by `environment * flags + flag`.
        var details: [Int: Resolution]

        /// Whether the cells name only `false`, `true` and files below `fileBase`
        /// (the tenant's own), each numbered as the matrix numbers it. A table
        /// without a `fileBase` holds its tenant's file too, so never.
        var isNumberedAsTheMatrix: Bool { values.count == 2 && files.isEmpty }
    }

    /// Resolves a tenant's cells (of the flags at the positions `only` names, or
    /// all) in every environment (or those at the positions `environments` marks)
    /// through a chain, with a table of values and files of their own: what each
    /// thread of `init` does, and what resolving some of a tenant's flags again does.
    /// `init` gives the tenant's file its number in the matrix (`ownFile`) and has
    /// other files numbered from `fileBase` up (see `Interner`).
    static func resolve(
        _ tenant: Tenant, settings: IndexedSettings, only: [Int]?, environments: [Bool]? = nil, model: FlagModel, chain: ResolutionChain,
        layers: [LayerDescription], types: [FlagType], externalPositions: [[Int]], ownFile: (name: String, id: UInt32)? = nil,
        fileBase: UInt32 = 0
    ) -> TenantCells {
        let interner = Interner(own: ownFile, fileBase: fileBase)
        let flagCount = model.flags.count
        var details: [Int: Resolution] = [:]
        var cells: [[PackedCell]] = []
        cells.reserveCapacity(model.environments.count)
        for (environmentIndex, environment) in model.environments.enumerated() {
            guard environments?[environmentIndex] ?? true else {
                cells.append([])
                continue
            }
            var column = MatrixColumn(
                flags: model.flags, types: types, tenant: tenant, settings: settings, environment: environment,
                environmentIndex: environmentIndex, interner: interner, only: only)
            for (index, layer) in chain.layers.enumerated() {
                (column.showsHiddenValue, column.layerIndex) = (layer.layer.showsHiddenValue, UInt8(index))
                layer.decide(&column)
            }
            var resolved = column.cells
            func finish(_ flag: Int) {
                let cell = resolved[flag]
                // Below an external layer: details worked out when asked (see `externalPositions`).
                if !cell.hasDetails, let top = externalPositions[flag].first, top < Int(cell.layer) {
                    resolved[flag].hasDetails = true
                } else if cell.hasDetails {
                    // External layers above the cell are left out, and put above it when asked.
                    let above = Set(externalPositions[flag].filter { $0 < Int(cell.layer) })
                    let full = chain.resolve(model.flags[flag], type: types[flag], tenant: tenant, environment: environment, skipping: above)
                    resolved[flag] = interner.pack(full.value, full.location, layer: UInt8(layers.firstIndex(of: full.layer)!))
                    resolved[flag].hasDetails = true
                    details[environmentIndex * flagCount + flag] = full
                }
            }
            if let only {
                for flag in only { finish(flag) }
            } else {
                for flag in 0..<flagCount { finish(flag) }
            }
            cells.append(resolved)
        }
        return TenantCells(values: interner.values, files: interner.files, cells: cells, details: details)
    }

    /// How many flags a tile of `cells` holds.
    @usableFromInline static let tile = 16

    /// Where a cell sits in `cells`, in a matrix of `flags` flags and `tenants` tenants.
    @inlinable static func index(flag: Int, tenant: Int, environment: Int, flags: Int, tenants: Int) -> Int {
        let tiles = (flags + tile - 1) / tile
        return ((environment * tiles + flag / tile) * tenants + tenant) * tile + flag % tile
    }

    /// How a cell is shown; worked out once per value and layer, except for a cell with variants.
    public func presentation(flag: Int, tenant: Int, environment: Int) -> CellPresentation {
        guard let id = presentationID(flag: flag, tenant: tenant, environment: environment) else {
            return CellPresentation(resolution(flag: flag, tenant: tenant, environment: environment))
        }
        return presentations[id]
    }

    /// A number below `presentationCount` that stands for how a cell is shown, so a
    /// view can work out its text for a look once; `nil` for a cell with variants,
    /// which only `presentation(flag:tenant:environment:)` shows.
    public func presentationID(flag: Int, tenant: Int, environment: Int) -> Int? {
        let cell = cell(flag: flag, tenant: tenant, environment: environment)
        if cell.hasDetails, resolution(flag: flag, tenant: tenant, environment: environment).isVarying { return nil }
        return presentationID(of: cell)
    }

    /// `presentationID(flag:tenant:environment:)` of one flag in one environment for
    /// each of `tenants` (positions in the model), in order, with `-1` for a cell with
    /// variants, written into `ids`. A view of thousands of cells per row asks once
    /// per row: on several threads at once, each call per cell would touch the
    /// reference counts of the matrix's shared storage.
    public func presentationIDs(flag: Int, environment: Int, tenants: [Int], into ids: inout [Int]) {
        let (flagCount, tenantCount, layerCount) = (model.flags.count, model.tenants.count, layers.count)
        if ids.count != tenants.count { ids = Array(repeating: 0, count: tenants.count) }
        var hasDetails = false
        // One flag's cells in an environment lie a tile apart, from its first tenant's.
        let first = Self.index(flag: flag, tenant: 0, environment: environment, flags: flagCount, tenants: tenantCount)
        cells.withUnsafeBufferPointer { cells in
            tenants.withUnsafeBufferPointer { tenants in
                ids.withUnsafeMutableBufferPointer { ids in
                    for column in tenants.indices {
                        let cell = cells[first + tenants[column] * Self.tile]
                        ids[column] = Int(cell.value) * layerCount + Int(cell.layer)
                        hasDetails = hasDetails || cell.hasDetails
                    }
                }
            }
        }
        // Few rows have a cell with details, and fewer a cell with variants, which has no id.
        guard hasDetails else { return }
        for column in tenants.indices
        where cell(flag: flag, tenant: tenants[column], environment: environment).hasDetails
            && resolution(flag: flag, tenant: tenants[column], environment: environment).isVarying
        {
            ids[column] = -1
        }
    }

    /// The packed cells of one flag in one environment for each of `tenants`
    /// (positions in the model), in order, written into `row`: like
    /// `presentationIDs(flag:environment:tenants:into:)`, one call per row rather
    /// than one per cell, which on several threads would contend for the
    /// reference count of the matrix's storage.
    public func cells(flag: Int, environment: Int, tenants: [Int], into row: inout [PackedCell]) {
        let (flagCount, tenantCount) = (model.flags.count, model.tenants.count)
        row.removeAll(keepingCapacity: true)
        let first = Self.index(flag: flag, tenant: 0, environment: environment, flags: flagCount, tenants: tenantCount)
        cells.withUnsafeBufferPointer { cells in
            for tenant in tenants { row.append(cells[first + tenant * Self.tile]) }
        }
    }

    /// The presentation id a cell's value and layer give, which is its id unless
    /// it has variants (see `presentationID(flag:tenant:environment:)`).
    public func presentationID(of cell: PackedCell) -> Int {
        Int(cell.value) * layers.count + Int(cell.layer)
    }

    /// How many presentation ids there are.
    public var presentationCount: Int { presentations.count }

    /// The presentation an id stands for.
    public func presentation(id: Int) -> CellPresentation { presentations[id] }

    /// The type of a flag.
    public func type(of flag: Flag) -> FlagType { types[flag.key] ?? .bool }

    /// The packed cell by the positions of its flag, tenant and environment in
    /// the model. Precondition: each index is in range. Inlined where it is called:
    /// a page of thousands of cells called across modules touched the reference
    /// count of `cells` per cell, from every thread at once.
    @inlinable public func cell(flag: Int, tenant: Int, environment: Int) -> PackedCell {
        cells[Self.index(flag: flag, tenant: tenant, environment: environment, flags: model.flags.count, tenants: model.tenants.count)]
    }

    /// The resolution of one cell by the positions of its flag, tenant and
    /// environment in the model. Precondition: each index is in range.
    public func resolution(flag: Int, tenant: Int, environment: Int) -> Resolution {
        let (plain, external) = resolutionBelowExternalLayers(flag: flag, tenant: tenant, environment: environment)
        return external.isEmpty ? plain : changeable(plain, by: external)
    }

    /// The resolution of one cell as the layers Flagstaff sees decide it, and the
    /// chain positions of the external layers above it that may change it (empty
    /// for most cells). `flags.json` writes such a cell this way, once, and names
    /// the flag's external layers once, rather than spelling out every cell's cases.
    public func resolutionBelowExternalLayers(flag: Int, tenant: Int, environment: Int) -> (Resolution, external: [Int]) {
        let index = Self.index(flag: flag, tenant: tenant, environment: environment, flags: model.flags.count, tenants: model.tenants.count)
        let cell = cells[index]
        let above = cell.hasDetails ? externalPositions[flag].filter { $0 < Int(cell.layer) } : []
        if cell.hasDetails, let full = details[index] { return (full, above) }
        return (Resolution(value: values[Int(cell.value)], layer: layers[Int(cell.layer)], location: location(of: cell)), above)
    }

    /// The external layers that may change a flag (by its position), first asked first.
    public func externalLayers(of flag: Int) -> [LayerDescription] {
        externalPositions[flag].map { layers[$0] }
    }

    /// A cell that external layers (at chain `positions`, first asked first) may
    /// change, as the chain resolves it: each layer's case in turn, then every case
    /// of what the layers below give.
    private func changeable(_ plain: Resolution, by positions: [Int]) -> Resolution {
        guard let top = positions.first else { return plain }
        let cases = positions.map { Resolution.Variant(condition: layers[$0].changeNote ?? layers[$0].name, value: nil, layer: layers[$0], location: nil) }
        let rest = ResolutionChain.passedOn(plain, when: Resolution.otherwise)
        return Resolution(value: rest[rest.count - 1].value ?? plain.value, layer: layers[top], location: rest[rest.count - 1].location, variants: cases + rest)
    }

    /// Where a packed cell's value is written; `nil` for the fallback.
    public func location(of cell: PackedCell) -> SourceLocation? {
        cell.file == PackedCell.nowhere ? nil : SourceLocation(file: files[Int(cell.file)], line: Int(cell.line), column: Int(cell.column))
    }

    /// The file a packed cell's value is written in, by position among the
    /// matrix's files (`fileName(at:)`), and its line; `nil` for the fallback.
    /// What a view of every cell compares and writes, without a location per cell.
    public func place(of cell: PackedCell) -> (file: Int, line: Int)? {
        cell.file == PackedCell.nowhere ? nil : (Int(cell.file), Int(cell.line))
    }

    /// The name of the file at a position `place(of:)` gives.
    public func fileName(at position: Int) -> String { files[position] }

    /// The position of a file among those cells are written in; `nil` when no cell is.
    public func filePosition(of name: String) -> Int? { files.firstIndex(of: name) }

    /// The resolution of one cell. Precondition: the flag, tenant and environment belong to the model.
    public func resolution(_ flag: Flag, _ tenant: Tenant, _ environment: String) -> Resolution {
        guard let cell = resolution(key: flag.key, tenant: tenant.id, environment: environment) else {
            preconditionFailure("\(flag.key) × \(tenant.id) × \(environment) is not part of the matrix")
        }
        return cell
    }

    /// The resolution of one cell by key, tenant id and environment; `nil` when any is unknown.
    public func resolution(key: String, tenant: String, environment: String) -> Resolution? {
        guard let f = model.flagIndex(key), let t = model.tenantIndex(tenant),
            let e = model.environments.firstIndex(of: environment)
        else { return nil }
        return resolution(flag: f, tenant: t, environment: e)
    }

    /// Whether the flag at a position differs between tenants in the environment at
    /// a position; a varying cell equals only a cell that varies between the same values.
    public func differsBetweenTenants(flag: Int, environment: Int) -> Bool {
        let cells = model.tenants.indices.map { cell(flag: flag, tenant: $0, environment: environment) }
        if !cells.contains(where: \.hasDetails) { return cells.contains { $0.value != cells[0].value } }
        return Set(model.tenants.indices.map { tenant -> [FlagValue?] in
            let cell = resolution(flag: flag, tenant: tenant, environment: environment)
            return cell.isVarying ? cell.variants.map(\.value) : [cell.value]
        }).count > 1
    }

    /// Whether a layer that replaces the app's own values changes the flag for
    /// at least one tenant in an environment: a value other than the one the app
    /// ships, or one that varies.
    public func isChanged(_ flag: Flag, by kind: LayerKind, in environment: String) -> Bool {
        guard let f = model.flagIndex(flag.key), let e = model.environments.firstIndex(of: environment),
            let l = position(of: kind)
        else { return false }
        return model.tenants.indices.contains { tenant in
            guard cell(flag: f, tenant: tenant, environment: e).layer == l else { return false }
            let cell = resolutionBelowExternalLayers(flag: f, tenant: tenant, environment: e).0
            return cell.isVarying || cell.hidden.map { $0.value != cell.value } ?? true
        }
    }

    /// The chain position of the layer of a kind that names it by the kind's id
    /// (`RemoteConfigLayer.kind`), when the chain has it.
    public func position(of kind: LayerKind) -> Int? { layers.firstIndex { $0.id == kind.id } }

    /// How many cells have a value the inputs do not hold in some case: decided in
    /// code, personalised by Firebase, or one a source Flagstaff cannot see may give.
    /// Only cells with details can; the storage is read in order for them, and only
    /// their places are worked out (padding has no details).
    public var cellsNotKnown: Int {
        let (flagCount, tenantCount) = (model.flags.count, model.tenants.count)
        let tiles = (flagCount + Self.tile - 1) / Self.tile
        return cells.withUnsafeBufferPointer { cells in
            cells.indices.count { index in
                guard cells[index].hasDetails else { return false }
                // The inverse of `index(flag:tenant:environment:flags:tenants:)`.
                let (rest, offset) = index.quotientAndRemainder(dividingBy: Self.tile)
                let (tiled, tenant) = rest.quotientAndRemainder(dividingBy: tenantCount)
                let (environment, tile) = tiled.quotientAndRemainder(dividingBy: tiles)
                return resolution(flag: tile * Self.tile + offset, tenant: tenant, environment: environment).hasUnknownValue
            }
        }
    }

    /// The flags, in model order, that a layer changes for at least one tenant in an environment.
    public func flags(changedBy kind: LayerKind, in environment: String) -> [Flag] {
        model.flags.filter { isChanged($0, by: kind, in: environment) }
    }

    /// Every value the flag can take for any tenant in the given environments
    /// (all when `nil`), a varying cell's values included. A cell with a value the
    /// inputs do not hold adds `nil`. An environment whose build leaves the flag
    /// out adds nothing: the flag has no value there.
    public func values(of flag: Flag, in environments: [String]? = nil) -> Set<FlagValue?> {
        guard let f = model.flagIndex(flag.key) else { return [] }
        let absent = model.flags[f].absentIn
        let positions = (environments ?? model.environments).filter { !absent.contains($0) }.compactMap { model.environments.firstIndex(of: $0) }
        var ids = Set<UInt32>()
        var detailed: [(tenant: Int, environment: Int)] = []
        // Most cells repeat the value before them: only a change is hashed. One
        // environment's cells of a flag lie a tile apart, its environments far
        // apart. The cells are read through one pointer: each flag's values are
        // asked for on every core, and a read per cell would contend for the
        // reference count of their storage.
        var previous: UInt32?
        let (flagCount, tenantCount) = (model.flags.count, model.tenants.count)
        cells.withUnsafeBufferPointer { cells in
            for environment in positions {
                for tenant in 0..<tenantCount {
                    let packed = cells[Self.index(flag: f, tenant: tenant, environment: environment, flags: flagCount, tenants: tenantCount)]
                    if packed.hasDetails {
                        detailed.append((tenant, environment))
                    } else if packed.value != previous {
                        ids.insert(packed.value)
                        previous = packed.value
                    }
                }
            }
        }
        var values = Set(ids.map { Optional.some(self.values[Int($0)]) })
        for (tenant, environment) in detailed {
            let cell = resolution(flag: f, tenant: tenant, environment: environment)
            values.formUnion(cell.possibleValues.map(Optional.some))
            if cell.hasUnknownValue { values.insert(nil) }
        }
        return values
    }
}
