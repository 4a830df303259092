import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// No Mac builds this package here, so these tests keep the code that differs
/// between Linux and macOS in one guarded file, `Sources/Flagstaff/Platform.swift`.
/// Every other source file must compile on both: it may not name `Glibc`, `Musl`
/// or `Darwin`, call the C library for files, descriptors, locks, signals or
/// processes, or use an API that only Linux has. The files are read with
/// swift-syntax, so comments and strings never count, and a call to a Swift
/// function of the same name (with argument labels, or on a value) does not either.
@Suite("Platform code stays in Platform.swift")
struct PlatformGuardTests {
    /// The one file allowed to use the C library directly.
    static let platformFile = "Sources/Flagstaff/Platform.swift"

    /// The C library's modules, one per system.
    static let systemModules: Set<String> = ["Glibc", "Musl", "Darwin", "WinSDK", "ucrt", "Android", "Bionic"]

    /// C calls whose use belongs in Platform.swift: the same on both systems
    /// today, but where a difference would show (types, modules, flags).
    static let systemCalls: Set<String> = [
        "write", "read", "open", "close", "lstat", "stat", "fstat", "flock", "fcntl", "rename", "link", "unlink", "rmdir", "mkdir",
        "fsync", "isatty", "signal", "sigaction", "_exit", "fopen", "fwrite", "fread", "fclose", "chmod", "access", "kill",
        "getpid", "dup", "dup2", "pipe", "fork", "execv", "execvp", "opendir", "readdir", "closedir", "strerror", "realpath",
    ]

    /// APIs that exist on Linux only.
    static let linuxOnly: Set<String> = [
        "sendfile", "fdatasync", "pipe2", "accept4", "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "inotify_init",
        "inotify_init1", "inotify_add_watch", "memfd_create", "statx", "renameat2", "copy_file_range", "syncfs", "malloc_usable_size",
        "mallinfo", "mallinfo2", "sched_getaffinity", "prctl", "getrandom", "posix_fadvise", "fallocate", "get_nprocs", "gettid",
        "O_TMPFILE", "O_DIRECT", "O_NOATIME", "MAP_POPULATE", "st_mtim", "st_atim", "st_ctim",
    ]

    /// C constants and globals whose types or values differ between the systems.
    static let systemNames: Set<String> = [
        "errno", "S_IFMT", "S_IFREG", "S_IFDIR", "S_IFLNK", "STDIN_FILENO", "STDOUT_FILENO", "STDERR_FILENO", "O_RDONLY",
        "O_WRONLY", "O_RDWR", "O_CREAT", "O_EXCL", "O_APPEND", "O_CLOEXEC", "LOCK_EX", "LOCK_UN", "SIGINT", "SIGTERM", "SIGKILL",
        "EINTR", "ENOENT",
    ]

    /// One use of platform code outside Platform.swift.
    struct Finding: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var what: String
        var description: String { "\(file):\(line): \(what)" }
    }

    /// The findings in one file's text.
    static func findings(in text: String, file: String) -> [Finding] {
        let tree = Parser.parse(source: text)
        let finder = Finder(file: file, converter: SourceLocationConverter(fileName: file, tree: tree))
        finder.walk(tree)
        return finder.findings
    }

    private final class Finder: SyntaxVisitor {
        let file: String
        let converter: SourceLocationConverter
        var findings: [Finding] = []

        init(file: String, converter: SourceLocationConverter) {
            self.file = file
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        private func report(_ node: some SyntaxProtocol, _ what: String) {
            findings.append(Finding(file: file, line: node.startLocation(converter: converter).line, what: what))
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            let module = node.path.first?.name.text ?? ""
            if PlatformGuardTests.systemModules.contains(module) { report(node, "imports \(module)") }
            return .skipChildren
        }

        /// `#if canImport(Darwin)` is how a guarded file asks, not a use.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let elements = node.elements { walk(elements) }
            return .skipChildren
        }

        /// Plain names, and the member names of `a.b` (`status.st_mtim`).
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            if PlatformGuardTests.systemModules.contains(name) {
                report(node, "names the module \(name)")
            } else if PlatformGuardTests.linuxOnly.contains(name) {
                report(node, "uses \(name), which only Linux has")
            } else if PlatformGuardTests.systemNames.contains(name) {
                report(node, "uses the C library's \(name)")
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            // A bare call with no argument labels, as C functions are imported:
            // `write(fd, buffer, count)`, not `write(to: &text)` or `file.write(x)`.
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
                PlatformGuardTests.systemCalls.contains(callee.baseName.text),
                node.trailingClosure == nil, node.arguments.allSatisfy({ $0.label == nil })
            {
                report(node, "calls the C library's \(callee.baseName.text)")
            }
            return .visitChildren
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            let text = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            if text.contains("/proc/") { report(node, "reads /proc, which only Linux has") }
            return .skipChildren
        }
    }

    /// Every Swift file below a folder of the repository, by its path from the root.
    static func swiftFiles(under folder: String) -> [String] {
        let root = Fixtures.repositoryRoot
        let paths = FileManager.default.subpaths(atPath: root.appendingPathComponent(folder).path) ?? []
        return paths.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    @Test func onlyPlatformSwiftCallsTheCLibrary() throws {
        let files = Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Plugins")
        #expect(files.count > 50)
        #expect(files.contains(Self.platformFile))
        var findings: [Finding] = []
        for file in files where file != Self.platformFile {
            let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            findings += Self.findings(in: text, file: file)
        }
        #expect(findings.isEmpty, "move these into \(Self.platformFile):\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func noTestNamesASystemModule() throws {
        var findings: [Finding] = []
        for file in Self.swiftFiles(under: "Tests") where !file.contains("/Fixtures/") {
            let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            findings += Self.findings(in: text, file: file).filter { $0.what.hasPrefix("imports") || $0.what.hasPrefix("names the module") }
        }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// The check itself, on code that breaks each rule and code that only looks like it does.
    @Test func theCheckFindsEachKindOfPlatformCode() {
        let text = """
            import Glibc
            #if canImport(Darwin)
            import Darwin
            #endif
            func f(_ descriptor: Int32, _ buffer: UnsafeRawPointer) {
                _ = Glibc.write(descriptor, buffer, 1)
                _ = write(descriptor, buffer, 1)
                var status = stat()
                _ = lstat("/tmp", &status)
                _ = status.st_mode & S_IFMT
                _ = flock(descriptor, LOCK_EX)
                _ = fdatasync(descriptor)
                _ = status.st_mtim
                let cpu = "/proc/cpuinfo"
            }
            """
        let found = Self.findings(in: text, file: "x.swift").map(\.description)
        #expect(found == [
            "x.swift:1: imports Glibc",
            "x.swift:3: imports Darwin",
            "x.swift:6: names the module Glibc",
            "x.swift:7: calls the C library's write",
            "x.swift:8: calls the C library's stat",
            "x.swift:9: calls the C library's lstat",
            "x.swift:10: uses the C library's S_IFMT",
            "x.swift:11: calls the C library's flock",
            "x.swift:11: uses the C library's LOCK_EX",
            "x.swift:12: uses fdatasync, which only Linux has",
            "x.swift:13: uses st_mtim, which only Linux has",
            "x.swift:14: reads /proc, which only Linux has",
        ])
        let innocent = """
            // Glibc.write(1, p, 2) in a comment
            let text = "write(1, p, 2) and Darwin"
            func g(output: inout String, file: FileHandle) {
                write(to: &output, indent: "")
                write { sink in sink(1) }
                #if canImport(Darwin)
                let darwin = true
                #endif
                file.write(Data())
                CatalogReader.read(text, file: "x")
                let stat = Statistics()
            }
            """
        #expect(Self.findings(in: innocent, file: "y.swift").isEmpty)
    }
}
