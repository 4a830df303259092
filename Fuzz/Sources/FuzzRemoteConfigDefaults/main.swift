import FuzzTargets

runFuzzer(.remoteConfigDefaults)
