extension Int {
    /// The number with a noun, plural unless the number is one: "1 flag", "3 errors".
    public func counted(_ noun: String) -> String {
        "\(self) \(noun)\(self == 1 ? "" : "s")"
    }
}
