enum RemoteKeys {
    static let stringOnly = "STRING_ONLY"
}
