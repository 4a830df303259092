import FuzzTargets

runFuzzer(.configuration)
