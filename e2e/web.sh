#!/usr/bin/env bash
# Installs what `make e2e-web` needs from Debian's packages when it is
# missing: Chromium (driven headless by the test) and a CJK font so that the
# pieces and the Chinese notation show in the screenshots. Fails loudly when
# they are missing and cannot be installed.
set -euo pipefail
. "$(dirname "$0")/apt.sh"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
apt_install e2e/web.sh "${need[@]}"
command -v chromium >/dev/null 2>&1 || { echo "e2e/web.sh: FAIL: chromium still missing" >&2; exit 1; }
