extension ResolvedMatrix {
    /// Tenants resolved on their own against a matrix, ready to take their places in it.
    public struct TenantReplacement: Sendable {
        /// Each tenant alone, as a one-tenant matrix typed as the whole is, in the order asked.
        public let columns: [ResolvedMatrix]
        let positions: [Int]
        let typeCounts: [Int32]
    }

    /// Tenants resolved on their own against this matrix's flags, environments and
    /// chain, with new settings. `nil` when the new settings would change a flag's
    /// type (a flag's type is what most tenants give it), so the whole matrix must
    /// be resolved again.
    ///
    /// A commit that changes one tenant's file costs that tenant's columns, not the
    /// matrix: the matrix keeps how many values of each type each flag has, so the
    /// types are worked out again from the counts, and from every tenant's values
    /// only when two types tie.
    ///
    /// `columns` may give some of the tenants already resolved, as `column(resolving:settings:)`
    /// resolves them against this matrix: history resolves tenants of later commits
    /// ahead, on every core.
    public func resolving(
        _ replacements: [(position: Int, tenant: Tenant, settings: IndexedSettings)], columns: [ResolvedMatrix?] = []
    ) -> TenantReplacement? {
        let (flagCount, stride) = (model.flags.count, FlagTypeInference.countsPerFlag)
        var counts = typeCounts
        if counts.count == flagCount * stride {
            for replacement in replacements {
                let (old, new) = (
                    FlagTypeInference.kinds(of: settings[replacement.position], flags: flagCount),
                    FlagTypeInference.kinds(of: replacement.settings, flags: flagCount)
                )
                for slot in counts.indices { counts[slot] += new[slot] - old[slot] }
            }
        }
        let types = counts.count == flagCount * stride
            ? (0..<flagCount).map { FlagTypeInference.type(of: $0, in: model, counts: counts[$0 * stride..<($0 + 1) * stride]) } : []
        if types.count != flagCount || types.contains(nil) {
            var all = settings
            for replacement in replacements { all[replacement.position] = replacement.settings }
            let inferred = FlagTypeInference.inference(of: model, settings: all)
            guard inferred.types == flagTypes else { return nil }
            counts = inferred.counts
        } else if types.map({ $0! }) != flagTypes {
            return nil
        }
        return TenantReplacement(
            columns: replacements.enumerated().map { index, replacement in
                (index < columns.count ? columns[index] : nil) ?? column(resolving: replacement.tenant, settings: replacement.settings)
            },
            positions: replacements.map(\.position), typeCounts: counts)
    }

    /// A tenant resolved on its own against this matrix's flags, environments,
    /// chain and types: one column of a `TenantReplacement`.
    public func column(resolving tenant: Tenant, settings: IndexedSettings) -> ResolvedMatrix {
        ResolvedMatrix(model: model.replacingTenants([tenant]), chain: chain, settings: [settings], types: flagTypes)
    }

    /// Puts tenants resolved with `resolving(_:)` in their places.
    public mutating func replace(with replacement: TenantReplacement) {
        for (position, column) in zip(replacement.positions, replacement.columns) { replaceTenant(at: position, with: column) }
        typeCounts = replacement.typeCounts
    }

    /// The tenant at a position alone, as `resolving(_:)` makes one: its last values,
    /// kept while its file cannot be read.
    public func column(of position: Int) -> ResolvedMatrix {
        ResolvedMatrix(model: model.replacingTenants([model.tenants[position]]), chain: chain, settings: [settings[position]], types: flagTypes)
    }

    /// Puts a tenant's columns, as `resolving(_:)` made them, in place
    /// of the tenant's at a position. Precondition: `column` is such a matrix.
    mutating func replaceTenant(at position: Int, with column: ResolvedMatrix) {
        precondition(
            column.model.tenants.count == 1 && column.model.flags.count == model.flags.count
                && column.model.environments == model.environments && column.layers == layers,
            "the column must be one tenant resolved against this matrix")
        // The column's values and files, by position in this matrix's tables, which grow as needed.
        var valueIDs = [FlagValue: UInt32](minimumCapacity: values.count)
        for (id, value) in values.enumerated() where valueIDs[value] == nil { valueIDs[value] = UInt32(id) }
        let valueMap = column.values.map { value -> UInt32 in
            if let id = valueIDs[value] { return id }
            values.append(value)
            presentations += layers.map { CellPresentation(Resolution(value: value, layer: $0, location: nil)) }
            valueIDs[value] = UInt32(values.count - 1)
            return UInt32(values.count - 1)
        }
        let fileMap = column.files.map { file -> UInt32 in
            if let id = files.firstIndex(of: file) { return UInt32(id) }
            files.append(file)
            return UInt32(files.count - 1)
        }
        let (flagCount, tenantCount) = (model.flags.count, model.tenants.count)
        for environment in model.environments.indices {
            for flag in 0..<flagCount {
                let index = Self.index(flag: flag, tenant: position, environment: environment, flags: flagCount, tenants: tenantCount)
                let from = Self.index(flag: flag, tenant: 0, environment: environment, flags: flagCount, tenants: 1)
                var cell = column.cells[from]
                cell.value = valueMap[Int(cell.value)]
                if cell.file != PackedCell.nowhere { cell.file = fileMap[Int(cell.file)] }
                let hadDetails = cells[index].hasDetails
                cells[index] = cell
                if cell.hasDetails, let full = column.details[from] {
                    details[index] = full
                } else if hadDetails {
                    details[index] = nil
                }
            }
        }
        let tenant = column.model.tenants[0]
        if tenant.id == model.tenants[position].id {
            model.tenants[position] = tenant
        } else {
            model = model.replacingTenants(model.tenants.enumerated().map { $0 == position ? tenant : $1 })
        }
        settings[position] = column.settings[0]
    }
}
