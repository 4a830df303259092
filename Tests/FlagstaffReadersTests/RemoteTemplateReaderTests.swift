import FlagstaffCore
import FlagstaffReaders
import Testing

/// The template reader: the shapes `firebase remoteconfig:get` and the REST API
/// write, and every problem at its line and column.
@Suite("Remote Config template reader")
struct RemoteTemplateReaderTests {
    static func read(_ text: String) -> (RemoteTemplate?, [String]) {
        let (template, diagnostics) = RemoteTemplateReader.read(text, file: "r.json")
        return (template, diagnostics.map(\.description))
    }

    @Test func groupedParametersAreMergedAndEveryValueKindIsRead() throws {
        let (template, diagnostics) = Self.read(
            """
            {
              "conditions": [
                {"name": "CHL", "expression": "app.id == 'a'", "tagColor": "BLUE"},
                {"name": "Ten", "expression": "percent <= 10"}
              ],
              "parameters": {
                "A": {"defaultValue": {"value": "true"}, "conditionalValues": {"CHL": {"useInAppDefault": true}}, "valueType": "BOOLEAN"}
              },
              "parameterGroups": {
                "Appointments": {"description": "d", "parameters": {
                  "B": {"defaultValue": {"rolloutValue": {"rolloutId": "r1", "value": "true", "percent": 10}}},
                  "C": {"defaultValue": {"personalizationValue": {"personalizationId": "p1"}}, "description": "Colour"}
                }}
              },
              "version": {"versionNumber": "42", "updateTime": "2026-11-01T10:00:00Z"},
              "etag": "x"
            }
            """)
        #expect(diagnostics.isEmpty)
        let result = try #require(template)
        #expect(result.version == RemoteTemplateVersion(number: "42", updateTime: "2026-11-01T10:00:00Z"))
        #expect(result.conditions.map(\.name) == ["CHL", "Ten"])
        #expect(result.conditions[0].location.description == "r.json:3:14")
        #expect(result.conditions[1].expression.parts[0].location.description == "r.json:4:36")
        #expect(result.parameters.map(\.name) == ["A", "B", "C"])
        #expect(result.parameters.map(\.group) == [nil, "Appointments", "Appointments"])
        let a = try #require(result.parameter(named: "A"))
        #expect(a.valueType == .boolean)
        #expect(a.valueTypeLocation?.description == "r.json:7:116")
        #expect(a.defaultValue?.kind == .value("true"))
        #expect(a.conditionalValues.first { $0.condition == "CHL" }?.value.kind == .useInAppDefault)
        #expect(a.conditionalValues[0].location.description == "r.json:7:68")
        #expect(result.parameter(named: "B")?.defaultValue?.kind == .rollout(id: "r1", value: "true", percent: 10))
        #expect(result.parameter(named: "B")?.valueType == .string, "STRING when absent")
        #expect(result.parameter(named: "C")?.defaultValue?.kind == .personalization(id: "p1"))
        #expect(result.parameter(named: "C")?.description == "Colour")
    }

    @Test func anEmptyTemplateHasNoConditionsOrParameters() throws {
        let (template, diagnostics) = Self.read("{}")
        #expect(diagnostics.isEmpty)
        #expect(try #require(template).parameters.isEmpty)
    }

    @Test func malformedJSONIsOneErrorAtItsPosition() {
        let (template, diagnostics) = Self.read("{\n  \"parameters\": {,}\n}")
        #expect(template == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].hasPrefix("r.json:2:18: error: malformed JSON:"))
    }

    @Test func everyShapeProblemIsPositioned() {
        let (_, diagnostics) = Self.read(
            """
            {
              "conditions": [
                {"name": "CHL", "expression": "app.id == 'a'"},
                {"name": "CHL", "expression": "true"},
                {"expression": "true"},
                {"name": "X"}
              ],
              "parameters": {
                "A": {"defaultValue": {}},
                "B": {"defaultValue": {"value": "1", "useInAppDefault": true}},
                "C": {"conditionalValues": {"CHK": {"value": "1"}}},
                "D": {"valueType": "BOOL", "defaultValue": {"useInAppDefault": false}},
                "E": {"defaultValue": {"value": "1"}, "defaultValue": {"value": "2"}},
                "F": {"defaultValue": {"rolloutValue": {"rolloutId": "r"}}}
              },
              "parameterGroups": {"G": {"parameters": {"A": {"defaultValue": {"value": "2"}}}}}
            }
            """)
        #expect(diagnostics == [
            "r.json:4:14: error: condition 'CHL' is declared twice",
            "r.json:5:5: error: a condition has no name",
            "r.json:6:5: error: condition 'X' has no expression",
            "r.json:9:27: error: a value object holds none of value, useInAppDefault, rolloutValue, personalizationValue and experimentValue",
            "r.json:10:27: error: a value object holds value and useInAppDefault; it must hold exactly one",
            "r.json:12:24: error: unknown valueType 'BOOL'; use one of BOOLEAN, NUMBER, STRING, JSON",
            "r.json:12:68: error: 'useInAppDefault' must be true; leave the parameter out instead",
            "r.json:13:43: error: duplicate key 'defaultValue'; it is first set at line 13, column 11",
            "r.json:14:44: error: a rolloutValue has no string 'value'",
            "r.json:16:44: error: parameter 'A' is declared twice; it is also declared at the top level at line 9, with other values; Flagstaff reads that copy: delete the one the app should not get",
            "r.json:11:33: error: parameter 'C' has a value for condition 'CHK', which the template does not declare; did you mean 'CHL'?",
        ])
    }

    /// 7 of 56 real templates declare a parameter both at the top level and in a group.
    @Test func aParameterDeclaredTwiceSaysWhichCopyToDelete() {
        let (_, diagnostics) = Self.read(
            """
            {
              "parameters": {"A": {"defaultValue": {"value": "true"}, "valueType": "BOOLEAN"}},
              "parameterGroups": {"G": {"parameters": {
                "A": {"defaultValue": {"value": "true"}, "valueType": "BOOLEAN"}
              }}}
            }
            """)
        #expect(diagnostics == [
            "r.json:4:5: error: parameter 'A' is declared twice; it is also declared at the top level at line 2, the same; delete the top-level copy at line 2"
        ])
    }

    /// An error about a value's text points at the text, not at the object around it.
    @Test func valuesArePositionedAtTheirText() throws {
        let (template, _) = Self.read(
            """
            {"parameters": {
              "A": {"defaultValue": {
                "value": "yes"
              }, "conditionalValues": {"C": {"rolloutValue": {"rolloutId": "r", "value": "x", "percent": 5}}}}
            }, "conditions": [{"name": "C", "expression": "true"}]}
            """)
        let a = try #require(template?.parameter(named: "A"))
        #expect(a.defaultValue?.location.description == "r.json:3:14")
        #expect(a.conditionalValues[0].value.location.description == "r.json:4:78")
    }

    /// The shape of the Firebase Admin SDK's `ExperimentValue`: variants with a value
    /// or `noChange`, and the share of devices in the experiment.
    @Test func experimentValuesAreRead() throws {
        let (template, diagnostics) = Self.read(
            """
            {
              "conditions": [{"name": "iOS", "expression": "device.os == 'ios'"}],
              "parameters": {"A": {
                "defaultValue": {"value": "false"},
                "conditionalValues": {"iOS": {"experimentValue": {
                  "experimentId": "exp_1",
                  "variantValue": [{"variantId": "Baseline", "noChange": true}, {"variantId": "Variant A", "value": "true"}],
                  "exposurePercent": 25
                }}}
              }}
            }
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(template?.parameter(named: "A")?.conditionalValues.first?.value)
        guard case .experiment(let id, let variants, let exposure) = value.kind else {
            Issue.record("not an experiment: \(value.kind)")
            return
        }
        #expect(id == "exp_1")
        #expect(exposure == 25)
        #expect(variants.map(\.id) == ["Baseline", "Variant A"])
        #expect(variants.map(\.value) == [nil, "true"])
        #expect(variants.map(\.location.description) == ["r.json:7:24", "r.json:7:105"])
        #expect(value.texts.map(\.text) == ["true"])
    }

    @Test func experimentMistakesArePositioned() {
        let (_, diagnostics) = Self.read(
            """
            {"parameters": {
              "A": {"defaultValue": {"experimentValue": {"experimentId": "e"}}},
              "B": {"defaultValue": {"experimentValue": {"variantValue": [{"variantId": "v"}, {"variantId": "w", "value": "1", "noChange": true}]}}}
            }}
            """)
        #expect(diagnostics == [
            "r.json:2:45: error: an experimentValue has no 'variantValue' list",
            "r.json:3:63: error: experiment variant 'v' must hold either a string 'value' or \"noChange\": true",
            "r.json:3:83: error: experiment variant 'w' must hold either a string 'value' or \"noChange\": true",
        ])
    }

    /// The REST API's version object: its number (a number in a hand-made file), who, when and why.
    @Test func versionMetadataIsRead() throws {
        let (template, diagnostics) = Self.read(
            """
            {"version": {"versionNumber": 8, "updateTime": "2026-11-02T09:15:00.123Z", "updateOrigin": "CONSOLE",
              "updateUser": {"email": "ana@example.com", "name": "Ana"}, "description": "Raise the rollout"}}
            """)
        #expect(diagnostics.isEmpty)
        let version = try #require(template?.version)
        #expect(version == RemoteTemplateVersion(number: "8", updateTime: "2026-11-02T09:15:00.123Z", updatedBy: "ana@example.com", description: "Raise the rollout"))
        #expect(version.summary == "version 8, published by ana@example.com on 2026-11-02 at 09:15 UTC: \"Raise the rollout\"")
        #expect(RemoteTemplateVersion(number: "9", updateTime: "2026-11-02T09:15:00+01:00").summary == "version 9, published on 2026-11-02T09:15:00+01:00")
        #expect(Self.read(#"{"version": {"updateUser": {"name": "Ana"}}}"#).0?.version?.summary == "an unnumbered version, published by Ana")
    }

    @Test func wrongTypesAreErrorsNotCrashes() {
        #expect(Self.read("[]").1 == ["r.json:1:1: error: a Remote Config template must be a JSON object, found an array"])
        #expect(Self.read(#"{"conditions": {}}"#).1 == ["r.json:1:16: error: 'conditions' must be a list, found an object"])
        #expect(Self.read(#"{"parameters": {"A": 1}}"#).1 == ["r.json:1:22: error: parameter 'A' must be a JSON object, found a number"])
        #expect(Self.read(#"{"conditions": [{"name": 1, "expression": "true"}]}"#).1.first == "r.json:1:26: error: a condition's name must be a string, found a number")
    }
}

/// A template version's publishing time in the workspace's time zone (`time_zone`).
@Suite("Publishing times in the team's time zone")
struct PublishingTimeTests {
    static func summary(_ time: String, zone: String?) -> String? {
        let text = #"{"conditions": [], "parameters": {}, "version": {"versionNumber": "53", "updateTime": "\#(time)", "updateUser": {"email": "ana@example.com"}}}"#
        return RemoteTemplateReader.read(text, file: "r.json", timeZone: zone).template?.version?.summary
    }

    /// Paris is UTC+2 in September (summer time) and UTC+1 in December; New York UTC−4 in September.
    @Test(arguments: [
        ("2026-09-14T08:02:11.913Z", "Europe/Paris", "version 53, published by ana@example.com on 2026-09-14 at 10:02 (Europe/Paris)"),
        ("2026-12-01T08:00:00Z", "Europe/Paris", "version 53, published by ana@example.com on 2026-12-01 at 09:00 (Europe/Paris)"),
        ("2026-09-14T02:30:00Z", "America/New_York", "version 53, published by ana@example.com on 2026-09-13 at 22:30 (America/New_York)"),
    ])
    func aTimeIsShownInTheZone(_ time: String, _ zone: String, _ expected: String) {
        #expect(Self.summary(time, zone: zone) == expected)
    }

    @Test func withoutAZoneTheTimeIsInUTC() {
        #expect(Self.summary("2026-09-14T08:02:11.913Z", zone: nil) == "version 53, published by ana@example.com on 2026-09-14 at 08:02 UTC")
    }

    @Test func aZoneTheSystemDoesNotKnowIsAnError() {
        let (_, diagnostics) = ConfigurationReader.read("environments: [prod]\nenum: F.swift\ntime_zone: Europe/Pariss\n", file: "f.yml")
        #expect(diagnostics.map(\.description) == ["f.yml:3:12: error: 'time_zone' is not a time zone: 'Europe/Pariss'; did you mean 'Europe/Paris'?"])
    }
}
