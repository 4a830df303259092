import FuzzTargets

runFuzzer(.remoteTemplate)
