import FlagstaffCore

/// The order of the catalog's rows (`catalog_order`), whatever the catalog's format.
public enum CatalogOrder: String, CaseIterable, Hashable, Sendable {
    /// By flag key, ignoring case, as the article's validator sorted it.
    case key
    /// In the enum's order.
    case `enum`

    /// Whether `a` comes before `b`; `enumIndex` gives each key's place in the enum.
    public func precedes(_ a: String, _ b: String, enumIndex: (String) -> Int?) -> Bool {
        switch self {
        case .key:
            return (a.lowercased(), a) < (b.lowercased(), b)
        case .enum:
            return (enumIndex(a) ?? .max, a) < (enumIndex(b) ?? .max, b)
        }
    }

    /// Whether a catalog's entries are already in this order.
    public func isSorted(_ catalog: Catalog, enumIndex: (String) -> Int?) -> Bool {
        zip(catalog.entries, catalog.entries.dropFirst()).allSatisfy { !precedes($1.key, $0.key, enumIndex: enumIndex) }
    }
}
