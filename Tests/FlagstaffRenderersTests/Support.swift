import FlagstaffCore

/// Small models built in memory, without readers.
enum Build {
    static func setting(_ value: FlagValue, line: Int = 1, file: String = "t.json") -> Tenant.Setting {
        Tenant.Setting(value: value, location: SourceLocation(file: file, line: line, column: 1))
    }

    /// Two tenants, three flags, two environments, with names and values that Markdown, HTML and CSV must escape.
    static func hostileMatrix() -> ResolvedMatrix {
        let flags = [
            Flag(key: "ENABLE_A", caseName: "a", group: "Group | *one*", location: .start(of: "F.swift")),
            Flag(key: "TEXT_B", caseName: "b", group: "Group | *one*", location: .start(of: "F.swift")),
            Flag(key: "COUNT_C", caseName: "c", location: .start(of: "F.swift")),
        ]
        let tenants = [
            Tenant(
                id: "A|B", name: "<b>Bold</b> & co", file: "tenants/A|B.json",
                base: [
                    "ENABLE_A": setting(.bool(true), file: "tenants/A|B.json"), "TEXT_B": setting(.string("x, \"y\"\nz|_w_"), file: "tenants/A|B.json"),
                    "COUNT_C": setting(.decimal("1.50"), file: "tenants/A|B.json"),
                ],
                overrides: ["prod": ["ENABLE_A": setting(.bool(false), line: 3, file: "tenants/A|B.json")]]),
            Tenant(id: "Z", name: "Z", file: "tenants/Z.json", base: ["TEXT_B": setting(.string(""), file: "tenants/Z.json")]),
        ]
        let catalog = Catalog(
            columns: ["Flag", "Description"],
            entries: flags.map { CatalogEntry(key: $0.key, description: "", columns: [], location: .start(of: "c.md")) },
            location: .start(of: "c.md"))
        let model = FlagModel(
            title: "Acme *Flags*", environments: ["dev", "prod"],
            flagEnums: [FlagEnum(name: "FeatureFlag", hasStringRawValues: true, flags: flags)], catalog: catalog, tenants: tenants)
        return ResolvedMatrix(model: model)
    }
}
