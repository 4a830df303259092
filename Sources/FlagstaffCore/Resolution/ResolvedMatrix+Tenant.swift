extension ResolvedMatrix {
    /// Tenants resolved again against a matrix, ready to take their places in it.
    public struct TenantReplacement: Sendable {
        /// One tenant's new cells.
        struct Column: Sendable {
            /// The tenant's position in the matrix, and its new settings.
            let position: Int, tenant: Tenant, settings: IndexedSettings
            /// The positions of the flags resolved again: those whose values changed; `nil` for all.
            let flags: [Int]?
            /// The settings of other flags that only moved in the file: their cells move with them.
            let moves: [IndexedSettings.Move]
            /// The cells, resolved on their own.
            let cells: TenantCells
        }

        let columns: [Column]
        let typeCounts: [Int32]
    }

    /// Tenants resolved again against this matrix's flags, environments and chain,
    /// with new settings. `nil` when the new settings would change a flag's type
    /// (a flag's type is what most tenants give it), so the whole matrix must be
    /// resolved again.
    ///
    /// A commit that changes one tenant's file costs that tenant's changed flags,
    /// not the matrix: only a flag whose values the file changes can change a
    /// cell's value, since the types, the chain and the other layers are as they
    /// were; a setting that only moved moves its cells' locations with it. The
    /// matrix keeps how many values of each type each flag has, so the types are
    /// worked out again from the counts, and from every tenant's values only when
    /// two types tie.
    public func resolving(_ replacements: [(position: Int, tenant: Tenant, settings: IndexedSettings)]) -> TenantReplacement? {
        let (flagCount, stride) = (model.flags.count, FlagTypeInference.countsPerFlag)
        let differences = replacements.map { settings[$0.position].changes(to: $0.settings, flags: flagCount) }
        var counts = typeCounts
        // Whether the counts say every flag's type; a tie needs every tenant's values.
        var settled = counts.count == flagCount * stride
        if settled {
            // Only a flag whose values change has other counts, and maybe another type;
            // one whose values move may win a tie another way, where they are written deciding.
            var touched = [Bool](repeating: differences.contains { $0 == nil }, count: flagCount)
            for difference in differences { for flag in difference?.changed ?? [] { touched[flag] = true } }
            for replacement in replacements {
                FlagTypeInference.count(settings[replacement.position], flags: touched, into: &counts, by: -1)
                FlagTypeInference.count(replacement.settings, flags: touched, into: &counts, by: 1)
            }
            for flag in 0..<flagCount where touched[flag] {
                guard let type = FlagTypeInference.type(of: flag, in: model, counts: counts[flag * stride..<(flag + 1) * stride]) else {
                    settled = false
                    break
                }
                if type != flagTypes[flag] { return nil }
            }
            for difference in differences where settled {
                for move in difference?.moved ?? [] where FlagTypeInference.isTied(counts[move.flag * stride..<(move.flag + 1) * stride]) {
                    settled = false
                    break
                }
            }
        }
        if !settled {
            var all = settings
            for replacement in replacements { all[replacement.position] = replacement.settings }
            let inferred = FlagTypeInference.inference(of: model, settings: all)
            guard inferred.types == flagTypes else { return nil }
            counts = inferred.counts
        }
        return TenantReplacement(
            columns: zip(replacements, differences).map { replacement, difference in
                let (flags, moves) = (difference?.changed, difference?.moved ?? [])
                let cells = Self.resolve(
                    replacement.tenant, settings: replacement.settings, only: flags, model: model, chain: chain, layers: layers,
                    types: flagTypes, externalPositions: externalPositions)
                return TenantReplacement.Column(
                    position: replacement.position, tenant: replacement.tenant, settings: replacement.settings, flags: flags, moves: moves,
                    cells: cells)
            },
            typeCounts: counts)
    }

    /// Puts tenants resolved with `resolving(_:)` in their places, and says which
    /// cells change value or deciding layer in the given environments, as
    /// `MatrixChanges.cells` would: by flag, environment (in the order given), then tenant.
    @discardableResult
    public mutating func replace(with replacement: TenantReplacement, listing environments: [String] = []) -> [MatrixChanges.Cell] {
        let order = environments.compactMap { name in model.environments.firstIndex(of: name).map { (name: name, position: $0) } }
        var changes: [(flag: Int, environment: Int, tenant: Int, cell: MatrixChanges.Cell)] = []
        for column in replacement.columns {
            let flags = column.flags ?? Array(model.flags.indices)
            let before = flags.map { flag in order.map { look(flag: flag, tenant: column.position, environment: $0.position) } }
            replaceTenant(column)
            for (flag, old) in zip(flags, before) {
                for ((environment, name), old) in zip(order.enumerated(), old) {
                    let new = look(flag: flag, tenant: column.position, environment: name.position)
                    if let cell = MatrixChanges.change(
                        flag: model.flags[flag].key, environment: name.name, tenant: column.tenant.id, old: old, new: new)
                    {
                        changes.append((flag, environment, column.position, cell))
                    }
                }
            }
        }
        typeCounts = replacement.typeCounts
        if replacement.columns.count > 1 { changes.sort { ($0.flag, $0.environment, $0.tenant) < ($1.flag, $1.environment, $1.tenant) } }
        return changes.map(\.cell)
    }

    /// How a cell looks in a list of changes: its word and its deciding layer.
    private func look(flag: Int, tenant: Int, environment: Int) -> (word: String, layer: LayerDescription) {
        (presentation(flag: flag, tenant: tenant, environment: environment).word, layers[Int(cell(flag: flag, tenant: tenant, environment: environment).layer)])
    }

    /// The tenant at a position alone, as a one-tenant matrix typed as the whole
    /// is: its last values, kept while its file cannot be read.
    public func column(of position: Int) -> ResolvedMatrix {
        ResolvedMatrix(model: model.replacingTenants([model.tenants[position]]), chain: chain, settings: [settings[position]], types: flagTypes)
    }

    /// Puts one tenant's new cells in place of its old ones, at the flags resolved again.
    mutating func replaceTenant(_ column: TenantReplacement.Column) {
        // The column's values and files, by position in this matrix's tables, which grow as needed.
        // `false` and `true` come first in both; a column resolved for a few flags has few
        // others, each looked up in place, rather than every value of the matrix hashed.
        let newValues = column.cells.values
        var valueIDs: [FlagValue: UInt32] = [:]
        if newValues.count > 16 {
            valueIDs.reserveCapacity(values.count)
            for (id, value) in values.enumerated() where valueIDs[value] == nil { valueIDs[value] = UInt32(id) }
        }
        let valueMap = newValues.enumerated().map { position, value -> UInt32 in
            if position < 2 { return UInt32(position) }
            if let id = newValues.count > 16 ? valueIDs[value] : values.firstIndex(of: value).map(UInt32.init) { return id }
            values.append(value)
            presentations += layers.map { CellPresentation(Resolution(value: value, layer: $0, location: nil)) }
            valueIDs[value] = UInt32(values.count - 1)
            return UInt32(values.count - 1)
        }
        let fileMap = column.cells.files.map { file -> UInt32 in
            if let id = files.firstIndex(of: file) { return UInt32(id) }
            files.append(file)
            return UInt32(files.count - 1)
        }
        let (flagCount, tenantCount) = (model.flags.count, model.tenants.count)
        let flags = column.flags ?? Array(0..<flagCount)
        for (environment, cells) in column.cells.cells.enumerated() where !cells.isEmpty {
            for flag in flags {
                let index = Self.index(flag: flag, tenant: column.position, environment: environment, flags: flagCount, tenants: tenantCount)
                var cell = cells[flag]
                cell.value = valueMap[Int(cell.value)]
                if cell.file != PackedCell.nowhere { cell.file = fileMap[Int(cell.file)] }
                let hadDetails = self.cells[index].hasDetails
                self.cells[index] = cell
                if cell.hasDetails, let full = column.cells.details[environment * flagCount + flag] {
                    details[index] = full
                } else if hadDetails {
                    details[index] = nil
                }
            }
        }
        // A cell written where a moved setting was is now written where it is, and so
        // are the places its whole resolution names (the value Remote Config hides).
        // Each cell is matched against where it was before any moves: one setting may
        // move to where another of the same flag was.
        if !column.moves.isEmpty, let file = files.firstIndex(of: column.settings.file).map(UInt32.init) {
            var packed: [(index: Int, move: IndexedSettings.Move)] = []
            var detailed: [Int: [IndexedSettings.Move]] = [:]
            // One environment's cells are a whole table apart (see `index`).
            let environmentStride = Self.index(flag: 0, tenant: 0, environment: 1, flags: flagCount, tenants: tenantCount)
            let environmentCount = model.environments.count
            cells.withUnsafeBufferPointer { cells in
                for move in column.moves {
                    let from = (line: UInt32(clamping: move.from.line), column: UInt32(clamping: move.from.column))
                    // A base value may decide a cell in any environment; an override only in its own.
                    let environments = move.environment.map { $0..<($0 + 1) } ?? 0..<environmentCount
                    var index = Self.index(
                        flag: move.flag, tenant: column.position, environment: environments.lowerBound, flags: flagCount, tenants: tenantCount)
                    for _ in environments {
                        let cell = cells[index]
                        if cell.file == file && cell.line == from.line && cell.column == from.column { packed.append((index, move)) }
                        if cell.hasDetails && details[index] != nil { detailed[index, default: []].append(move) }
                        index += environmentStride
                    }
                }
            }
            for (index, move) in packed {
                cells[index].line = UInt32(clamping: move.to.line)
                cells[index].column = UInt32(clamping: move.to.column)
            }
            let tenantFile = column.settings.file
            for (index, moves) in detailed {
                details[index] = details[index]?.moving { location in
                    guard location.file == tenantFile,
                        let move = moves.first(where: { Int($0.from.line) == location.line && Int($0.from.column) == location.column })
                    else { return nil }
                    return SourceLocation(file: tenantFile, line: Int(move.to.line), column: Int(move.to.column))
                }
            }
        }
        if column.tenant.id == model.tenants[column.position].id {
            model.tenants[column.position] = column.tenant
        } else {
            model = model.replacingTenants(model.tenants.enumerated().map { $0 == column.position ? column.tenant : $1 })
        }
        settings[column.position] = column.settings
    }
}
