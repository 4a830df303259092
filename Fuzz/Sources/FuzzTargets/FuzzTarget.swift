import FlagstaffCore
import FlagstaffReaders

/// A reader under fuzzing: it takes any bytes as a file's text and must return a
/// model or diagnostics, and nothing else. Shared by the libFuzzer executables
/// (`Fuzz/`) and by the test that replays the committed corpus (`Fuzz/Corpus/<name>/`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    case tenantDefaults = "TenantDefaults"
    case flagEnum = "FlagEnum"
    case catalog = "Catalog"
    case configuration = "Configuration"
    case guidePage = "GuidePage"
    case codeScan = "CodeScan"
    case remoteTemplate = "RemoteTemplate"
    case swiftDeclarations = "SwiftDeclarations"
    case xcconfig = "Xcconfig"
    case justTweak = "JustTweak"
    case remoteConfigDefaults = "RemoteConfigDefaults"
    case toggles = "Toggles"

    /// The path the input is read as, in diagnostics; for `xcconfig`, the first of
    /// the files the input is split into.
    var path: String {
        switch self {
        case .tenantDefaults: "tenants/FUZZ/FeatureFlags.defaults.json"
        case .flagEnum: "App/FeatureFlag.swift"
        case .catalog: "flags/catalog.md"
        case .configuration: "flagstaff.yml"
        case .guidePage: "guide/01-page.md"
        case .codeScan: "App/View.swift"
        case .remoteTemplate: "remote/prod.json"
        case .swiftDeclarations: "App/FeatureFlags.swift"
        case .xcconfig: "Config/0.xcconfig"
        case .justTweak: "Config/LocalTweaks.json"
        case .remoteConfigDefaults: "Config/RemoteConfigDefaults.plist"
        case .toggles: "Resources/Toggles.json"
        }
    }

    /// Runs the reader on the bytes as a file's text. Returns what broke the
    /// contract, or `nil` when the reader returned a model or diagnostics that
    /// point inside the file (for `xcconfig`, inside one of its files).
    public func check(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        // The texts the reader reads, by path.
        var files = [path: text]
        let (hasModel, diagnostics): (Bool, [Diagnostic])
        switch self {
        case .tenantDefaults:
            let result = TenantDefaultsReader.read(text, file: path, id: "FUZZ", name: "Fuzz")
            (hasModel, diagnostics) = (result.tenant != nil, result.diagnostics)
        case .flagEnum:
            let result = FlagEnumReader.read([.init(path: path, text: text)], enumName: nil)
            (hasModel, diagnostics) = (result.flagEnum != nil, result.diagnostics)
        case .catalog:
            let result = CatalogReader.read(text, file: path)
            (hasModel, diagnostics) = (result.catalog != nil, result.diagnostics)
        case .configuration:
            // The bytes as a file, then as choices of keys and values that meet.
            if let problem = ConfigurationCombination.check(bytes, file: path) { return problem }
            let result = ConfigurationReader.read(text, file: path)
            (hasModel, diagnostics) = (result.configuration != nil, result.diagnostics)
        case .guidePage:
            let result = GuideReader.read(text, fileName: "01-page.md", file: path)
            (hasModel, diagnostics) = (result.page != nil, result.diagnostics)
        case .codeScan:
            let result = CodeReferenceScanner.scan([.init(path: path, text: text)], flags: Self.flags, typeNames: ["FeatureFlag"])
            let lineCount = Self.lineCount(of: text)
            let outside = result.references.values.joined().first { $0.location.file != path || !(1...lineCount).contains($0.location.line) }
            if let outside { return "a reference outside the file: \(outside.location)" }
            (hasModel, diagnostics) = (true, result.diagnostics)
        case .remoteTemplate:
            let result = RemoteTemplateReader.read(text, file: path)
            (hasModel, diagnostics) = (result.template != nil, result.diagnostics)
        case .swiftDeclarations:
            // Every property the settings can name, with one build configuration
            // whose conditions and checked values are known and one whose are not,
            // and two app targets, one of which leaves a checked value unknown;
            // then with the defaults a manager's function gives through helpers.
            var settings = SwiftSettings()
            (settings.defaults, settings.remoteKey, settings.description, settings.registry) = ("defaultValue", "remoteKey", "description", "registry")
            settings.remoteKeyDefault = .snakeCase
            settings.columns = [("Debug menu", "isEditableInDebugMenu")]
            var results: [(declarations: FlagDeclarations?, diagnostics: [Diagnostic])] = []
            for defaults in ["defaultValue", "FeatureFlagManager.isEnabled"] {
                settings.defaults = defaults
                results.append(SwiftDeclarationsReader.read(
                    [.init(path: path, text: text)],
                    options: .init(
                        settings: settings, environments: ["debug", "release"], conditions: ["debug": ["DEBUG"]],
                        knownValues: ["debug": ["BuildConfiguration.current": "localDeveloper", "AppConfiguration.isJetpack": "true"]],
                        appTargets: [
                            AppTarget(name: "WordPress", values: ["AppConfiguration.isJetpack": "false"], location: .start(of: "flagstaff.yml")),
                            AppTarget(name: "Jetpack", values: ["BuildConfiguration.current": "appStore"], location: .start(of: "flagstaff.yml")),
                        ])))
            }
            // Then as several types: every type conforming to a protocol, each
            // limited to one MARK group.
            settings.defaults = "defaultValue"
            settings.flagMarks = ["Flags"]
            let several = SwiftDeclarationsReader.read(
                [.init(path: path, text: text)], options: .init(flagProtocol: "FeatureFlag", settings: settings, environments: ["debug"]))
            if several.declarations == nil && !several.diagnostics.containsErrors { return "no model and no error under flag_protocol" }
            (hasModel, diagnostics) = (results[0].declarations != nil, results.flatMap(\.diagnostics) + several.diagnostics)
        case .xcconfig:
            files = Self.xcconfigFiles(text)
            (hasModel, diagnostics) = (true, Self.xcconfigDiagnostics(files))
        case .justTweak, .remoteConfigDefaults, .toggles:
            // As the declarations of a workspace, then as one file of values.
            let format: any DeclaringValuesFormat.Type =
                switch self {
                case .justTweak: JustTweakFormat.self
                case .toggles: TogglesFormat.self
                default: RemoteConfigDefaultsFormat.self
                }
            let declarations = format.read([.init(path: path, text: text)], configuration: Configuration(), conditions: [:])
            let values = format.read(text, file: path, id: "app", name: "app", keys: declarations.declarations.map {
                FlagKeys(flags: $0.flags, environments: ["debug", "release"])
            })
            if (declarations.declarations == nil) != (values.tenant == nil) { return "declarations and values disagree on whether the file reads" }
            (hasModel, diagnostics) = (values.tenant != nil, values.diagnostics)
        }
        if !hasModel && !diagnostics.containsErrors { return "no model and no error" }
        let lineCounts = files.mapValues(Self.lineCount(of:))
        if let stray = diagnostics.first(where: { diagnostic in
            guard let location = diagnostic.location else { return false }
            guard let lineCount = lineCounts[location.file] else { return true }
            return !(1...lineCount).contains(location.line) || location.column < 1
        }) {
            return "a diagnostic outside the file: \(stray)"
        }
        return nil
    }

    /// The lines of a text, each `\n` and `\r` ending one: `\r\n` counts twice, which only widens the check.
    private static func lineCount(of text: String) -> Int {
        text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") || $1 == UInt8(ascii: "\r") ? $0 + 1 : $0 }
    }

    /// The line between two files of the xcconfig fuzzer's input.
    private static let fileSeparator = "--- FILE ---"

    /// The xcconfig fuzzer's input as files that may include one another, by path:
    /// its text split at each `fileSeparator` line into `Config/0.xcconfig`,
    /// `Config/1.xcconfig`…, so that includes, cycles and missing files are read.
    static func xcconfigFiles(_ text: String) -> [String: String] {
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
            .split(omittingEmptySubsequences: false) { $0 == fileSeparator }
        return Dictionary(uniqueKeysWithValues: pieces.enumerated().map { ("Config/\($0.offset).xcconfig", $0.element.joined(separator: "\n")) })
    }

    /// What the reader says of the first of the files, reading its includes from them.
    static func xcconfigDiagnostics(_ files: [String: String]) -> [Diagnostic] {
        XcconfigReader.conditions(of: FuzzTarget.xcconfig.path, configuration: "Debug", namedAt: nil) { files[$0].map { .text($0) } ?? .unreadable }.diagnostics
    }

    /// The flags the code scan looks for.
    private static let flags: [Flag] = {
        let source = """
            enum FeatureFlag: String {
                case mediaLibrary = "ENABLE_MEDIA_LIBRARY"
                case guidedTour = "ENABLE_GUIDED_TOUR"
            }
            """
        return FlagEnumReader.read([.init(path: "App/FeatureFlag.swift", text: source)], enumName: "FeatureFlag").flagEnum?.flags ?? []
    }()
}
