/// The theme that ships inside the `flagstaff` binary: the package's `templates/`
/// folder, embedded at build time by the `EmbedTheme` plugin as `DefaultTheme.files`.
public enum DefaultTheme {}
