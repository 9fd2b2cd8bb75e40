#!/usr/bin/env bash
# Starts N canasta-tutor app processes on one PostgreSQL store, for HAProxy to spread a school over
# (deploy/haproxy.cfg, deploy/README.md). Runs in the foreground: Ctrl+C or SIGTERM stops them all,
# and if one of them stops, the others are stopped too and the script exits with its status (so a
# supervisor such as systemd starts the whole set again).
#
#   CANASTA_STORE=postgresql://canasta:secret@db.school.example/canasta \
#   CANASTA_PUBLIC_ORIGIN=https://cards.school.example \
#   deploy/start-apps.sh 2 [more options for python -m tutor ...]
#
# Environment:
#   CANASTA_STORE          the store's URL (required; postgresql://... for more than one process)
#   CANASTA_PUBLIC_ORIGIN  the address students type, scheme://host[:port] (repeat, space-separated)
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
python="${PYTHON:-.venv/bin/python}"
base="${CANASTA_PORT_BASE:-8601}"
host="${CANASTA_HOST:-127.0.0.1}"
origins=()
for origin in ${CANASTA_PUBLIC_ORIGIN:-}; do
    origins+=(--allow-origin "$origin")
done

pids=()
stop() {
    trap - TERM INT
    for pid in "${pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap 'stop; exit 143' TERM
trap 'stop; exit 130' INT

for ((i = 0; i < count; i++)); do
    port=$((base + i))
    # the store's URL goes by the environment, not the command line, so ps does not show its password
    CANASTA_STORE="$store" "$python" -m tutor --classroom --no-browser --host "$host" --port "$port" \
        "${origins[@]}" "$@" &
    pids+=($!)
    echo "canasta-tutor: process $((i + 1)) of $count (pid $!) on $host:$port" >&2
done

status=0
wait -n "${pids[@]}" || status=$?
echo "$0: an app process stopped (status $status); stopping the others" >&2
stop
exit "$status"
