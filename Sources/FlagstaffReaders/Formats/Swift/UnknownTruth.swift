/// Three-valued logic for conditions whose truth may be unknown (`nil`): `false`
/// on either side settles `&&`, `true` on either side settles `||`.
enum UnknownTruth {
    static func and(_ a: Bool?, _ b: Bool?) -> Bool? {
        if a == false || b == false { return false }
        return a == true && b == true ? true : nil
    }

    static func or(_ a: Bool?, _ b: Bool?) -> Bool? {
        if a == true || b == true { return true }
        return a == false && b == false ? false : nil
    }
}
