#!/usr/bin/env bash
# Set up hoyle from nothing and run it. On a fresh Debian machine with python3:
#   ./run.sh play [GAME] [options]   play Hearts in this terminal against computer players
#   ./run.sh serve [options]         the web card room on http://localhost:8000 (SQLite in
#                                    ~/.local/share/hoyle; --host, --port, --database URL)
#   ./run.sh test                    install the test tools (chromium, postgresql with apt when
#                                    missing), then ruff, mypy and every test; then the tests of
#                                    what the compiled parts serve again without them
#                                    (HOYLE_COMPILED=0)
#   ./run.sh hoyle ARGS…             any other hoyle command (simulate, match, variants, rules,
#                                    replay); installs the arena extra (matplotlib, SQLAlchemy)
set -euo pipefail
cd "$(dirname "$0")"
VENV=.venv

need_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

ensure_python() {
  if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    echo "run.sh: installing python3-venv with apt" >&2
    need_root apt-get update -qq
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-pip >/dev/null
  fi
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
  fi
}

# Install the project (and extras) again only when its build files or its C sources changed.
install() {
  local extras="$1" stamp="$VENV/.installed-$1"
  local want
  want=$(cat pyproject.toml setup.py $(find src -name '*.c' -o -name '*.h' | sort) | sha256sum | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    if [ "$extras" = base ]; then
      "$VENV/bin/python" -m pip install -q -e .
    else
      "$VENV/bin/python" -m pip install -q -e ".[$extras]"
    fi
    echo "$want" > "$stamp"
  fi
}

cmd="${1:-play}"
[ $# -gt 0 ] && shift
ensure_python
case "$cmd" in
  play)
    install base
    if [ $# -eq 0 ]; then set -- hearts; fi
    exec "$VENV/bin/hoyle" play "$@"
    ;;
  serve)
    case " $* " in  # a PostgreSQL database needs its driver, the postgres extra
      *postgresql*) install "web,postgres" ;;
      *) install web ;;
    esac
    exec "$VENV/bin/hoyle" serve "$@"
    ;;
  test)
    # The compiled encoders are optional for users (setup.py) but tested here against the
    # Python ones: a C compiler and the Python headers first.
    headers='import os, sysconfig; p = sysconfig.get_paths()["include"]
raise SystemExit(not os.path.exists(os.path.join(p, "Python.h")))'
    if ! command -v gcc >/dev/null 2>&1 || ! python3 -c "$headers"; then
      echo "run.sh: installing gcc and python3-dev with apt" >&2
      need_root apt-get update -qq
      need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc python3-dev >/dev/null
    fi
    install test
    # The browser tests drive Debian's chromium (Playwright never downloads a browser).
    if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
      echo "run.sh: installing chromium with apt" >&2
      need_root apt-get update -qq
      need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    fi
    # The PostgreSQL tests start a throw-away cluster with Debian's server binaries.
    if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
      echo "run.sh: installing postgresql with apt" >&2
      need_root apt-get update -qq
      need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    "$VENV/bin/ruff" check src tests benchmarks
    "$VENV/bin/ruff" format --check src tests benchmarks
    "$VENV/bin/mypy"
    if [ $# -gt 0 ]; then exec "$VENV/bin/python" -m pytest -n 2 "$@"; fi
    "$VENV/bin/python" -m pytest -n 2
    # Again without the compiled parts, as on a machine without a C compiler: the searches,
    # the encoders and the batched table fall back to Python (hoyle.core.compiled).
    echo "run.sh: the tests of the compiled parts' users again, with HOYLE_COMPILED=0" >&2
    HOYLE_COMPILED=0 exec "$VENV/bin/python" -m pytest -n 2 \
      tests/agents tests/vector tests/core tests/envs tests/hearts/test_contract.py \
      tests/hearts/test_hearts_encoding.py tests/hearts/test_search_hooks.py \
      tests/hearts/test_properties.py tests/all_fours/test_all_fours_contract.py
    ;;
  hoyle)
    install arena
    exec "$VENV/bin/hoyle" "$@"
    ;;
  *)
    echo "run.sh: unknown command '$cmd'; use play, serve, test or hoyle" >&2
    exit 2
    ;;
esac
