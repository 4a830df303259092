import FlagstaffCore
import FlagstaffReaders
import Testing

/// A small workspace with a prod template, read by the real readers.
enum RemoteWorkspace {
    /// Conditions, in priority order: CHL by app id; a signal each device sets;
    /// a percentage joined to an app id no tenant has; everyone; WL by the tenant signal.
    static let template = """
        {
          "conditions": [
            {"name": "CHL", "expression": "app.id == '1:1:ios:chl'"},
            {"name": "Beta", "expression": "app.customSignal['beta'].exactlyMatches(['yes'])"},
            {"name": "Nobody", "expression": "percent <= 10 && app.id == '1:1:ios:zzz'"},
            {"name": "Everyone", "expression": "true"},
            {"name": "WL", "expression": "app.customSignal['tenant'].exactlyMatches(['WL'])"}
          ],
          "parameters": {
            "FIRST": {"defaultValue": {"value": "false"}, "conditionalValues": {"Everyone": {"value": "false"}, "CHL": {"value": "true"}}},
            "IN_APP": {"defaultValue": {"value": "true"}, "conditionalValues": {"Everyone": {"useInAppDefault": true}}},
            "DEFAULT": {"defaultValue": {"value": "true"}},
            "VARY": {"defaultValue": {"useInAppDefault": true}, "conditionalValues": {"Beta": {"value": "true"}}},
            "KNOWN_FALSE": {"defaultValue": {"value": "false"}, "conditionalValues": {"Nobody": {"value": "true"}}},
            "ROLL": {"defaultValue": {"rolloutValue": {"rolloutId": "r1", "value": "true", "percent": 10}}},
            "PERSONAL": {"defaultValue": {"personalizationValue": {"personalizationId": "p1"}}},
            "WL_ONLY": {"conditionalValues": {"WL": {"value": "true"}}},
            "limit": {"defaultValue": {"value": "12"}, "valueType": "NUMBER"},
            "EXPERIMENT": {"defaultValue": {"value": "false"}, "conditionalValues": {"Everyone": {"experimentValue": {
              "experimentId": "e1", "exposurePercent": 25,
              "variantValue": [{"variantId": "A", "value": "true"}, {"variantId": "B", "noChange": true}]}}}},
            "NO_CHANGE_ONLY": {"defaultValue": {"value": "true"}, "conditionalValues": {"Everyone": {"experimentValue": {
              "experimentId": "e2", "variantValue": [{"variantId": "A", "noChange": true}]}}}},
            "EXPERIMENT_THEN_WL": {"conditionalValues": {
              "Everyone": {"experimentValue": {"experimentId": "e3", "variantValue": [{"variantId": "A", "value": "TRUE"}, {"variantId": "B", "noChange": true}]}},
              "WL": {"value": "False"}}}
          }
        }
        """

    static let keys = [
        "FIRST", "IN_APP", "DEFAULT", "VARY", "KNOWN_FALSE", "ROLL", "PERSONAL", "WL_ONLY", "ABSENT", "EXPERIMENT", "NO_CHANGE_ONLY",
        "EXPERIMENT_THEN_WL",
    ]

    /// The tenants: CHL off, JLC on but off in prod, WL off.
    static let tenants: [(id: String, base: Bool, prod: Bool?)] = [("CHL", false, nil), ("JLC", true, false), ("WL", false, nil)]

    static func model(
        template text: String = template, parameterNames: [String: String] = ["LIMIT": "limit"],
        tenants: [(id: String, base: Bool, prod: Bool?)] = tenants
    ) throws -> FlagModel {
        let (template, diagnostics) = RemoteTemplateReader.read(text, file: "remote/prod.json")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        func tenant(_ id: String, _ value: Bool, prod: Bool? = nil) -> Tenant {
            var base = SettingTable(uniqueKeysWithValues: keys.map { ($0, Tenant.Setting(value: .bool(value), location: SourceLocation(file: "\(id).json", line: 2, column: 3))) })
            base["LIMIT"] = Tenant.Setting(value: .integer(5), location: SourceLocation(file: "\(id).json", line: 3, column: 3))
            let overrides = prod.map { value in
                ["prod": SettingTable(uniqueKeysWithValues: keys.map { ($0, Tenant.Setting(value: .bool(value), location: SourceLocation(file: "\(id).json", line: 5, column: 5))) })]
            } ?? [:]
            return Tenant(id: id, name: id, file: "\(id).json", base: base, overrides: overrides)
        }
        let flags = (keys + ["LIMIT"]).map { Flag(key: $0, caseName: $0.lowercased(), location: .start(of: "F.swift")) }
        return FlagModel(
            title: "T", environments: ["dev", "prod"], flagEnums: [FlagEnum(name: "FeatureFlag", hasStringRawValues: true, flags: flags)],
            catalog: Catalog(columns: ["Flag", "Description"], entries: [], location: .start(of: "c.md")),
            tenants: tenants.map { tenant($0.id, $0.base, prod: $0.prod) },
            remoteConfig: RemoteConfig(
                templates: ["prod": try #require(template)],
                recognitions: ["CHL": TenantRecognition(appID: "1:1:ios:chl"), "JLC": TenantRecognition(appID: "1:1:ios:jlc")], tenantSignal: "tenant",
                parameterNames: parameterNames))
    }
}

/// The remote layer, cell by cell: Firebase's rules, then the bundled chain.
@Suite("Remote Config resolution")
struct RemoteResolutionTests {
    let matrix: ResolvedMatrix

    init() throws { matrix = ResolvedMatrix(model: try RemoteWorkspace.model()) }

    func cell(_ key: String, _ tenant: String, _ environment: String = "prod") -> Resolution {
        let model = matrix.model
        return matrix.resolution(model.flag(key)!, model.tenant(tenant)!, environment)
    }

    /// `value layer (reason)` for a fixed cell; `when: value layer; …` for a varying one.
    func summary(_ key: String, _ tenant: String, _ environment: String = "prod") -> String {
        let cell = cell(key, tenant, environment)
        guard cell.isVarying else { return "\(cell.value) \(cell.layer)" + (cell.reason.map { " (\($0))" } ?? "") }
        return cell.variants.map { "\($0.condition): \($0.value.map { "\($0)" } ?? "unknown") \($0.layer)" }.joined(separator: "; ")
    }

    @Test func aRowsPresentationIDsAreEachCellsInTheTenantsOrder() {
        let model = matrix.model
        var ids: [Int] = [99]
        var varying = 0
        for tenants in [Array(model.tenants.indices), Array(model.tenants.indices.reversed()), [1], []] {
            for flag in model.flags.indices {
                for environment in model.environments.indices {
                    matrix.presentationIDs(flag: flag, environment: environment, tenants: tenants, into: &ids)
                    let each = tenants.map { matrix.presentationID(flag: flag, tenant: $0, environment: environment) ?? -1 }
                    #expect(ids == each, "\(model.flags[flag].key) in \(model.environments[environment]) for \(tenants)")
                    varying += ids.filter { $0 < 0 }.count
                }
            }
        }
        #expect(varying > 0, "some cells vary, and have no id")
    }

    @Test func theFirstTrueConditionInTemplateOrderWins() {
        // The parameter lists Everyone before CHL; the template's conditions list CHL first.
        #expect(summary("FIRST", "CHL") == "true remote (condition 'CHL')")
        #expect(summary("FIRST", "JLC") == "false remote (condition 'Everyone')")
        #expect(summary("FIRST", "WL") == "false remote (condition 'Everyone')")
    }

    @Test func useInAppDefaultAndAnAbsentParameterHaveNoOpinion() {
        #expect(summary("IN_APP", "CHL") == "false base")
        #expect(summary("IN_APP", "JLC") == "false override")
        #expect(summary("ABSENT", "JLC") == "false override")
        #expect(summary("ABSENT", "CHL") == "false base")
        #expect(summary("WL_ONLY", "CHL") == "false base", "no default value: no opinion when no condition holds")
        #expect(summary("WL_ONLY", "WL") == "true remote (condition 'WL')")
    }

    @Test func theDefaultValueDecidesWhenNoConditionHolds() {
        #expect(summary("DEFAULT", "CHL") == "true remote (default value)")
        #expect(summary("LIMIT", "CHL") == "12 remote (default value)", "parameter_names maps the key; the value takes the flag's type")
    }

    @Test func anEnvironmentWithoutATemplateHasNoRemoteLayer() {
        #expect(summary("DEFAULT", "CHL", "dev") == "false base")
        #expect(summary("DEFAULT", "JLC", "dev") == "true base")
    }

    @Test func theValueTheAppShipsIsKeptBesideTheRemoteValue() throws {
        let hidden = try #require(cell("DEFAULT", "JLC").hidden)
        #expect(hidden.value == .bool(false))
        #expect(hidden.layer.id == "override")
        #expect(hidden.location?.description == "JLC.json:5:5")
        #expect(cell("DEFAULT", "JLC").location?.description == "remote/prod.json:12:43", "where the value's text is")
        #expect(cell("IN_APP", "JLC").hidden == nil)
    }

    @Test func aConditionOnTheDeviceMakesTheCellVary() {
        #expect(summary("VARY", "CHL") == "if condition 'Beta' holds: true remote; otherwise: false base")
        #expect(summary("VARY", "JLC") == "if condition 'Beta' holds: true remote; otherwise: false override")
        #expect(cell("VARY", "CHL").possibleValues == [.bool(true), .bool(false)])
        #expect(cell("VARY", "CHL").layer.id == "remote")
    }

    /// "Otherwise" falls through to the bundled chain: a tenant whose base value
    /// is `true` gets `true` there, so a case hard-coded to `false` fails here.
    @Test func aVaryingCellsOtherwiseFallsThroughToTheBundledValue() throws {
        let template = """
            {
              "conditions": [{"name": "Beta", "expression": "app.customSignal['beta'].exactlyMatches(['yes'])"}],
              "parameters": {
                "VARY": {"defaultValue": {"useInAppDefault": true}, "conditionalValues": {"Beta": {"value": "false"}}},
                "ROLL": {"defaultValue": {"rolloutValue": {"rolloutId": "r1", "value": "false", "percent": 10}}}
              }
            }
            """
        let model = try RemoteWorkspace.model(template: template, tenants: [("ON", true, nil), ("OFF", false, nil), ("PROD_ON", false, true)])
        let matrix = ResolvedMatrix(model: model)
        func summary(_ key: String, _ tenant: String) -> String {
            let cell = matrix.resolution(model.flag(key)!, model.tenant(tenant)!, "prod")
            return cell.variants.map { "\($0.condition): \($0.value.map { "\($0)" } ?? "unknown") \($0.layer)" }.joined(separator: "; ")
        }
        #expect(summary("VARY", "ON") == "if condition 'Beta' holds: false remote; otherwise: true base")
        #expect(summary("VARY", "PROD_ON") == "if condition 'Beta' holds: false remote; otherwise: true override")
        #expect(summary("VARY", "OFF") == "if condition 'Beta' holds: false remote; otherwise: false base")
        #expect(matrix.resolution(model.flag("VARY")!, model.tenant("ON")!, "prod").possibleValues == [.bool(false), .bool(true)])
        #expect(summary("ROLL", "ON").hasSuffix("otherwise: true base"), "\(summary("ROLL", "ON"))")
    }

    /// Remote config setting a flag for every tenant in production rolls it out
    /// (or kills it), whatever the bundle ships; anything less does not.
    @Test func remoteConfigForEveryTenantInProductionDecidesRolledOutAndDead() throws {
        let report = LifecycleReport(matrix: matrix, references: nil, asOf: try #require(CalendarDate(parsing: "2026-11-23")), policy: LifecyclePolicy())
        func statuses(_ key: String) -> [String] {
            report.entries.first { $0.flag.key == key }!.findings.map { "\($0.status.rawValue): \($0.reason)" }
                .filter { $0.hasPrefix("rolled-out") || $0.hasPrefix("dead") }
        }
        // Every tenant ships false (JLC by its prod override); the template's default is true.
        #expect(statuses("DEFAULT") == ["rolled-out: on for all 3 tenants in prod, set by remote config: remove the flag and keep the code it turns on"])
        // Everyone gets false from the template, CHL true: not uniform.
        #expect(statuses("FIRST").isEmpty)
        // A device signal makes it vary: never uniform.
        #expect(statuses("VARY").isEmpty)
        // useInAppDefault: the bundle decides, and JLC ships true in dev.
        #expect(statuses("IN_APP").isEmpty)
    }

    @Test func aKnownFalsePartRulesTheConditionOutEvenWhenAnotherPartVaries() {
        #expect(summary("KNOWN_FALSE", "CHL") == "false remote (default value)")
        #expect(!cell("KNOWN_FALSE", "CHL").isVarying)
    }

    @Test func rolloutsVaryAndPersonalisedValuesAreUnknownNotGuessed() {
        #expect(summary("ROLL", "CHL") == "if the device is in rollout 'r1' (10% of devices): true remote; otherwise: false base")
        #expect(summary("PERSONAL", "JLC") == "if personalization 'p1' picks the value for the user: unknown remote; otherwise: false override")
        #expect(cell("PERSONAL", "CHL").hasUnknownValue)
        #expect(cell("PERSONAL", "CHL").possibleValues == [.bool(false)])
    }

    /// The devices of a `noChange` variant get what the next condition in the evaluation
    /// order (or else the default value) gives them, as the Admin SDK documents
    /// `ExperimentVariantNoChange`; devices outside the experiment go on too.
    @Test func anExperimentVariesOverItsVariantsAndANoChangeVariantFallsThrough() {
        #expect(summary("EXPERIMENT", "CHL")
            == "if condition 'Everyone' holds and the device gets variant 'A' of experiment 'e1' (in the test: 25% of devices; of those, this variant's share, 1 of 2 variants): true remote; otherwise: false remote")
        #expect(summary("NO_CHANGE_ONLY", "JLC") == "true remote (default value)", "a variant that changes nothing leaves the default")
        #expect(summary("EXPERIMENT_THEN_WL", "WL")
            == "if condition 'Everyone' holds and the device gets variant 'A' of experiment 'e3': true remote; if condition 'WL' holds: false remote")
        #expect(summary("EXPERIMENT_THEN_WL", "JLC")
            == "if condition 'Everyone' holds and the device gets variant 'A' of experiment 'e3': true remote; otherwise: false override")
        #expect(cell("EXPERIMENT", "CHL").possibleValues == [.bool(true), .bool(false)])
    }

    @Test func differsAndChangedCountVaryingCells() throws {
        let model = matrix.model
        #expect(matrix.isChanged(try #require(model.flag("VARY")), by: RemoteConfigLayer.kind, in: "prod"))
        #expect(matrix.isChanged(try #require(model.flag("DEFAULT")), by: RemoteConfigLayer.kind, in: "prod"))
        #expect(!matrix.isChanged(try #require(model.flag("IN_APP")), by: RemoteConfigLayer.kind, in: "prod"))
        #expect(!matrix.isChanged(try #require(model.flag("DEFAULT")), by: RemoteConfigLayer.kind, in: "dev"))
    }

    @Test func theLegendGainsTheRemoteAndVaryingMarks() {
        #expect(matrix.chain.legend.map(\.label) == ["remote", "override", "base", "fallback", "varies"])
    }
}

/// Every remote-config check of the validator, at the template's line and column.
@Suite("Remote Config validation")
struct RemoteValidationTests {
    /// A template that also serves Android: its Android condition, its Android-only
    /// parameter and a default equal to this app's own value are the other app's
    /// business when the template is shared; a condition on an iOS app id no tenant has is not.
    static let sharedTemplate = """
        {
          "conditions": [
            {"name": "Android", "expression": "device.os == 'android'"},
            {"name": "Android app", "expression": "app.id == '1:1:android:x'"},
            {"name": "Typo", "expression": "app.id == '1:1:ios:zzz'"}
          ],
          "parameters": {
            "android_only": {"defaultValue": {"value": "x"}},
            "DEFAULT": {"defaultValue": {"value": "false"}, "conditionalValues": {"Android": {"value": "true"}, "Android app": {"value": "true"}, "Typo": {"value": "true"}}},
            "EXPERIMENT": {"valueType": "BOOLEAN", "defaultValue": {"experimentValue": {"experimentId": "e", "variantValue": [{"variantId": "A", "value": "maybe"}]}}},
            "FIRST": {"defaultValue": {"value": "on"}}
          }
        }
        """

    @Test(arguments: [false, true])
    func aSharedTemplateKeepsTheOtherAppsQuiet(_ shared: Bool) throws {
        var model = try RemoteWorkspace.model(template: Self.sharedTemplate)
        model.remoteConfig?.isShared = shared
        let diagnostics = Validator.validate(ResolvedMatrix(model: model)).filter { $0.location?.file == "remote/prod.json" }
        let otherApps: Set = ["Android'", "Android app'", "'android_only'", "'DEFAULT' to", "'FIRST' to"]
        let expected = [
            "remote/prod.json:3:14: warning: no tenant can match condition 'Android'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:4:14: warning: no tenant can match condition 'Android app'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:5:14: warning: no tenant can match condition 'Typo'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:8:5: warning: parameter 'android_only' is not a flag of enum FeatureFlag; the app reads only parameters named after its flags",
            "remote/prod.json:9:5: warning: remote config sets 'DEFAULT' to the value the app already ships, everywhere it applies, so it changes nothing; remove the value, or set it to useInAppDefault",
            "remote/prod.json:10:147: error: \"maybe\" is not a BOOLEAN value, which parameter 'EXPERIMENT' declares; write \"true\" or \"false\"",
            "remote/prod.json:11:5: warning: remote config sets 'FIRST' to the value the app already ships, everywhere it applies, so it changes nothing; remove the value, or set it to useInAppDefault",
            "remote/prod.json:11:41: warning: the app reads \"on\" as false for the Bool flag 'FIRST'; the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\"",
        ]
        #expect(diagnostics.sortedForDisplay().map(\.description) == expected.filter { line in !shared || !otherApps.contains { line.contains($0) } })
    }

    @Test func everyProblemIsPositionedWithAHint() throws {
        let template = """
            {
              "conditions": [
                {"name": "CHL", "expression": "app.id == '1:1:ios:chl'"},
                {"name": "Nobody", "expression": "app.id == '1:1:ios:zzz' && percent <= 5"},
                {"name": "Odd", "expression": "true && app.id = '1:1:ios:chl'"}
              ],
              "parameters": {
                "FRIST": {"defaultValue": {"value": "true"}},
                "FIRST": {"defaultValue": {"value": "yes"}},
                "limit": {"defaultValue": {"value": "12"}, "valueType": "BOOLEAN", "conditionalValues": {"CHL": {"value": "abc"}}},
                "DEFAULT": {"defaultValue": {"value": "false"}},
                "VARY": {"conditionalValues": {"Nobody": {"value": "true"}, "Odd": {"value": "true"}}}
              }
            }
            """
        var model = try RemoteWorkspace.model(template: template, parameterNames: ["LIMIT": "limit", "LIMT": "x"])
        model.remoteConfig?.recognitions["CHK"] = TenantRecognition(appID: "1:1:ios:chk")
        model.remoteConfig?.settingLocations = [
            "remote_config.tenants.CHK": SourceLocation(file: "flagstaff.yml", line: 20, column: 5),
            "remote_config.parameters.LIMT": SourceLocation(file: "flagstaff.yml", line: 25, column: 5),
        ]
        let diagnostics = Validator.validate(ResolvedMatrix(model: model)).filter { $0.location?.file != "c.md" && !$0.message.contains("catalog") }
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:20:5: warning: remote_config names tenant 'CHK', but no tenant file has that id; did you mean 'CHL'?",
            "flagstaff.yml:25:5: warning: remote_config.parameters names 'LIMT', which is not a flag of enum FeatureFlag; did you mean 'LIMIT'?",
            "remote/prod.json:4:14: warning: no tenant can match condition 'Nobody'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:5:44: warning: cannot read 'app.id = '1:1:ios:chl'' in condition 'Odd': expected ==, != or in after app.id; the cells this condition could decide are shown as varying",
            "remote/prod.json:8:5: warning: parameter 'FRIST' is not a flag of enum FeatureFlag; did you mean 'FIRST'?",
            "remote/prod.json:9:41: warning: the app reads \"yes\" as true for the Bool flag 'FIRST'; the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\"",
            "remote/prod.json:10:61: error: parameter 'limit' has valueType BOOLEAN, but 'LIMIT' is a number flag; use NUMBER",
            "remote/prod.json:11:5: warning: remote config sets 'DEFAULT' to the value the app already ships, everywhere it applies, so it changes nothing; remove the value, or set it to useInAppDefault",
        ])
    }
}
