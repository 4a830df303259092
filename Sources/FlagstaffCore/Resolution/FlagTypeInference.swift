/// Decides each flag's type from the values tenants give it.
public enum FlagTypeInference {
    /// Each flag's type, by position: the type of the value the code declares as
    /// its default, when it declares one; else that of the first value file that
    /// gives it a value (`values`, in the order listed); else the type most tenant values have,
    /// a tie going to the type seen first, tenants in id order and each file top
    /// to bottom. Other flags are Bool. `settings` holds each tenant's settings, in model order.
    public static func types(of model: FlagModel, settings: [IndexedSettings]) -> [FlagType] {
        inference(of: model, settings: settings).types
    }

    /// Each flag's type, by position, and how many values of each type the tenants
    /// give it: `countsPerFlag` counts per flag, in the order of `countedTypes`.
    public static func inference(of model: FlagModel, settings: [IndexedSettings]) -> (types: [FlagType], counts: [Int32]) {
        let kinds = countedTypes
        // Counted in runs of tenants, on every core, then added up in tenant order:
        // at hundreds of tenants the counting was a pause in which one core worked.
        let run = 16
        let tallies = Parallel.map((settings.count + run - 1) / run) { index in
            var tally = Tally(slots: model.flags.count * kinds.count)
            for tenant in index * run..<min(settings.count, (index + 1) * run) { tally.count(settings[tenant], tenant: tenant) }
            return tally
        }
        var total = Tally(slots: model.flags.count * kinds.count)
        for tally in tallies { total.add(tally) }
        let (counts, first) = (total.counts, total.first)
        let types = model.flags.indices.map { flag -> FlagType in
            if let declared = model.flags[flag].declaredType(in: model.environments) { return declared }
            let key = model.flags[flag].key
            if let written = model.layerSources.values.lazy.compactMap({ $0.settings[key]?.value.type }).first { return written }
            let slots = (flag * kinds.count)..<((flag + 1) * kinds.count)
            let best = counts[slots].max() ?? 0
            guard best > 0 else { return .bool }
            return slots.filter { counts[$0] == best }.min { first[$0] < first[$1] }.map { kinds[$0 - slots.lowerBound] } ?? .bool
        }
        return (types, counts)
    }

    /// How many values of each type the tenants of a run give each flag, and where
    /// the first of them is written: `countsPerFlag` slots per flag.
    private struct Tally: Sendable {
        var counts: [Int32]
        /// For each slot, the tenant, line and column of its first value; the
        /// tenant is `Int32.max` while the slot has none, so any value comes first.
        var first: [Place]

        typealias Place = (tenant: Int32, line: Int32, column: Int32)

        init(slots: Int) {
            counts = Array(repeating: 0, count: slots)
            first = Array(repeating: (.max, 0, 0), count: slots)
        }

        /// Counts a tenant's values; tenants are counted in order.
        mutating func count(_ settings: IndexedSettings, tenant: Int) {
            let tenant = Int32(tenant)
            settings.forEachEntry { entry in
                let slot = entry.flag * countsPerFlag + slot(of: entry.value.type)
                counts[slot] += 1
                let place = (tenant, entry.line, entry.column)
                if place < first[slot] { first[slot] = place }
            }
        }

        /// Adds the counts of the run after this one.
        mutating func add(_ later: Tally) {
            for slot in counts.indices {
                counts[slot] += later.counts[slot]
                if later.first[slot] < first[slot] { first[slot] = later.first[slot] }
            }
        }
    }

    /// A flag's type as the code declares it, or else as the counts of its tenant
    /// values say; `nil` when two types tie for the most values (then where the
    /// values are written decides, and only a look at every tenant can tell).
    static func type(of flag: Int, in model: FlagModel, counts: ArraySlice<Int32>) -> FlagType? {
        if let declared = model.flags[flag].declaredType(in: model.environments) { return declared }
        guard !isTied(counts) else { return nil }
        let best = counts.max() ?? 0
        guard best > 0 else { return .bool }
        return countedTypes[counts.firstIndex(of: best)! - counts.startIndex]
    }

    /// Whether two types tie for the most values in a flag's counts, so that where
    /// the values are written may decide its type (unless the code declares it).
    static func isTied(_ counts: ArraySlice<Int32>) -> Bool {
        let best = counts.max() ?? 0
        return best > 0 && counts.lazy.filter { $0 == best }.count > 1
    }

    /// Adds `amount` to the counts (`countsPerFlag` per flag position) of each value
    /// a tenant gives a flag whose position `flags` marks.
    static func count(_ settings: IndexedSettings, flags: [Bool], into counts: inout [Int32], by amount: Int32) {
        for entries in [settings.base] + settings.overrides {
            for entry in entries where entry.flag < flags.count && flags[entry.flag] {
                counts[entry.flag * countsPerFlag + Self.slot(of: entry.value.type)] += amount
            }
        }
    }

    /// The types counted, in the order of each flag's counts.
    private static let countedTypes: [FlagType] = [.bool, .number, .string, .structured]
    /// How many counts each flag has: one per type.
    static let countsPerFlag = countedTypes.count

    /// A type's place among a flag's counts.
    private static func slot(of type: FlagType) -> Int {
        switch type {
        case .bool: 0
        case .number: 1
        case .string: 2
        case .structured: 3
        }
    }
}
