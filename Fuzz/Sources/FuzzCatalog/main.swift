import FuzzTargets

runFuzzer(.catalog)
