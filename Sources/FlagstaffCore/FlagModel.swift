/// Everything Flagstaff knows about a workspace, read from its sources.
public struct FlagModel: Hashable, Sendable {
    /// The site's title.
    public var title: String
    /// The environments in display order, e.g. dev, sit, uat, prod.
    public var environments: [String]
    /// The flag enum.
    public var flagEnum: FlagEnum
    /// The catalog.
    public var catalog: Catalog
    /// The tenants, sorted by id.
    public var tenants: [Tenant]

    /// Creates a model; tenants are kept in id order.
    public init(title: String, environments: [String], flagEnum: FlagEnum, catalog: Catalog, tenants: [Tenant]) {
        self.title = title
        self.environments = environments
        self.flagEnum = flagEnum
        self.catalog = catalog
        self.tenants = tenants.sorted { $0.id < $1.id }
    }

    /// The flags in enum order.
    public var flags: [Flag] { flagEnum.flags }

    /// The flag with a key, if the enum declares one.
    public func flag(_ key: String) -> Flag? { flags.first { $0.key == key } }

    /// The tenant with an id, if there is one.
    public func tenant(_ id: String) -> Tenant? { tenants.first { $0.id == id } }
}
