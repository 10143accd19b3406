#!/usr/bin/env bash
# Installs what `make e2e-distributed` needs from Debian's packages when it
# is missing: nats-server, the NATS broker the test starts with JetStream.
# Fails loudly when it is missing and cannot be installed.
set -euo pipefail
. "$(dirname "$0")/apt.sh"

if command -v nats-server >/dev/null 2>&1; then
	exit 0
fi
apt_install e2e/distributed.sh nats-server
command -v nats-server >/dev/null 2>&1 || { echo "e2e/distributed.sh: FAIL: nats-server still missing" >&2; exit 1; }
