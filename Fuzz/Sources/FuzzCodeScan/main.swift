import FuzzTargets

runFuzzer(.codeScan)
