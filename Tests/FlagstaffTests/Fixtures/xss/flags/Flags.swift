enum FeatureFlag: String, CaseIterable {
    // MARK: - <script>window.__xss=1</script>

    /// <script>window.__xss=1</script>
    case scriptFlag = "ENABLE_SCRIPT"
    /// <img src=x onerror="window.__xss=1">
    case imageFlag = "ENABLE_IMAGE"
    /// [click](javascript:window.__xss=1)
    case linkFlag = "ENABLE_LINK"
    /// A string whose value is markup.
    case payloadValue = "PAYLOAD_VALUE"
}
