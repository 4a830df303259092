enum FeatureFlag: String {
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
#if A
    case a = "A"
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
}
