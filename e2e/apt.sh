# Sourced by the e2e setup scripts. apt_install NAME PACKAGE... installs
# Debian packages with apt-get (update first) as root or through
# password-less sudo, and fails loudly, naming the script NAME, when it
# cannot: an end-to-end test must not skip silently. APT_EXTRA adds flags
# to apt-get install (e.g. --no-install-recommends).
apt_install() {
	local name=$1
	shift
	echo "$name: installing $*" >&2
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "$name: FAIL: apt-get not found; install the Debian packages $* by hand" >&2
		exit 1
	fi
	local sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
			sudo=(sudo -n)
		else
			echo "$name: FAIL: need root or password-less sudo to install $*" >&2
			exit 1
		fi
	fi
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${APT_EXTRA:-} "$@" >/dev/null
}
