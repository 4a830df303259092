// From DataDog/dd-sdk-ios (Apache-2.0), Sources/Datadog/Utils/CompilationConditions.swift
// at 21a255ead14ab2009ea0547e29750eec7a7abc38; Datadog.xcconfig from the same
// repository at 86cd9d7e7597f7f5c630fa41ab990bca7e0fd624.
/*
 * Unless explicitly stated otherwise all files in this repository are licensed under the Apache License Version 2.0.
 * This product includes software developed at Datadog (https://www.datadoghq.com/).
 * Copyright 2019-2020 Datadog, Inc.
 */

import Foundation

/// Swift abstraction over compiler flags set in `Active Compilation Conditions` build setting for `Datadog` target.
internal struct CompilationConditions {
    #if DD_SDK_DEVELOPMENT
    /// `true` if `DD_SDK_DEVELOPMENT` flag is set.
    static var isSDKCompiledForDevelopment = true
    #else
    /// `false` if `DD_SDK_DEVELOPMENT` flag is not set.
    static var isSDKCompiledForDevelopment = false
    #endif
}
