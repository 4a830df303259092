extension Int {
    /// The number with a comma between each group of three digits: "10,000".
    public var grouped: String {
        let digits = String(magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }

    /// The number with a noun, plural unless the number is one: "1 flag", "3 errors".
    public func counted(_ noun: String) -> String {
        "\(self) \(noun)\(self == 1 ? "" : "s")"
    }

    /// The noun this many takes, without the number: "flag" for one, "flags" otherwise,
    /// or `plural` when the noun's plural is not made with an "s".
    public func noun(_ singular: String, plural: String? = nil) -> String {
        self == 1 ? singular : plural ?? "\(singular)s"
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
