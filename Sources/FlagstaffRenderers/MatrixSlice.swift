import FlagstaffCore

/// The part of a resolved matrix a report shows: some environments and tenants.
public struct MatrixSlice: Sendable {
    /// The resolved matrix.
    public let matrix: ResolvedMatrix
    /// The environments shown, in display order.
    public let environments: [String]
    /// The tenants shown, in id order.
    public let tenants: [Tenant]

    /// The whole matrix.
    public init(_ matrix: ResolvedMatrix) {
        self.init(matrix, environments: matrix.model.environments, tenants: matrix.model.tenants)
    }

    /// A slice of the matrix.
    public init(_ matrix: ResolvedMatrix, environments: [String], tenants: [Tenant]) {
        self.matrix = matrix
        self.environments = environments
        self.tenants = tenants
    }

    /// The flags in enum order, split into runs of consecutive flags that share a MARK group.
    public var groups: [(name: String?, flags: [Flag])] {
        var groups: [(name: String?, flags: [Flag])] = []
        for flag in matrix.model.flags {
            if let last = groups.last, last.name == flag.group {
                groups[groups.count - 1].flags.append(flag)
            } else {
                groups.append((flag.group, [flag]))
            }
        }
        return groups
    }
}
