import Foundation
import Testing

/// The Homebrew formula (`Formula/flagstaff.rb`), tried as far as a machine
/// without Homebrew allows: its build step is the release build scripts/install
/// runs (Mint runs the same), and its `test do` block passes with this build.
@Suite("Homebrew formula")
struct FormulaTests {
    static func formula() throws -> String {
        try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Formula/flagstaff.rb"), encoding: .utf8)
    }

    /// The text of each `<<~NAME` heredoc written to a file in the test block, by file name.
    static func writtenFiles(_ formula: String) -> [String: String] {
        var files: [String: String] = [:]
        let lines = formula.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            let opening = "(testpath/\""
            guard line.hasPrefix(opening), let nameEnd = line.dropFirst(opening.count).firstIndex(of: "\""), let marker = line.range(of: "<<~") else {
                index += 1
                continue
            }
            let name = String(line[line.index(line.startIndex, offsetBy: opening.count)..<nameEnd])
            let terminator = String(line[marker.upperBound...])
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != terminator {
                body.append(lines[index])
                index += 1
            }
            // `<<~` strips the smallest indentation of the body's lines.
            let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            files[name] = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
            index += 1
        }
        return files
    }

    @Test func theFormulaBuildsWhatScriptsInstallBuilds() throws {
        let formula = try Self.formula()
        #expect(formula.contains(#"args = ["--disable-sandbox", "-c", "release", "--product", "flagstaff"]"#))
        #expect(formula.contains(#"args << "--static-swift-stdlib" if OS.linux?"#))
        #expect(formula.contains(#"system "swift", "build", *args"#))
        #expect(formula.contains(#"bin.install ".build/release/flagstaff""#))
        #expect(formula.contains(#"depends_on "cmark""#))
        let install = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("scripts/install"), encoding: .utf8)
        #expect(install.contains(#"[ "$(uname -s)" = Linux ] && static="--static-swift-stdlib""#))
        #expect(install.contains("swift build -c release --product flagstaff $static\n"))
    }

    /// The formula's `test do` block, run with this build's binary.
    @Test func theFormulasTestPasses() throws {
        let formula = try Self.formula()
        let files = Self.writtenFiles(formula)
        #expect(files.keys.sorted() == ["Flags.swift", "flagstaff.yml"])
        try withTemporaryDirectory { folder in
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            let validate = try run(Fixtures.binary.path, ["validate"], in: folder)
            #expect(validate.status == 0 && validate.output.contains("1 flag, 1 environment: valid"), "\(validate.output)\(validate.error)")
            #expect(formula.contains(##"assert_match "1 flag, 1 environment: valid", shell_output("#{bin}/flagstaff validate")"##))
            let matrix = try run(Fixtures.binary.path, ["matrix", "--format", "md"], in: folder)
            #expect(matrix.output.contains("new_checkout"))
        }
    }

    /// `flagstaff --version` prints the version of the tag the formula builds
    /// (Homebrew's `version` is the tag without its `v`), which the README's Mint
    /// and SwiftPM lines name too.
    @Test func theVersionIsTheFormulasTag() throws {
        let formula = try Self.formula()
        let printed = try run(Fixtures.binary.path, ["--version"], in: Fixtures.repositoryRoot)
        #expect(printed.status == 0)
        let version = printed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(version)")
        #expect(formula.contains(#"url "https://github.com/acme/flagstaff.git", tag: "v\#(version)""#))
        #expect(formula.contains(##"assert_equal version.to_s, shell_output("#{bin}/flagstaff --version").strip"##))
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("mint install acme/flagstaff@v\(version)"))
        #expect(readme.contains(#"from: "\#(version)")"#))
    }
}
