import FlagstaffReaders
import Testing

/// What `init` and the configuration editor write reads back as the same
/// string, in block and in flow context: the configuration reader is the judge.
@Suite("YAML scalars")
struct YAMLScalarTests {
    @Test(arguments: [
        "White Label", "Korbwerk", "tenants/*/FeatureFlags.defaults.json", "Mom's", "Zürich", "a_b-c.d",
        "On", "yes", "N", "null", "~", "2024", "1.5", ".inf", "-x", "*x", "&x", "!x", "%x", "@x", "`x",
        "a: b", "a #b", "a, b", "{a}", "[a]", "'q", "\"q", "back\\slash", "line\nbreak", "tab\there", "bell\u{07}",
        " lead", "trail ", "two  spaces", "emoji 🚀",
    ])
    func whatIsWrittenReadsBackTheSame(_ text: String) {
        let written = YAMLScalar.written(text)
        for yaml in ["title: \(written)\n", "tenant_names: { A: \(written) }\n"] {
            let (configuration, diagnostics) = ConfigurationReader.read("environments: [prod]\nenum: F.swift\n" + yaml, file: "f.yml")
            #expect(diagnostics.isEmpty, "\(written): \(diagnostics)")
            let read = yaml.hasPrefix("title") ? configuration?.title : configuration?.tenantNames["A"]
            #expect(read == text, "\(written)")
        }
    }

    @Test func aPlainWordStaysPlain() {
        #expect(YAMLScalar.written("White Label") == "White Label")
        #expect(YAMLScalar.written("tenants/*/FeatureFlags.defaults.json") == "tenants/*/FeatureFlags.defaults.json")
        #expect(YAMLScalar.written("On") == "\"On\"")
    }
}
