# Shared helpers of infra/run and infra/test: install what is missing, start and stop the
# private PostgreSQL cluster and the nisshi broker. Sourced, not run.

NISSHI_VERSION=0.8.1
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

pg_bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

ensure_build_deps() {
  apt_install gcc g++ make zlib1g-dev pkg-config ca-certificates
  [ -n "$(pg_bindir)" ] || apt_install postgresql
  command -v cargo >/dev/null || die "cargo is missing: install Rust (rustup) first"
  command -v node >/dev/null || apt_install nodejs npm
  local major; major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 20 ] || die "Node $major is too old: the web app needs Node 20 or newer"
}

ensure_nisshi() {
  export PATH="$HOME/.cargo/bin:$PATH"
  if command -v nisshi >/dev/null; then NISSHI=$(command -v nisshi); return; fi
  if rustup run nightly rustc --version >/dev/null 2>&1; then
    log "building the nisshi $NISSHI_VERSION broker (once; about 15 minutes on 2 cores)"
    cargo +nightly install nisshi --version "$NISSHI_VERSION" --locked --no-default-features \
      --features dynostore,postgres >&2
  else
    log "no nightly toolchain: building nisshi 0.6.0 on stable (once; about 15 minutes)"
    cargo install nisshi --version 0.6.0 --locked --no-default-features --features dynostore >&2
  fi
  NISSHI=$(command -v nisshi)
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# free_port PORT — PORT, or the next free one above it.
free_port() {
  local port=$1
  while port_in_use "$port"; do port=$((port + 1)); done
  echo "$port"
}

# require_port PORT WHAT — fail clearly when something else listens there.
require_port() {
  port_in_use "$1" && die "port $1 ($2) is taken by another program; stop it or choose another port"
  return 0
}

# start_postgres DIR PORT [fast] — a private cluster under DIR listening on 127.0.0.1:PORT.
start_postgres() {
  local dir=$1 port=$2 fast=${3:-}
  local bin; bin=$(pg_bindir) || die "PostgreSQL server binaries not found"
  local abs; abs=$(mkdir -p "$dir" && cd "$dir" && pwd)
  local run=() opts="-h 127.0.0.1 -p $port -k $abs/run -c max_connections=200"
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  [ -n "$fast" ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  if [ ! -s "$abs/data/PG_VERSION" ]; then
    log "creating a PostgreSQL cluster in $dir"
    if [ "$(id -u)" = 0 ]; then
      install -d -o postgres -g postgres -m 700 "$abs/data"
      install -d -o postgres -g postgres -m 755 "$abs/run"
    else
      install -d -m 700 "$abs/data"; install -d -m 755 "$abs/run"
    fi
    "${run[@]}" "$bin/initdb" -D "$abs/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if "${run[@]}" "$bin/pg_ctl" -D "$abs/data" status >/dev/null 2>&1; then
    "${run[@]}" "$bin/pg_ctl" -D "$abs/data" stop -m fast >/dev/null
  fi
  "${run[@]}" "$bin/pg_ctl" -D "$abs/data" -l "$abs/run/server.log" -w -t 30 -o "$opts" start >/dev/null \
    || { cat "$abs/run/server.log" >&2; die "PostgreSQL did not start on port $port"; }
  PG_STOP+=("${run[*]} $bin/pg_ctl -D $abs/data stop -m fast")
}

# create_database PORT NAME
create_database() {
  psql -h 127.0.0.1 -p "$1" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$2'" | grep -q 1 \
    || psql -h 127.0.0.1 -p "$1" -U postgres -d postgres -qc "CREATE DATABASE \"$2\"" >/dev/null
}

# start_nisshi PORT LOGFILE [STORAGE] — a broker on 127.0.0.1:PORT; STORAGE is nisshi's storage
# engine URL (default memory://nisshi/; postgres://…/DB keeps topics and offsets in PostgreSQL).
start_nisshi() {
  local port=$1 logfile=$2 storage=${3:-memory://nisshi/}
  mkdir -p "$(dirname "$logfile")"
  # Its own session: Ctrl-C reaches the server first; the broker is stopped after it.
  setsid "$NISSHI" broker --listener-url "tcp://127.0.0.1:$port" --advertised-listener-url "tcp://127.0.0.1:$port" \
    --storage-engine "$storage" --group-initial-rebalance-delay 0s >"$logfile" 2>&1 &
  NISSHI_PID=$!
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    kill -0 "$NISSHI_PID" 2>/dev/null || { cat "$logfile" >&2; die "nisshi did not start on port $port"; }
    sleep 0.1
  done
  die "nisshi did not listen on port $port"
}

stop_services() {
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -n "${NISSHI_PID:-}" ] && kill "$NISSHI_PID" 2>/dev/null && wait "$NISSHI_PID" 2>/dev/null
  for cmd in "${PG_STOP[@]}"; do $cmd >/dev/null 2>&1 || true; done
  SERVER_PID= NISSHI_PID= PG_STOP=()
}
PG_STOP=()

# wait_http URL SECONDS
wait_http() {
  for _ in $(seq 1 $(( $2 * 5 ))); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# ensure_cookie_keys FILE — exports COOKIE_KEYS from FILE, generating a random key into it
# (mode 600) when it does not exist yet. To rotate: put a new key first, comma separated.
ensure_cookie_keys() {
  local file=$1
  if [ -z "${COOKIE_KEYS:-}" ]; then
    if [ ! -s "$file" ]; then
      log "generating the cookie signing key in $file"
      mkdir -p "$(dirname "$file")"
      ( umask 077; head -c 48 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$file" )
    fi
    COOKIE_KEYS=$(cat "$file")
    export COOKIE_KEYS
  fi
}

# ensure_privacy_keys DIR — exports PSEUDONYM_KEY and MASTER_KEYS from DIR/pseudonym-key and
# DIR/master-keys, generating random keys (mode 600) when they do not exist yet. The pseudonym
# key is never rotated; to rotate the master key put a new one first (comma separated), run
# `storefront privacy rewrap`, then drop the old one (docs/privacy.md).
ensure_privacy_keys() {
  local dir=$1 name var file
  for name in pseudonym-key master-keys; do
    var=$(echo "$name" | tr 'a-z-' 'A-Z_')
    file="$dir/$name"
    if [ -z "${!var:-}" ]; then
      if [ ! -s "$file" ]; then
        log "generating the $name in $file"
        mkdir -p "$dir"
        ( umask 077; head -c 48 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$file" )
      fi
      export "$var=$(cat "$file")"
    fi
  done
}

web_install() {
  ( cd web && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      log "installing the web app's npm packages"; npm ci --no-audit --no-fund --loglevel=error; fi )
}
