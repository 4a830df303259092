import FlagstaffCore
import FlagstaffReaders
import Foundation

/// What `flagstaff init` finds in a folder, with the readers Flagstaff reads it
/// with, and the configuration it makes of it: the flag type and its members,
/// files of the formats that declare and give values, Remote Config templates,
/// tenant files, `.xcconfig` files and the code folders that use the flags.
struct WorkspaceSurvey {
    /// What was found, one line each, for the command's output.
    private(set) var found: [String] = []
    /// The configuration to write.
    private(set) var configuration = InitialConfiguration()
    /// Whether a source of flags was found; without one there is nothing to write.
    private(set) var foundFlags = false

    /// The file every tenant folder holds in the layout the README describes.
    static let tenantFileName = "FeatureFlags.defaults.json"
    /// Environment names in the order teams list them; others follow, as found.
    static let environmentOrder = [
        "debug", "dev", "develop", "development", "test", "qa", "uat", "alpha", "staging", "beta", "preprod", "release", "prod", "production",
        "appstore",
    ]
    /// Template file names that say nothing about their environment.
    static let unnamedTemplates: Set<String> = ["template", "remoteconfig", "remote_config", "remote-config", "config", "firebase"]

    private var inventory: FolderInventory
    /// The flags found and their keys, for matching tenant files and code.
    private var flags: [Flag] = []
    /// The environments so far, and why each is there.
    private var environments: [String] = []
    private var environmentReasons: [String] = []

    /// Looks through the folder of `inventory`; `title` is the site's title to propose.
    init(inventory: FolderInventory, title: String) {
        self.inventory = inventory
        configuration.set(.title, YAMLScalar.written(title), why: "The site's title: the folder's name.")
        var declaring: [(file: SourceFile, format: any DeclaringValuesFormat.Type)] = []
        var templates: [String] = []
        var jsonObjects: [(path: String, tenant: Tenant)] = []
        for path in inventory.paths(endingIn: ".json", ".plist", ".xml") {
            guard let text = self.inventory.text(of: path) else { continue }
            if let format = Self.declaringFormat(of: text, path: path) {
                declaring.append((SourceFile(path: path, text: text), format))
            } else if path.hasSuffix(".json"), let template = RemoteTemplateReader.read(text, file: path).template, !template.parameters.isEmpty {
                templates.append(path)
            } else if path.hasSuffix(".json"), case let (tenant?, problems) = TenantDefaultsReader.read(text, file: path, id: path, name: path),
                !problems.containsErrors
            {
                jsonObjects.append((path, tenant))
            }
        }
        let swiftFiles = inventory.paths(endingIn: ".swift").compactMap { path in self.inventory.text(of: path).map { SourceFile(path: path, text: $0) } }
        let flagType = surveySwift(swiftFiles)
        surveyDeclaringFiles(declaring, hasSwiftType: flagType != nil)
        surveyCatalog()
        let tenantFiles = surveyTenants(jsonObjects)
        surveyXcconfigs(conditions: flagType?.conditions ?? [])
        let templateEnvironments = surveyTemplates(templates)
        if !tenantFiles.isEmpty, !environments.contains(where: ["prod", "production", "release", "appstore"].contains) {
            addEnvironment("prod", because: "prod: the environment the tenant files override nothing in")
            configuration.unsure.append("'prod' stands for the environment that no tenant file overrides; rename it to what the team calls it")
        }
        if environments.isEmpty {
            addEnvironment("release", because: "release: nothing named an environment")
            configuration.unsure.append("no environment was named anywhere; 'release' is a guess, list the team's environments under 'environments'")
        }
        if let path = templateEnvironments.unnamed, let target = environments.last {
            configuration.set(
                .remoteConfig, "\n  \(RemoteConfigKey.templates.rawValue): { \(target): \(YAMLScalar.written(path)) }",
                why: "A Remote Config template (`firebase remoteconfig:get` output): \(path).")
            configuration.unsure.append("\(path) is taken as the \(target) environment's Remote Config template; check which project it comes from")
        } else if !templateEnvironments.named.isEmpty {
            let pairs = environments.compactMap { environment in
                templateEnvironments.named.first { $0.environment == environment }.map { "\(environment): \(YAMLScalar.written($0.path))" }
            }.joined(separator: ", ")
            configuration.set(
                .remoteConfig, "\n  \(RemoteConfigKey.templates.rawValue): { \(pairs) }",
                why: "Remote Config templates (`firebase remoteconfig:get` output), each named after its environment.")
            if !tenantFiles.isEmpty {
                configuration.unsure.append(
                    "how Remote Config's conditions recognise each tenant: add 'tenant_signal' or 'tenants' under 'remote_config' (see the README's Remote Config)")
            }
        }
        configuration.entries.insert(
            InitialConfiguration.Entry(key: .environments, value: InitialConfiguration.list(environments), why: environmentReasons),
            at: 1)
        surveyCode(swiftFiles, flagType: flagType)
        if !self.inventory.limitsReached.isEmpty {
            configuration.unsure.append(
                "the folder is large: \(self.inventory.limitsReached.joined(separator: "; ")); sources past that were not looked for")
        }
    }

    /// The first format that declares flags that reads the file without errors and finds entries in it.
    /// Remote Config's in-app defaults are read only from property lists and XML:
    /// in JSON they are any object, tenant files included.
    private static func declaringFormat(of text: String, path: String) -> (any DeclaringValuesFormat.Type)? {
        FormatRegistry.declarations.lazy.compactMap { $0 as? any DeclaringValuesFormat.Type }.first { format in
            guard format.name != RemoteConfigDefaultsFormat.name || !path.hasSuffix(".json") else { return false }
            let (entries, problems) = format.entries(in: text, file: path)
            return !(entries ?? []).isEmpty && !problems.containsErrors
        }
    }

    /// The likeliest flag type and the members that describe its flags.
    private mutating func surveySwift(_ files: [SourceFile]) -> SwiftFlagType? {
        let types = SwiftFlagSurvey.flagTypes(in: files)
        guard let type = types.first else { return nil }
        foundFlags = true
        flags = type.flags
        found.append("\(type.location): \(type.name), \(type.evidence), declares \(type.flags.count) flags")
        // Every type returned is as likely; the one with the most flags is taken.
        let alike = types.dropFirst()
        if !alike.isEmpty {
            configuration.unsure.append(
                "\(type.name) was chosen as the flag type, but \(InitialConfiguration.few(alike.map { "\($0.name) (\($0.location))" })) "
                    + "\(alike.count == 1 ? "looks" : "look") as likely; set 'enum_name' and 'enum' to the one the app checks")
        }
        let paths = type.files.map(YAMLScalar.written)
        configuration.set(
            .enumFiles, paths.count == 1 ? paths[0] : "[\(paths.joined(separator: ", "))]",
            why: "The Swift file that declares the flags\(paths.count > 1 ? ", then the files that extend the type" : "").")
        configuration.set(.enumName, YAMLScalar.written(type.name), why: "\(type.name): \(type.evidence) (\(type.location)).")
        var swift: [(SwiftSettings.Key, String, String)] = []
        for (key, names, what) in [
            (SwiftSettings.Key.defaults, type.defaults, "a Bool that switches over the flag: each flag's default"),
            (.remoteKey, type.remoteKeys, "a string that switches over the flag and gives names without spaces: each flag's Remote Config parameter"),
            (.description, type.descriptions, "a string that switches over the flag and gives sentences: each flag's description"),
            (.registry, type.registries, "a dictionary literal keyed by the flag's cases: each flag's registry entry"),
        ] {
            guard let first = names.first else { continue }
            swift.append((key, first, what))
            if key == .defaults, !first.lowercased().contains("default") {
                configuration.unsure.append(
                    "'\(first)' is taken as each flag's default; if it says something else of each flag (whether a debug menu shows it, say), "
                        + "name it under swift.columns instead")
            }
            if names.count > 1 {
                configuration.unsure.append(
                    "swift.\(key.rawValue) is '\(first)', but \(names.dropFirst().map { "'\($0)'" }.joined(separator: ", ")) could be it too")
            }
        }
        if !swift.isEmpty {
            configuration.entries.append(
                InitialConfiguration.Entry(
                    key: .swift, value: swift.map { "\n  \($0.0.rawValue): \(YAMLScalar.written($0.1))" }.joined(),
                    why: swift.map { "\($0.0.rawValue): '\($0.1)' is \($0.2)." }))
            for (key, name, _) in swift { found.append("\(name.contains(".") ? name : "\(type.name).\(name)"): swift.\(key.rawValue)") }
        }
        return type
    }

    /// JustTweak, Toggles and Remote Config defaults files: the flags' declarations
    /// when no Swift type declares them, and a layer of values each.
    private mutating func surveyDeclaringFiles(_ candidates: [(file: SourceFile, format: any DeclaringValuesFormat.Type)], hasSwiftType: Bool) {
        let files = candidates.filter { Self.givesFlagValues($0.file, format: $0.format, flags: hasSwiftType ? flags : nil) }
        guard !files.isEmpty else { return }
        for (file, format) in files { found.append("\(file.path): \(format.declarationsName) (format \(format.name))") }
        if !hasSwiftType, let format = files.first?.format {
            foundFlags = true
            // The largest file first: it declares most flags, which then keep its order.
            let sources = files.filter { $0.format.name == format.name }.map(\.file)
                .sorted { ($0.text.utf8.count, $1.path) > ($1.text.utf8.count, $0.path) }
            flags = format.read(sources, configuration: Configuration(), conditions: [:]).declarations?.flags ?? []
            let paths = InitialConfiguration.list(sources.map(\.path))
            configuration.set(
                .enumFiles, "{ \(Configuration.SourceKey.path.rawValue): \(paths), \(Configuration.SourceKey.format.rawValue): \(format.name) }",
                why: "No Swift type declares the flags; these \(format.declarationsName) files do, \(flags.count) flags in all.")
        }
        var names = Set<String>()
        let layers = files.map { file, format in
            // Two files of one name (every extension's `Info.plist`) get layers of their own.
            let base = Self.layerName(of: file.path)
            let name = sequence(first: 1) { $0 + 1 }.lazy.map { $0 == 1 ? base : "\(base)_\($0)" }.first { names.insert($0).inserted }!
            return "\n  \(name): { \(LayerSettings.ValueKey.path.rawValue): \(YAMLScalar.written(file.path)), "
                + "\(LayerSettings.ValueKey.format.rawValue): \(format.name) }"
        }
        configuration.set(
            .values, layers.joined(),
            why: "Each file gives values the app bundles, a layer of its own, asked in this order.")
        if files.count > 1 {
            configuration.unsure.append(
                "the order of the layers under 'values' is the order the app asks them in (first wins); check it against the app's providers, "
                    + "and limit a file the app loads only in some builds with 'environments'")
        }
    }

    /// Whether a file that reads as a declaring format gives flags' values: any
    /// flat property list reads as Remote Config defaults (an app's `Info.plist`,
    /// `GoogleService-Info.plist`), so such a file counts only when most of its
    /// keys are flags found (keys or Remote Config parameters), or, with no flags
    /// found in Swift, when its name says it holds defaults or Remote Config values.
    static func givesFlagValues(_ file: SourceFile, format: any DeclaringValuesFormat.Type, flags: [Flag]?) -> Bool {
        guard format.name == RemoteConfigDefaultsFormat.name else { return true }
        guard let flags else {
            let name = (file.path as NSString).lastPathComponent.lowercased()
            return name.contains("default") || name.contains("remoteconfig") || name.contains("remote_config") || name.contains("remote-config")
        }
        let names = Set(flags.map(\.key) + flags.compactMap { flag in
            if case .parameter(let name, _)? = flag.remoteKey { return name }
            return nil
        })
        let keys = format.entries(in: file.text, file: file.path).entries?.map(\.key) ?? []
        return !keys.isEmpty && keys.filter(names.contains).count * 2 > keys.count
    }

    /// The catalog: a file one of the metadata formats reads, most of whose rows
    /// are flags found; the one with the most such rows.
    private mutating func surveyCatalog() {
        let keys = Set(flags.map(\.key))
        guard !keys.isEmpty else { return }
        var best: (path: String, format: any MetadataFormat.Type, rows: Int)?
        for path in inventory.paths(endingIn: ".md") {
            guard let text = inventory.text(of: path) else { continue }
            for format in FormatRegistry.metadata {
                guard let entries = format.read(text, file: path, configuration: Configuration()).catalog?.entries else { continue }
                let rows = entries.filter { keys.contains($0.key) }.count
                if rows * 2 > entries.count, rows > best?.rows ?? 0 { best = (path, format, rows) }
            }
        }
        guard let (path, format, rows) = best else { return }
        found.append("\(path): a catalog (format \(format.name)) with rows for \(rows) of the \(keys.count) flags")
        let value = format.name == FormatRegistry.metadata.first?.name
            ? YAMLScalar.written(path)
            : "{ \(Configuration.SourceKey.path.rawValue): \(YAMLScalar.written(path)), \(Configuration.SourceKey.format.rawValue): \(format.name) }"
        configuration.set(.catalog, value, why: "A table under a heading '\(Configuration().catalogHeading)' with a row for \(rows) of the \(keys.count) flags: their descriptions, owners and dates.")
    }

    /// A layer name from a file's name: `LocalTweaks_TopPriority.json` gives `local_tweaks_top_priority`.
    static func layerName(of path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = ""
        var previous: Character?
        for character in base {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name += "_" }
            name += character.isLetter || character.isNumber ? String(character).lowercased() : "_"
            previous = character
        }
        return name.isEmpty || name.first?.isNumber == true ? "values_" + name : name
    }

    /// Tenant files: one `FeatureFlags.defaults.json` per folder, or a folder of
    /// two or more JSON objects keyed by the flags. Their overrides name environments.
    private mutating func surveyTenants(_ objects: [(path: String, tenant: Tenant)]) -> [(path: String, tenant: Tenant)] {
        let keys = Set(flags.map(\.key))
        var groups: [String: [(path: String, tenant: Tenant)]] = [:]
        for object in objects {
            let parent = (object.path as NSString).deletingLastPathComponent
            if (object.path as NSString).lastPathComponent == Self.tenantFileName {
                groups[(parent as NSString).deletingLastPathComponent + "/*/" + Self.tenantFileName, default: []].append(object)
            } else {
                let settings = object.tenant.allSettings.map(\.key)
                guard !settings.isEmpty, settings.filter(keys.contains).count * 2 > settings.count else { continue }
                groups[(parent.isEmpty ? "" : parent + "/") + "*.json", default: []].append(object)
            }
        }
        let candidates = groups.filter { $0.key.hasSuffix(Self.tenantFileName) || $0.value.count > 1 }.sorted { $0.value.count > $1.value.count }
        guard let (group, files) = candidates.first else { return [] }
        let pattern = group.hasPrefix("/") ? String(group.dropFirst()) : group
        foundFlags = true
        found.append("\(pattern): \(files.count) tenant files")
        configuration.set(
            .tenants, YAMLScalar.written(pattern),
            why: "One defaults file per tenant (\(files.count)): \(files.prefix(3).map(\.path).joined(separator: ", "))\(files.count > 3 ? ", …" : "").")
        if candidates.count > 1 {
            configuration.unsure.append(
                "\(InitialConfiguration.few(candidates.dropFirst().map(\.key))) also \(candidates.count == 2 ? "looks" : "look") like tenant files; 'tenants' takes one pattern")
        }
        var named: [String] = []
        for file in files {
            for environment in file.tenant.overrides.keys.sorted() where !named.contains(environment) { named.append(environment) }
        }
        for environment in named { addEnvironment(environment, because: "\(environment): the tenant files override values there") }
        return files
    }

    /// `.xcconfig` files named after a build configuration (`Debug.xcconfig`) make
    /// their environment a build configuration; without them, `#if` conditions the
    /// flag type checks (`DEBUG`) make `debug` and `release`.
    private mutating func surveyXcconfigs(conditions: [String]) {
        var entries: [(environment: String, path: String)] = []
        var others: [String] = []
        for path in inventory.paths(endingIn: ".xcconfig") {
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            let word = base.split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? base
            if Self.environmentOrder.contains(word), !entries.contains(where: { $0.environment == word }) {
                entries.append((word, path))
            } else {
                others.append(path)
            }
        }
        if !entries.isEmpty {
            for entry in entries {
                addEnvironment(entry.environment, because: "\(entry.environment): a build configuration, \(entry.path)")
                found.append("\(entry.path): the \(entry.environment) build configuration")
            }
            let lines = entries.map { "\n  \($0.environment): { \(BuildConfigurations.Key.xcconfig.rawValue): \(YAMLScalar.written($0.path)) }" }
            configuration.set(
                .buildConfigurations, lines.joined(),
                why: "The compilation conditions of each build configuration, read from its .xcconfig file (and its #includes).")
            if !others.isEmpty {
                configuration.unsure.append(
                    "\(InitialConfiguration.few(others)) \(others.count == 1 ? "is" : "are") no build configuration by name; if one is, add it under 'build_configurations'")
            }
        } else if conditions.contains("DEBUG"), environments.isEmpty {
            addEnvironment("debug", because: "debug and release: the flag type checks #if DEBUG")
            addEnvironment("release", because: nil)
            configuration.set(
                .buildConfigurations,
                "\n  debug: \(InitialConfiguration.list(["DEBUG"]))\n  release: []",
                why: "The flag type checks #if DEBUG: Xcode's Debug configuration sets it and Release does not.")
        }
        let unknown = conditions.filter { $0 != "DEBUG" || !environments.contains("debug") }
        if !unknown.isEmpty, entries.isEmpty {
            configuration.unsure.append(
                "the flag type checks #if \(unknown.joined(separator: ", ")); list each under 'build_configurations' for the environments built with it")
        }
    }

    /// Remote Config templates: those named after an environment, or the one whose name says nothing.
    private mutating func surveyTemplates(_ paths: [String]) -> (named: [(environment: String, path: String)], unnamed: String?) {
        var named: [(environment: String, path: String)] = []
        var unnamed: [String] = []
        for path in paths {
            found.append("\(path): a Remote Config template")
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            if Self.unnamedTemplates.contains(base) { unnamed.append(path) } else { named.append((base, path)) }
        }
        var kept: [(environment: String, path: String)] = []
        for entry in named {
            if let first = kept.first(where: { $0.environment == entry.environment }) {
                configuration.unsure.append("\(entry.path) is named after '\(entry.environment)' too; \(first.path) is taken as its template")
                continue
            }
            kept.append(entry)
            addEnvironment(entry.environment, because: "\(entry.environment): a Remote Config template is named after it")
        }
        if unnamed.count > 1 || (!unnamed.isEmpty && !named.isEmpty) {
            configuration.unsure.append(
                "\(InitialConfiguration.few(unnamed)): Remote Config \(unnamed.count == 1 ? "template" : "templates") whose environment is not known; "
                    + "add each under remote_config.templates")
            return (kept, nil)
        }
        return (kept, unnamed.first)
    }

    /// The folders whose Swift files use the flags, as `code`.
    private mutating func surveyCode(_ files: [SourceFile], flagType: SwiftFlagType?) {
        guard !flags.isEmpty else { return }
        let declaring = Set(flagType?.files ?? [])
        let skipped = Set([flagType?.defaults, flagType?.remoteKeys, flagType?.descriptions, flagType?.registries].compactMap { $0 }.flatMap { $0 })
        let others = files.filter { !declaring.contains($0.path) }
        let references = CodeReferenceScanner.scan(others, flags: flags, typeNames: flagType.map { [$0.name] } ?? [], skipped: skipped).references
        var folders: [String] = []
        for reference in references.values.flatMap({ $0 }) {
            let folder = reference.location.file.split(separator: "/").count > 1 ? String(reference.location.file.split(separator: "/")[0]) : "."
            if !folders.contains(folder) { folders.append(folder) }
        }
        guard !folders.isEmpty else {
            configuration.unsure.append("no Swift file outside the declarations uses a flag; set 'code' to the app's source folders for the lifecycle report")
            return
        }
        folders.sort()
        found.append("\(folders.joined(separator: ", ")): code that uses \(references.count) of the \(flags.count) flags")
        configuration.set(
            .code, InitialConfiguration.list(folders),
            why: "The folders whose Swift files use \(references.count) of the \(flags.count) flags, searched for each flag's uses.")
    }

    private mutating func addEnvironment(_ name: String, because reason: String?) {
        guard !environments.contains(name) else { return }
        let rank = { (environment: String) in Self.environmentOrder.firstIndex(of: environment) ?? Self.environmentOrder.count }
        environments.insert(name, at: environments.firstIndex { rank($0) > rank(name) } ?? environments.endIndex)
        if let reason { environmentReasons.append(reason + ".") }
    }
}
