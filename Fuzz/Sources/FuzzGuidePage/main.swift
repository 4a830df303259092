import FuzzTargets

runFuzzer(.guidePage)
