func f() {
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
    use(.mediaLibrary)
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
