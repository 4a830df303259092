import FuzzTargets

runFuzzer(.tenantDefaults)
