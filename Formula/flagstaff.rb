# Homebrew formula, so that this repository is its own tap:
#   brew tap acme/flagstaff https://github.com/acme/flagstaff
#   brew install flagstaff
# It builds from source with the Swift toolchain of Xcode (macOS) or of the
# `swift` formula (Linux), the same release build as scripts/install.
class Flagstaff < Formula
  desc "Turns an iOS app's feature-flag sources into a static site and reports"
  homepage "https://github.com/acme/flagstaff"
  url "https://github.com/acme/flagstaff.git", tag: "v1.0.0"
  head "https://github.com/acme/flagstaff.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.3", :build]
  depends_on "cmark"
  uses_from_macos "swift" => :build

  def install
    args = ["--disable-sandbox", "-c", "release", "--product", "flagstaff"]
    # On Linux the Swift runtime is linked in, as scripts/install does.
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/flagstaff"
  end

  test do
    (testpath/"Flags.swift").write <<~SWIFT
      enum FeatureFlag: String, CaseIterable {
          case newCheckout = "new_checkout"

          var defaultValue: Bool {
              switch self {
              case .newCheckout: true
              }
          }
      }
    SWIFT
    (testpath/"flagstaff.yml").write <<~YAML
      environments: [release]
      enum: Flags.swift
      swift: { defaults: defaultValue }
    YAML
    assert_match "1 flag, 1 environment: valid", shell_output("#{bin}/flagstaff validate")
    assert_match "new_checkout", shell_output("#{bin}/flagstaff matrix --format md")
    assert_equal version.to_s, shell_output("#{bin}/flagstaff --version").strip
  end
end
