@testable import FlagstaffCore
import Testing

@Suite("Did you mean")
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("kitten", "sitting", 3), ("flaw", "lawn", 2),
        // A swap of two neighbours is one edit, not two.
        ("ab", "ba", 1), ("pord", "prod", 1), ("ENABLE_CAPMAIGNS", "ENABLE_CAMPAIGNS", 1),
        // Optimal string alignment: a swapped pair is not edited again.
        ("ca", "abc", 3),
    ])
    func editDistance(_ lhs: String, _ rhs: String, _ distance: Int) {
        #expect(Suggestion.editDistance(lhs, rhs) == distance)
        #expect(Suggestion.editDistance(rhs, lhs) == distance)
    }

    @Test func distancesCountCharactersNotBytes() {
        #expect(Suggestion.editDistance("café", "cafe") == 1)
        #expect(Suggestion.editDistance("🚩a", "a🚩") == 1)
    }

    @Test func suggestsOnlyNamesCloseEnoughToBeTypos() {
        #expect(Suggestion.closest(to: "ENABLE_MEDIA_LIBRAY", in: ["ENABLE_CAMPAIGNS", "ENABLE_MEDIA_LIBRARY"]) == "ENABLE_MEDIA_LIBRARY")
        #expect(Suggestion.closest(to: "pord", in: ["dev", "prod"]) == "prod", "a transposition is within one edit")
        #expect(Suggestion.closest(to: "prd", in: ["dev", "uat", "prod"]) == "prod")
        #expect(Suggestion.closest(to: "qa", in: ["dev", "uat", "prod"]) == nil)
        #expect(Suggestion.closest(to: "wl", in: ["CHL", "WL"]) == "WL", "case is ignored")
        #expect(Suggestion.closest(to: "anything", in: [String]()) == nil)
        #expect(Suggestion.didYouMean("prd", in: ["prod"]) == "did you mean 'prod'?")
    }

    @Test func theFirstOfEquallyCloseCandidatesWins() {
        #expect(Suggestion.closest(to: "ab", in: ["ac", "ad"]) == "ac")
    }
}
