#!/usr/bin/env bash
# Installs what `make e2e-web` needs from Debian's packages when it is
# missing: Chromium (driven headless by the test) and a CJK font so that the
# pieces and the Chinese notation show in the screenshots. Fails loudly when
# they are missing and cannot be installed.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
echo "e2e/web.sh: installing ${need[*]}" >&2
if ! command -v apt-get >/dev/null 2>&1; then
	echo "e2e/web.sh: FAIL: apt-get not found; install the Debian packages ${need[*]} by hand" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo=(sudo -n)
else
	echo "e2e/web.sh: FAIL: need root or password-less sudo to install ${need[*]}" >&2
	exit 1
fi
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "e2e/web.sh: FAIL: chromium still missing" >&2; exit 1; }
