import FuzzTargets

runFuzzer(.toggles)
