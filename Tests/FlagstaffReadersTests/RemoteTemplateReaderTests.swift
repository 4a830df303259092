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
        #expect(result.version == "42")
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
            "r.json:9:27: error: a value object holds none of value, useInAppDefault, rolloutValue and personalizationValue",
            "r.json:10:27: error: a value object holds value and useInAppDefault; it must hold exactly one",
            "r.json:12:24: error: unknown valueType 'BOOL'; use one of BOOLEAN, NUMBER, STRING, JSON",
            "r.json:12:68: error: 'useInAppDefault' must be true; leave the parameter out instead",
            "r.json:13:43: error: duplicate key 'defaultValue'; it is first set at line 13, column 11",
            "r.json:14:44: error: a rolloutValue has no string 'value'",
            "r.json:16:44: error: parameter 'A' is declared twice; it is first declared at line 9",
            "r.json:11:33: error: parameter 'C' has a value for condition 'CHK', which the template does not declare; did you mean 'CHL'?",
        ])
    }

    @Test func wrongTypesAreErrorsNotCrashes() {
        #expect(Self.read("[]").1 == ["r.json:1:1: error: a Remote Config template must be a JSON object, found an array"])
        #expect(Self.read(#"{"conditions": {}}"#).1 == ["r.json:1:16: error: 'conditions' must be a list, found an object"])
        #expect(Self.read(#"{"parameters": {"A": 1}}"#).1 == ["r.json:1:22: error: parameter 'A' must be a JSON object, found a number"])
        #expect(Self.read(#"{"conditions": [{"name": 1, "expression": "true"}]}"#).1.first == "r.json:1:26: error: a condition's name must be a string, found a number")
    }
}
