# Shared helpers for scripts/run and scripts/test.

step() { printf '\n==> %s\n' "$*"; }

need_tool() {
  command -v "$1" >/dev/null 2>&1 || { echo "Bayline needs $2 ('$1' was not found)." >&2; exit 1; }
}

# Installs the UI's npm packages when they are missing or older than the lock file.
ensure_ui_dependencies() {
  need_tool npm "Node.js 20.19+ with npm"
  if [ ! -d ui/node_modules ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
    step "installing UI dependencies (npm ci)"
    npm --prefix ui ci --no-audit --no-fund
  fi
}

# Debian's chromium for the browser tests (Playwright must not download its own).
ensure_chromium() {
  if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then return 0; fi
  step "installing Debian's chromium for browser tests"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

# A TCP port nobody listens on right now.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Whether something answers on host:port.
answers() {
  (exec 3<>"/dev/tcp/$1/$2") >/dev/null 2>&1
}

# The optimised build that every benchmark and the deployable server share: the whole
# workspace's binaries in one invocation, so the dependencies are compiled once, with one set
# of features (`cargo build -p one-bench` would choose that package's features and recompile
# much of the graph for each bench).
build_dist() {
  step "building the workspace's binaries (profile dist; from nothing this takes long)"
  cargo build --profile dist --workspace --bins
}
