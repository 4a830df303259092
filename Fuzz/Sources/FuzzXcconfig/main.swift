import FuzzTargets

runFuzzer(.xcconfig)
