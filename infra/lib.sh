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
  apt_install gcc g++ make zlib1g-dev pkg-config libssl-dev ca-certificates
  [ -n "$(pg_bindir)" ] || apt_install postgresql
  command -v cargo >/dev/null || die "cargo is missing: install Rust (rustup) first"
  command -v node >/dev/null || apt_install nodejs npm
  local major; major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 20 ] || die "Node $major is too old: the web app needs Node 20 or newer"
}

# The broker's first build: nisshi from crates.io, once, into ~/.cargo/bin. It is the longest part
# of a first start, so the scripts start it in the background (nisshi_build_start), do their own
# builds meanwhile and wait for it only when they need the broker (nisshi_build_wait), showing
# how far it got. Crates in the build (cargo tree, the features below) and the minutes a first
# build took on the 2-core machine (docs/performance.md, "First start").
NISSHI_CRATES=465
NISSHI_BUILD_MINUTES="11 to 13 minutes alone, 17 or more beside another build,"
nisshi_install() {
  # A broker for local runs and tests: opt-level 1 builds in far less time than a release
  # build's default 3 (NISSHI_OPT_LEVEL=3 for the fastest broker); no debug info, no LTO.
  # Measured in docs/performance.md ("First start").
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=${NISSHI_OPT_LEVEL:-1} CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_INCREMENTAL=false CARGO_PROFILE_RELEASE_LTO=false
  if rustup run nightly rustc --version >/dev/null 2>&1; then
    cargo +nightly install nisshi --version "$NISSHI_VERSION" --locked --no-default-features \
      --features dynostore,postgres
  else
    echo "no nightly toolchain: building nisshi 0.6.0 on stable"
    cargo install nisshi --version 0.6.0 --locked --no-default-features --features dynostore
  fi
}

nisshi_build_start() {
  export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  NISSHI_BUILD_PID=
  if command -v nisshi >/dev/null; then NISSHI=$(command -v nisshi); return; fi
  mkdir -p var
  NISSHI_BUILD_LOG=$PWD/var/nisshi-build.log
  NISSHI_BUILD_STARTED=$(date +%s)
  log "building the nisshi $NISSHI_VERSION broker in the background (once: $NISSHI_CRATES crates, about $NISSHI_BUILD_MINUTES on 2 cores; log in var/nisshi-build.log)"
  # Its own process group, so stop_services can stop the whole build. One build at a time per
  # user: a second script (infra/test beside infra/run, or another checkout) waits for the
  # first's build under the lock, then finds the broker installed.
  local lock="${CARGO_HOME:-$HOME/.cargo}/nisshi-build.lock"
  mkdir -p "$(dirname "$lock")"
  setsid bash -c "$(declare -f nisshi_install)
    exec 9>>'$lock'
    if ! flock -n 9; then
      echo 'another build of the broker is under way; waiting for it'
      flock 9
    fi
    command -v nisshi >/dev/null || NISSHI_VERSION=$NISSHI_VERSION nisshi_install" \
    >"$NISSHI_BUILD_LOG" 2>&1 &
  NISSHI_BUILD_PID=$!
}

# nisshi_build_wait — returns once the broker is installed, showing the build's progress.
nisshi_build_wait() {
  if [ -z "${NISSHI_BUILD_PID:-}" ]; then
    [ -n "${NISSHI:-}" ] && return
    nisshi_build_start
    [ -z "$NISSHI_BUILD_PID" ] && return
  fi
  local shown=0 now built
  while kill -0 "$NISSHI_BUILD_PID" 2>/dev/null; do
    now=$(date +%s)
    if [ $((now - shown)) -ge 30 ]; then
      built=$(grep -c '^ *Compiling ' "$NISSHI_BUILD_LOG" 2>/dev/null || true)
      if [ "${built:-0}" = 0 ] && grep -q '^another build of the broker' "$NISSHI_BUILD_LOG" 2>/dev/null; then
        log "waiting for another script's build of the broker to finish ($(( (now - NISSHI_BUILD_STARTED) / 60 )) min so far)"
      else
        log "waiting for the broker's build: ${built:-0} of about $NISSHI_CRATES crates after $(( (now - NISSHI_BUILD_STARTED) / 60 )) min (a first build takes about $NISSHI_BUILD_MINUTES on 2 cores)"
      fi
      shown=$now
    fi
    sleep 2
  done
  if ! wait "$NISSHI_BUILD_PID"; then
    tail -n 30 "$NISSHI_BUILD_LOG" >&2
    die "building the nisshi broker failed (whole log: $NISSHI_BUILD_LOG)"
  fi
  NISSHI_BUILD_PID=
  log "broker built in $(( ($(date +%s) - NISSHI_BUILD_STARTED) / 60 )) min"
  NISSHI=$(command -v nisshi) || die "nisshi was built but is not on PATH (~/.cargo/bin)"
}

ensure_nisshi() { nisshi_build_start; nisshi_build_wait; }

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

# The private clusters ask for a password (SCRAM), over TCP and over their socket alike: the
# password is generated once per cluster into DIR/../secrets/pg-password (mode 600; var/pg's is
# var/secrets/pg-password) and only ever passed in the environment (PGPASSWORD, the URLs below),
# never on a command line or in a log. Lines that hold it run with xtrace off, so even
# `bash -x infra/run` does not print it.
declare -gA PG_PASSWORDS=()
xtrace_restore() { case $1 in *x*) set -x ;; esac; }

# pg_password_file DIR — where the password of the cluster under DIR is kept.
pg_password_file() { echo "$(cd "$(dirname "$1")" && pwd)/secrets/pg-password"; }

# pg_url_into VAR PORT [DB] — VAR=postgres://postgres:PASSWORD@127.0.0.1:PORT[/DB] for the cluster
# start_postgres started on PORT (not exported).
pg_url_into() {
  local xt=$-; set +x
  local pw=${PG_PASSWORDS[$2]:-}
  [ -n "$pw" ] || die "no private PostgreSQL cluster was started on port $2"
  printf -v "$1" 'postgres://postgres:%s@127.0.0.1:%s%s' "$pw" "$2" "${3:+/$3}"
  xtrace_restore "$xt"
}

# export_pg_url VAR PORT [DB] — the same, exported.
export_pg_url() {
  local xt=$-; set +x
  pg_url_into "$1" "$2" "${3:-}"
  export "${1?}"
  xtrace_restore "$xt"
}

# pg_psql PORT HOST ARGS… — psql as postgres on the cluster of PORT (HOST: 127.0.0.1 or its
# socket directory), with its password.
pg_psql() {
  local xt=$-; set +x
  local port=$1 host=$2; shift 2
  local pw=${PG_PASSWORDS[$port]:-}
  [ -n "$pw" ] || die "no private PostgreSQL cluster was started on port $port"
  local rc=0
  PGPASSWORD=$pw psql -X -w -h "$host" -p "$port" -U postgres "$@" || rc=$?
  xtrace_restore "$xt"
  return "$rc"
}

# start_postgres DIR PORT [fast] — a private cluster under DIR listening on 127.0.0.1:PORT, its
# socket in DIR/run (mode 700). Its password: see pg_password_file. A cluster made before
# passwords (trust authentication) is switched to a password on its first start.
start_postgres() {
  local dir=$1 port=$2 fast=${3:-}
  local bin; bin=$(pg_bindir) || die "PostgreSQL server binaries not found"
  local abs; abs=$(mkdir -p "$dir" && cd "$dir" && pwd)
  local pwfile; pwfile=$(pg_password_file "$abs")
  local run=() opts="-h 127.0.0.1 -p $port -k $abs/run -c unix_socket_permissions=0700 -c max_connections=200"
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  [ -n "$fast" ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  # The data and socket directories: the server's user's alone (also for clusters made when the
  # socket directory was world-readable).
  if [ "$(id -u)" = 0 ]; then
    install -d -o postgres -g postgres -m 700 "$abs/data" "$abs/run"
  else
    install -d -m 700 "$abs/data" "$abs/run"
  fi
  local fresh=; [ -s "$abs/data/PG_VERSION" ] || fresh=1
  if [ ! -s "$pwfile" ]; then
    # An existing cluster that already asks for a password has lost it: nothing here can help.
    [ -n "$fresh" ] || pg_hba_trusts "$abs/data" \
      || die "the password of the PostgreSQL cluster in $dir is missing ($pwfile): restore that file, or remove $dir to start over (its data is lost)"
    log "generating the PostgreSQL password in $pwfile"
    ( umask 077; mkdir -p "$(dirname "$pwfile")"; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$pwfile" )
  fi
  chmod 700 "$(dirname "$pwfile")"; chmod 600 "$pwfile"
  local xt=$-; set +x
  PG_PASSWORDS[$port]=$(cat "$pwfile")
  xtrace_restore "$xt"
  if [ -n "$fresh" ]; then
    log "creating a PostgreSQL cluster in $dir"
    # initdb runs as the server's user, who cannot read root's 600 file: a copy of its own in the
    # socket directory (700, the server's user's), removed at once.
    local initpw=$pwfile
    if [ "$(id -u)" = 0 ]; then
      initpw="$abs/run/initdb-pwfile"
      install -o postgres -g postgres -m 600 "$pwfile" "$initpw"
    fi
    "${run[@]}" "$bin/initdb" -D "$abs/data" -U postgres --auth=scram-sha-256 --pwfile="$initpw" \
      -E UTF8 --locale=C.UTF-8 >/dev/null || { [ "$initpw" = "$pwfile" ] || rm -f "$initpw"; die "initdb failed in $dir"; }
    [ "$initpw" = "$pwfile" ] || rm -f "$initpw"
  fi
  if "${run[@]}" "$bin/pg_ctl" -D "$abs/data" status >/dev/null 2>&1; then
    "${run[@]}" "$bin/pg_ctl" -D "$abs/data" stop -m fast >/dev/null
  fi
  "${run[@]}" "$bin/pg_ctl" -D "$abs/data" -l "$abs/run/server.log" -w -t 30 -o "$opts" start >/dev/null \
    || { cat "$abs/run/server.log" >&2; die "PostgreSQL did not start on port $port"; }
  PG_STOP+=("${run[*]} $bin/pg_ctl -D $abs/data stop -m fast")
  if pg_hba_trusts "$abs/data"; then
    # Made before passwords: set the password over the socket while it is still trusted, then
    # ask for it (SCRAM) wherever pg_hba.conf trusted, and reload.
    log "switching the PostgreSQL cluster in $dir from trust to password authentication"
    local xt=$-; set +x
    printf "SET password_encryption = 'scram-sha-256';\nALTER USER postgres PASSWORD '%s';\n" "${PG_PASSWORDS[$port]}" \
      | psql -X -w -q -v ON_ERROR_STOP=1 -h "$abs/run" -p "$port" -U postgres -d postgres -f - >/dev/null \
      || die "could not set the password of the PostgreSQL cluster in $dir"
    xtrace_restore "$xt"
    "${run[@]}" sed -i -E '/^[[:space:]]*(#|$)/! s/[[:space:]]trust([[:space:]]*)$/ scram-sha-256\1/' "$abs/data/pg_hba.conf"
    ! pg_hba_trusts "$abs/data" || die "$dir/data/pg_hba.conf still trusts some connections: edit it by hand"
    "${run[@]}" "$bin/pg_ctl" -D "$abs/data" reload >/dev/null
  fi
}

# pg_hba_trusts DATADIR — whether some line of its pg_hba.conf lets in without a password.
pg_hba_trusts() { grep -Eq '^[^#]*[[:space:]]trust([[:space:]]|$)' "$1/pg_hba.conf"; }

# require_pg_password DIR PORT — dies unless the cluster under DIR on PORT refuses a connection
# without its password or with a wrong one, over TCP and over its socket, and takes the right one
# (a ~/.pgpass is not read).
require_pg_password() {
  local abs; abs=$(cd "$1" && pwd)
  local port=$2 host out
  for host in 127.0.0.1 "$abs/run"; do
    if out=$(env -u PGPASSWORD PGPASSFILE=/nonexistent psql -X -w -h "$host" -p "$port" -U postgres -d postgres -tAc 'select 1' 2>&1); then
      die "PostgreSQL on port $port ($host) let in a connection without a password"
    fi
    [[ $out == *password* ]] || die "PostgreSQL on port $port ($host) did not ask for a password: $out"
    if out=$(PGPASSWORD=not-the-password psql -X -w -h "$host" -p "$port" -U postgres -d postgres -tAc 'select 1' 2>&1); then
      die "PostgreSQL on port $port ($host) let in a connection with a wrong password"
    fi
    [[ $out == *"password authentication failed"* ]] || die "PostgreSQL on port $port ($host) did not check the password: $out"
    [ "$(pg_psql "$port" "$host" -d postgres -tAc 'select 1')" = 1 ] \
      || die "PostgreSQL on port $port ($host) refused its own password"
  done
}

# create_database PORT NAME
create_database() {
  pg_psql "$1" 127.0.0.1 -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$2'" | grep -q 1 \
    || pg_psql "$1" 127.0.0.1 -d postgres -qc "CREATE DATABASE \"$2\"" >/dev/null
}

# start_nisshi PORT LOGFILE [STORAGE] — a broker on 127.0.0.1:PORT (that address only); STORAGE is
# nisshi's storage engine URL (default memory://nisshi/; postgres://…/DB keeps topics and offsets
# in PostgreSQL), or cluster:PGPORT/DB for database DB of the private cluster start_postgres
# started on PGPORT (its password added here). The URL goes in the environment (STORAGE_ENGINE),
# not on the command line, where every local user could read a password in it.
# NISSHI_NICE (default 0) lowers the broker's CPU priority: see broker_yields.
start_nisshi() {
  local port=$1 logfile=$2 storage=${3:-memory://nisshi/}
  mkdir -p "$(dirname "$logfile")"
  local xt=$-; set +x
  if [[ $storage == cluster:* ]]; then
    storage=${storage#cluster:}
    pg_url_into storage "${storage%%/*}" "${storage#*/}"
  fi
  # Its own session: Ctrl-C reaches the server first; the broker is stopped after it.
  STORAGE_ENGINE=$storage setsid nice -n "${NISSHI_NICE:-0}" "$NISSHI" broker --listener-url "tcp://127.0.0.1:$port" \
    --advertised-listener-url "tcp://127.0.0.1:$port" --group-initial-rebalance-delay 0s >"$logfile" 2>&1 &
  NISSHI_PID=$!
  xtrace_restore "$xt"
  for _ in $(seq 1 100); do
    # Listening, it runs in its own session (not before: the group set would be this script's).
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && { broker_yields "$NISSHI_PID" "${NISSHI_NICE:-0}"; return 0; }
    kill -0 "$NISSHI_PID" 2>/dev/null || { cat "$logfile" >&2; die "nisshi did not start on port $port"; }
    sleep 0.1
  done
  die "nisshi did not listen on port $port"
}

# broker_yields PID NICE — the broker's CPU priority, lowered to NICE (0: unchanged). The broker runs
# in a session of its own, and where the kernel groups each session's processes for the CPU
# (autogroup: /proc/PID/autogroup) a plain nice counts only against the broker's own threads; the
# group's nice is what counts against the store. On the run command's one machine the broker's
# bursts (a batch of beacons every 200 ms) otherwise took half the cores from the store's request
# workers for milliseconds at a time: the beacons' p99 at 7,500 /s was 16–136 ms at 0 and
# 5–8 ms at 10 (docs/performance.md, "The broker's CPU priority"). Its work is asynchronous to
# every answer (the producer's queue and the outbox absorb a slower broker).
broker_yields() {
  local pid=$1 nice=$2 stat
  [ "$nice" = 0 ] && return 0
  # Only the broker's own session's group: field 6 of /proc/PID/stat is its session id.
  stat=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null) || return 0
  [ "$(echo "$stat" | cut -d' ' -f4)" = "$pid" ] || { log "the broker is not in a session of its own; its CPU priority is left as it is"; return 0; }
  [ -w "/proc/$pid/autogroup" ] && echo "$nice" >"/proc/$pid/autogroup" 2>/dev/null
  return 0
}

stop_services() {
  [ -n "${NISSHI_BUILD_PID:-}" ] && kill -- "-$NISSHI_BUILD_PID" 2>/dev/null
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

# write_run_env DIR PG_PORT DATABASE BIN INDEX_DIR — the settings infra/storefront reads to run
# operator commands beside a running store (DIR/run.env; no secrets: they stay in DIR/secrets).
write_run_env() {
  mkdir -p "$1"
  cat >"$1/run.env" <<ENV
PG_PORT=$2
DATABASE_NAME=$3
KAFKA_BROKERS=$KAFKA_BROKERS
BIN=$4
INDEX_DIR=$5
ENV
}
