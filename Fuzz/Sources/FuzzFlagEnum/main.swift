import FuzzTargets

runFuzzer(.flagEnum)
