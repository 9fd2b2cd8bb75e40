#!/usr/bin/env bash
# Starts N canasta-tutor app processes on one PostgreSQL store, for HAProxy to spread a school over
# (deploy/haproxy.cfg, deploy/README.md). Runs in the foreground; a process that stops is started
# again; Ctrl+C or SIGTERM stops them all. (On a server, systemd can do the same with
# deploy/systemd/: one unit a process.)
#
#   CANASTA_STORE=postgresql://canasta:secret@db.school.example/canasta \
#   CANASTA_PUBLIC_ORIGIN=https://cards.school.example \
#   deploy/start-apps.sh 2 [more options for python -m tutor ...]
#
# Environment:
#   CANASTA_STORE          the store's URL (required; postgresql://... for more than one process)
#   CANASTA_PUBLIC_ORIGIN  the address students type, scheme://host[:port] (required: the processes accept
#                          websockets only from pages of it; several, space-separated)
#   CANASTA_PORT_BASE      the first process's port; the others follow (default 8601)
#   CANASTA_HOST           the address the processes listen on (default 127.0.0.1: only the proxy)
#   CANASTA_TEACHER_PASSWORD or --teacher-password-file FILE: the teacher's password on a first start
#   PYTHON                 the interpreter with canasta-tutor installed (default: the repository's .venv)
set -euo pipefail
cd "$(dirname "$0")/.."

count="${1:-2}"
shift || true
if ! [[ "$count" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 N [options for python -m tutor]   (N: how many app processes, 1 or more)" >&2
    exit 2
fi
store="${CANASTA_STORE:-}"
if [ -z "$store" ]; then
    echo "$0: set CANASTA_STORE to the store's URL, e.g. postgresql://canasta:secret@localhost/canasta" >&2
    exit 2
fi
if [ "$count" -gt 1 ] && [[ "$store" != postgresql://* && "$store" != postgres://* && "$store" != postgresql+psycopg://* ]]; then
    echo "$0: $count processes need a PostgreSQL store (CANASTA_STORE=postgresql://...): they share it and hear each other through it" >&2
    exit 2
fi
if [ -z "${CANASTA_PUBLIC_ORIGIN:-}" ]; then
    echo "$0: set CANASTA_PUBLIC_ORIGIN to the address students type, e.g. https://cards.school.example: the processes accept websockets only from pages of it" >&2
    exit 2
fi
python="${PYTHON:-.venv/bin/python}"
base="${CANASTA_PORT_BASE:-8601}"
host="${CANASTA_HOST:-127.0.0.1}"
origins=()
for origin in ${CANASTA_PUBLIC_ORIGIN:-}; do
    origins+=(--allow-origin "$origin")
done

# Each process runs under a small supervisor that starts it again if it stops (a crash, a kill -9):
# the others carry on meanwhile, and HAProxy sends that process's browsers elsewhere until its
# health check passes again. SIGTERM or Ctrl+C stops them all (the app closes its connections
# and exits within 5 s).
supervise() {
    local port="$1" child status
    trap 'kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
    while true; do
        # the store's URL goes by the environment, not the command line, so ps does not show its password
        CANASTA_STORE="$store" "$python" -m tutor --classroom --no-browser --host "$host" --port "$port" \
            "${origins[@]}" "${extra[@]}" &
        child=$!
        echo "canasta-tutor: app process (pid $child) on $host:$port" >&2
        status=0
        wait "$child" || status=$?
        echo "canasta-tutor: the app process on port $port stopped (status $status); starting it again in 2 s" >&2
        sleep 2
    done
}

extra=("$@")
supervisors=()
stop() {
    trap - TERM INT
    for pid in "${supervisors[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    wait
}
trap 'stop; exit 0' TERM INT

for ((i = 0; i < count; i++)); do
    supervise $((base + i)) &
    supervisors+=($!)
done
wait
