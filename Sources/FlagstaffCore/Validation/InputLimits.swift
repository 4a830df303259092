/// The largest inputs Flagstaff reads, so that no input can exhaust memory or
/// time: past a limit a file is an error at its position, never read further.
/// Each is far above what a real workspace needs (2,000 flags × 200 tenants ×
/// 6 environments is about 100 KB per tenant file and 250 KB of catalog), and
/// the README's "Limits" section lists them for users.
public enum InputLimits {
    /// The largest input file, in bytes: 8 MiB.
    public static let fileBytes = 8 << 20
    /// The longest line, in bytes: 1 MiB, room for a tenant file written on one line.
    public static let lineBytes = 1 << 20
    /// The most flags in the enum.
    public static let flags = 10_000
    /// The most tenants.
    public static let tenants = 1_000
    /// The most environments.
    public static let environments = 20
    /// The most cells of the matrix (flags × tenants × environments), which is what
    /// the build's memory and time grow with.
    public static let cells = 10_000_000
    /// The deepest nesting of arrays and objects in JSON.
    public static let jsonDepth = 512
    /// The deepest nesting of elements in XML (property lists).
    public static let xmlDepth = 256
    /// The deepest nesting in Swift of `{ ( [ <` and `#if` together: far more than
    /// real code uses, far less than what overflows a thread's stack in a debug build.
    public static let swiftDepth = 100
    /// The most square brackets open at once in Swift: far more than real code uses
    /// (`[[String: [Int]]]` is three), few enough that swift-syntax's lookahead at
    /// each `[`, which nests, stays quick.
    public static let swiftSquareBrackets = 12
    /// The deepest a theme page may nest sections, counting those of the partials it
    /// includes (each partial counts as one level more).
    public static let themeDepth = 100
    /// The deepest nesting of YAML, which libyaml itself enforces; listed for the README.
    public static let yamlDepth = 1_000
    /// The most `#include`s followed for one build configuration's `.xcconfig` files.
    public static let xcconfigIncludes = 1_000
    /// The deepest chain of `.xcconfig` files including each other, the first one counted.
    public static let xcconfigIncludeDepth = 32

    /// The README's "Limits" table, row by row: what is limited, and the limit in
    /// words. A test checks that the README holds exactly these rows, so a limit
    /// added here reaches the README, and a row there has a limit here.
    public static var table: [(limit: String, value: String)] {
        [
            ("Largest input file (any file Flagstaff reads, in the working tree or at a commit)", megabytes(fileBytes)),
            ("Longest line", "\(megabytes(lineBytes)) (room for a tenant file on one line)"),
            (
                "Deepest nesting in Swift (the declarations and the code roots)",
                "\(swiftDepth) levels of `{ ( [ <` and `#if` together, of which at most \(swiftSquareBrackets) square brackets open at once "
                    + "(swift-syntax's type lookahead at each `[` grows steeply with their depth); a deeper file is not parsed"
            ),
            ("Deepest nesting in JSON (tenant files, Remote Config templates and their JSON values)", "\(jsonDepth) levels"),
            ("Deepest nesting in XML (Remote Config defaults property lists)", "\(xmlDepth) levels"),
            ("Deepest nesting in YAML (`flagstaff.yml`, guide front matter)", "\(yamlDepth.grouped) levels (libyaml's); aliases are never expanded"),
            ("Deepest nesting in the theme", "\(themeDepth) levels of sections, counting those of included partials"),
            ("`#include`s in one build configuration's `.xcconfig` files", "\(xcconfigIncludes.grouped) in all, \(xcconfigIncludeDepth) files deep"),
            ("Flags", flags.grouped),
            ("Tenants", tenants.grouped),
            ("Environments", environments.grouped),
            ("Matrix cells (flags × tenants × environments)", cells.grouped),
        ]
    }

    /// An error at the start of a file larger than `fileBytes`, or at the first
    /// line longer than `lineBytes`; `nil` when the file is within both.
    ///
    /// Takes an array, not any collection: every input passes through here, and a
    /// generic loop called from another module walks the bytes through witness
    /// calls, which cost more than parsing the file.
    public static func problem(in bytes: [UInt8], file: String) -> Diagnostic? {
        if let problem = problem(size: bytes.count, file: file) { return problem }
        // No line of a file shorter than the limit can be longer than it.
        guard bytes.count > lineBytes else { return nil }
        return bytes.withUnsafeBufferPointer { bytes in
            var line = 1
            var lineStart = 0
            var previous: UInt8 = 0
            for offset in bytes.indices {
                let byte = bytes[offset]
                // A line ends at \n, \r\n or a lone \r; the \n of a \r\n ends nothing more.
                if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") {
                    lineStart = offset + 1
                } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    line += 1
                    lineStart = offset + 1
                } else if offset - lineStart >= lineBytes {
                    return .error(
                        "this line is longer than \(megabytes(lineBytes)), the longest line Flagstaff reads",
                        at: SourceLocation(file: file, line: line, column: lineBytes + 1), hint: "see Limits in the README")
                }
                previous = byte
            }
            return nil
        }
    }

    /// An error at the start of a file of `size` bytes when that is more than
    /// `fileBytes`, so a reader can refuse a file before reading it.
    public static func problem(size: Int, file: String) -> Diagnostic? {
        size > fileBytes ? tooLarge(size: size, file: file) : nil
    }

    /// The error at the start of a file of `size` bytes, more than `fileBytes`.
    public static func tooLarge(size: Int, file: String) -> Diagnostic {
        .error("the file is \(megabytes(size)), larger than the \(megabytes(fileBytes)) Flagstaff reads", at: .start(of: file), hint: "see Limits in the README")
    }

    /// A count of bytes in MiB, e.g. `8 MiB` or `12.5 MiB`.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
