extension Int {
    /// The number with a noun, plural unless the number is one: "1 flag", "3 errors".
    public func counted(_ noun: String) -> String {
        "\(self) \(noun)\(self == 1 ? "" : "s")"
    }

    /// Every one of this many, in words: "the only tenant", "both tenants", "all 3 tenants".
    public func everyOne(_ noun: String) -> String {
        switch self {
        case 1: "the only \(noun)"
        case 2: "both \(noun)s"
        default: "all \(counted(noun))"
        }
    }
}
