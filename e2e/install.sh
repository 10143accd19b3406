#!/usr/bin/env bash
# Installs what `make e2e` needs from Debian's packages when it is missing:
# XBoard, the UCI2WB adapter, Xvfb (with xauth) and fairy-stockfish. Fails
# loudly when they are missing and cannot be installed (no apt-get, not root
# and no password-less sudo): the end-to-end test must not skip silently.
set -euo pipefail
. "$(dirname "$0")/apt.sh"

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/games/$1" ]; }

need=()
have xboard || need+=(xboard)
have uci2wb || need+=(uci2wb)
have Xvfb || need+=(xvfb)
have xauth || need+=(xauth)
have fairy-stockfish || need+=(fairy-stockfish)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi

apt_install e2e/install.sh "${need[@]}"
for tool in xboard uci2wb Xvfb xauth fairy-stockfish; do
	if ! have "$tool"; then
		echo "e2e/install.sh: FAIL: $tool still missing after apt-get install" >&2
		exit 1
	fi
done
