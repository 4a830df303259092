import FuzzTargets

runFuzzer(.swiftDeclarations)
