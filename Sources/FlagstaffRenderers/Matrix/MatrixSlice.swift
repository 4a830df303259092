import FlagstaffCore

/// The part of a resolved matrix a report shows: some environments and tenants.
public struct MatrixSlice: Sendable {
    /// The resolved matrix.
    public let matrix: ResolvedMatrix
    /// The environments shown, in display order.
    public let environments: [String]
    /// The tenants shown, in id order.
    public let tenants: [Tenant]
    /// The positions in the model of the environments and tenants shown.
    public let environmentPositions: [Int], tenantPositions: [Int]

    /// The whole matrix.
    public init(_ matrix: ResolvedMatrix) {
        self.init(matrix, environments: matrix.model.environments, tenants: matrix.model.tenants)
    }

    /// A slice of the matrix.
    public init(_ matrix: ResolvedMatrix, environments: [String], tenants: [Tenant]) {
        self.matrix = matrix
        self.environments = environments
        self.tenants = tenants
        environmentPositions = environments.compactMap { matrix.model.environments.firstIndex(of: $0) }
        tenantPositions = tenants.compactMap { matrix.model.tenantIndex($0.id) }
    }

    /// The flags in enum order, split into runs of consecutive flags that share a
    /// MARK group, as ranges of flag positions in the model.
    public var groupPositions: [(name: String?, positions: Range<Int>)] {
        var groups: [(name: String?, positions: Range<Int>)] = []
        for (position, flag) in matrix.model.flags.enumerated() {
            if let last = groups.last, last.name == flag.group {
                groups[groups.count - 1].positions = last.positions.lowerBound..<(position + 1)
            } else {
                groups.append((flag.group, position..<(position + 1)))
            }
        }
        return groups
    }
}
