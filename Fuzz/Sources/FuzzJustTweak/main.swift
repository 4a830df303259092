import FuzzTargets

runFuzzer(.justTweak)
