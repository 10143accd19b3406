#!/usr/bin/env bash
# Sets up Wine for `make e2e-windows`: installs Debian's wine and, for the
# shim, mingw-w64 when they are missing (apt-get update first), then makes
# the prefix $WINEPREFIX with the test-only bcryptprimitives.dll of
# ../shared/tools/wine-shim (Debian's Wine 8.0 lacks it, and Go's Windows
# runtime loads it; see ../shared/spec/CLIENTS.md). Fails loudly when
# something cannot be installed: the Windows test must not skip silently.
set -euo pipefail
. "$(dirname "$0")/apt.sh"
: "${WINEPREFIX:?set WINEPREFIX}"
shim="${WINE_SHIM:-$(cd "$(dirname "$0")/../../shared/tools/wine-shim" 2>/dev/null && pwd)}"
if [ -z "$shim" ] || [ ! -f "$shim/install.sh" ]; then
	echo "e2e/wine.sh: FAIL: the wine shim (../shared/tools/wine-shim) is missing; set WINE_SHIM" >&2
	exit 1
fi

need=()
command -v wine >/dev/null 2>&1 || need+=(wine wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(gcc-mingw-w64-x86-64)
if [ ${#need[@]} -gt 0 ]; then
	APT_EXTRA=--no-install-recommends apt_install e2e/wine.sh "${need[@]}"
	for tool in wine x86_64-w64-mingw32-gcc; do
		command -v "$tool" >/dev/null 2>&1 || { echo "e2e/wine.sh: FAIL: $tool still missing after apt-get install" >&2; exit 1; }
	done
fi

mkdir -p "$WINEPREFIX"
if [ ! -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]; then
	WINEPREFIX="$WINEPREFIX" bash "$shim/install.sh" >&2
fi
wine --version >&2
