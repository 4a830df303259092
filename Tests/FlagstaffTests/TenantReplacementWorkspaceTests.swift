import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// What history does for a commit that changes tenant files only: the flags whose
/// settings change are resolved again for that tenant and put in place. On real
/// fixture workspaces (Remote Config conditions, external sources, Swift
/// defaults), every cell must then be what a whole resolution of the new tenants
/// gives, where the value is written included, and the changes listed must be
/// those `MatrixChanges` finds between the two whole matrices.
@Suite("Tenants resolved again in place, on fixture workspaces")
struct TenantReplacementWorkspaceTests {
    /// The same edits every run: a linear congruential generator with a fixed seed.
    struct Dice {
        var state: UInt64
        mutating func roll(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
    }

    /// A value of the same type as `value`, but another one.
    static func other(than value: FlagValue) -> FlagValue {
        switch value {
        case .bool(let bool): .bool(!bool)
        case .integer(let number): .integer(number + 1)
        case .string(let text): .string(text + "-changed")
        default: .bool(true)
        }
    }

    /// A tenant with a few random edits, each of one kind: a value changed in
    /// place, a setting moved to another line, one removed, an override added, or
    /// an override's value copied to the base.
    static func edited(_ tenant: Tenant, environments: [String], dice: inout Dice) -> Tenant {
        var base = Array(tenant.base)
        var overrides = environments.map { Array(tenant.overrides[$0] ?? [:]) }
        // A place no setting of the file has: two settings are never written in one place.
        func freshPlace() -> FlagstaffCore.SourceLocation {
            let last = ([base] + overrides).joined().map(\.value.location.line).max() ?? 0
            return FlagstaffCore.SourceLocation(file: tenant.file, line: last + 1, column: 5 + dice.roll(5))
        }
        for _ in 0..<(1 + dice.roll(3)) {
            let table = dice.roll(environments.count + 1)
            var entries = table == 0 ? base : overrides[table - 1]
            let kind = dice.roll(5)
            if entries.isEmpty || kind == 3 {
                // An override (or base value) for a key the base has, another value.
                guard let source = base.isEmpty ? nil : base[dice.roll(base.count)], !entries.contains(where: { $0.key == source.key }) else { continue }
                entries.append((source.key, Tenant.Setting(value: other(than: source.value.value), location: freshPlace())))
            } else {
                let index = dice.roll(entries.count)
                let (key, setting) = entries[index]
                switch kind {
                case 0: entries[index] = (key, Tenant.Setting(value: other(than: setting.value), location: setting.location))
                case 1: entries[index] = (key, Tenant.Setting(value: setting.value, location: freshPlace()))
                case 2: entries.remove(at: index)
                default:
                    if table != 0, let at = base.firstIndex(where: { $0.key == key }) {
                        base[at] = (key, Tenant.Setting(value: setting.value, location: base[at].value.location))
                    }
                }
            }
            if table == 0 { base = entries } else { overrides[table - 1] = entries }
        }
        var tables: [String: SettingTable] = [:]
        for (environment, entries) in zip(environments, overrides) where !entries.isEmpty || tenant.overrides[environment] != nil {
            tables[environment] = SettingTable(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        }
        return Tenant(
            id: tenant.id, name: tenant.name, file: tenant.file, base: SettingTable(uniqueKeysWithValues: base.map { ($0.key, $0.value) }),
            overrides: tables, overrideLocations: tenant.overrideLocations)
    }

    /// Edits each tenant in turn, and one pair of tenants at once, many times over,
    /// and compares each replacement with a whole resolution. Returns how many
    /// replacements were compared (those that retype a flag are refused, rightly).
    static func check(_ start: ResolvedMatrix, rounds: Int, seed: UInt64) -> Int {
        var matrix = start
        var dice = Dice(state: seed)
        var compared = 0
        let environments = matrix.model.environments
        for round in 0..<rounds {
            let count = matrix.model.tenants.count
            let positions = round % 3 == 2 && count > 1 ? [round % count, (round + 1) % count] : [round % count]
            let edits = positions.map { position in
                let tenant = edited(matrix.model.tenants[position], environments: environments, dice: &dice)
                return (position: position, tenant: tenant, settings: IndexedSettings(tenant, in: matrix.model))
            }
            var tenants = matrix.model.tenants
            for edit in edits { tenants[edit.position] = edit.tenant }
            let whole = ResolvedMatrix(model: matrix.model.replacingTenants(tenants), chain: matrix.chain)
            guard let replacement = matrix.resolving(edits) else {
                #expect(whole.flagTypes != matrix.flagTypes, "a replacement was refused though no flag changes type (round \(round))")
                matrix = whole
                continue
            }
            let before = matrix
            let listed = matrix.replace(with: replacement, listing: environments.reversed())
            let expected = MatrixChanges.cells(
                base: before, head: whole,
                flags: whole.model.flags.indices.map { MatrixChanges.FlagPair(key: whole.model.flags[$0].key, base: $0, head: $0) },
                tenants: positions.sorted().map { MatrixChanges.TenantPair(id: whole.model.tenants[$0].id, base: $0, head: $0) },
                environments: environments.reversed())
            #expect(listed == expected, "round \(round)")
            #expect(matrix.flagTypes == whole.flagTypes)
            var differing: [String] = []
            for flag in whole.model.flags.indices {
                for tenant in whole.model.tenants.indices {
                    for environment in environments.indices
                    where matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                        != whole.resolution(flag: flag, tenant: tenant, environment: environment)
                    {
                        differing.append("\(whole.model.flags[flag].key) × \(whole.model.tenants[tenant].id) × \(environments[environment])")
                    }
                }
            }
            #expect(differing.isEmpty, "round \(round): \(differing.prefix(5))")
            compared += 1
        }
        return compared
    }

    @Test(arguments: ["small", "remote", "hotels", "lifecycle"])
    func aReplacementResolvesAsAWholeResolution(fixture: String) throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration(fixture)).matrix)
        #expect(Self.check(matrix, rounds: 60, seed: 28) > 30)
    }

    /// An external source above every flag: cells it may change keep their details
    /// to be worked out when asked, in place as in a whole resolution.
    @Test func aReplacementUnderAnExternalSourceResolvesAsAWholeResolution() throws {
        try withCopy(of: "remote") { folder in
            // The configuration names the small fixture's files beside it.
            try FileManager.default.copyItem(
                at: Fixtures.directory.appendingPathComponent("small"), to: folder.deletingLastPathComponent().appendingPathComponent("small"))
            let configuration = folder.appendingPathComponent("flagstaff.yml")
            var text = try String(contentsOf: configuration, encoding: .utf8)
            text += "\nexternal:\n  launchdarkly: { name: LaunchDarkly, flags: [ENABLE_CAMPAIGNS, darkMode] }\n"
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let matrix = try #require(try Workspace.load(configurationPath: configuration.path).matrix)
            #expect(!matrix.externalLayers(of: 1).isEmpty || !matrix.externalLayers(of: 0).isEmpty)
            #expect(Self.check(matrix, rounds: 60, seed: 7) > 30)
        }
    }

    /// Templates edited as a publish might: a parameter dropped, one's conditional
    /// values dropped, the conditions in another order, a parameter added for a
    /// flag that had none. Only the changed flags are resolved again in place; every
    /// cell must be what a whole resolution with the new templates gives.
    @Test(arguments: ["remote", "hotels"])
    func newTemplatesResolveAsAWholeResolution(fixture: String) throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration(fixture)).matrix)
        let remote = try #require(matrix.model.remoteConfig)
        let unlinked = try #require(matrix.model.flags.first { flag in remote.templates.values.allSatisfy { $0.parameter(named: remote.parameterName(for: flag.key)) == nil } })
        let edits: [(String, (RemoteTemplate) -> RemoteTemplate)] = [
            ("drop the last parameter", { RemoteTemplate(file: $0.file, conditions: $0.conditions, parameters: $0.parameters.dropLast(), version: $0.version) }),
            ("drop conditional values", { template in
                var parameters = template.parameters
                if let index = parameters.firstIndex(where: { !$0.conditionalValues.isEmpty }) { parameters[index].conditionalValues = [] }
                return RemoteTemplate(file: template.file, conditions: template.conditions, parameters: parameters, version: template.version)
            }),
            ("reverse the conditions", { RemoteTemplate(file: $0.file, conditions: $0.conditions.reversed(), parameters: $0.parameters, version: $0.version) }),
            ("add a parameter", { template in
                guard var added = template.parameters.first else { return template }
                added.name = remote.parameterName(for: unlinked.key)
                return RemoteTemplate(file: template.file, conditions: template.conditions, parameters: template.parameters + [added], version: template.version)
            }),
        ]
        var edited = 0
        defer { #expect(edited >= 3 * remote.templates.count) }
        for environment in remote.templates.keys.sorted() {
            for (name, edit) in edits {
                var model = matrix.model
                model.remoteConfig?.templates[environment] = edit(remote.templates[environment]!)
                // Reversing one condition, say, changes nothing.
                guard model.remoteConfig != matrix.model.remoteConfig else { continue }
                edited += 1
                var replaced = matrix
                let inPlace = replaced.replaceRemoteConfig(with: model)
                #expect(inPlace)
                let whole = ResolvedMatrix(model: model)
                var differing: [String] = []
                for flag in whole.model.flags.indices {
                    for tenant in whole.model.tenants.indices {
                        for position in whole.model.environments.indices
                        where replaced.resolution(flag: flag, tenant: tenant, environment: position)
                            != whole.resolution(flag: flag, tenant: tenant, environment: position)
                        {
                            differing.append("\(whole.model.flags[flag].key) × \(whole.model.tenants[tenant].id) × \(whole.model.environments[position])")
                        }
                    }
                }
                #expect(differing.isEmpty, "\(name) in \(environment): \(differing.prefix(5))")
            }
        }
    }
}
