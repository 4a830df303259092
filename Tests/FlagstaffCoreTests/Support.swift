import FlagstaffCore

/// Small models built in memory, without readers.
enum Build {
    static func flag(_ key: String, group: String? = nil) -> Flag {
        Flag(key: key, caseName: key.lowercased(), group: group, location: .start(of: "F.swift"))
    }

    static func setting(_ value: FlagValue, line: Int = 1) -> Tenant.Setting {
        Tenant.Setting(value: value, location: SourceLocation(file: "t.json", line: line, column: 1))
    }

    static func model(
        flags: [Flag], tenants: [Tenant], environments: [String] = ["dev", "prod"], catalog: [CatalogEntry]? = nil,
        tenantNames: [String: String] = [:], policy: LifecyclePolicy = LifecyclePolicy()
    ) -> FlagModel {
        let entries = catalog ?? flags.map { CatalogEntry(key: $0.key, description: "", columns: [], location: .start(of: "c.md")) }
        return FlagModel(
            title: "T", environments: environments,
            flagEnums: [FlagEnum(name: "FeatureFlag", hasStringRawValues: true, flags: flags)],
            catalog: Catalog(columns: ["Flag", "Description"], entries: entries, location: .start(of: "c.md")), tenants: tenants,
            tenantNames: tenantNames, policy: policy, tenantNamesLocation: SourceLocation(file: "flagstaff.yml", line: 9, column: 15))
    }
}
