# Shared by the benchmark scripts (sourced, not run): the repository as the working
# directory, a work directory removed on exit, /usr/bin/time required, and a build of
# the binary (and of the examples named in $EXAMPLES) in $PROFILE.
#
#   PROFILE=release|debug   WORK=DIR (kept if given)   EXAMPLES="gen_records ..."
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PROFILE=${PROFILE:-release}
if [[ -z "${WORK:-}" ]]; then
    WORK=$(mktemp -d -t locadm-bench.XXXXXX)
    # Only a directory made here is removed; one given is the caller's.
    trap 'rm -rf "$WORK"' EXIT
else
    # servers.sh's cleanup removes $WORK unless it is the caller's.
    WORK_KEPT=1
fi
mkdir -p "$WORK"

if [[ ! -x /usr/bin/time ]]; then
    echo "/usr/bin/time is missing: apt-get install -y time" >&2
    exit 1
fi
if ! command -v bc >/dev/null; then
    echo "bc is missing: apt-get install -y bc" >&2
    exit 1
fi
build_flags=()
[[ $PROFILE == release ]] && build_flags=(--release)
example_flags=()
for example in ${EXAMPLES:-}; do example_flags+=(--example "$example"); done
echo "== building ($PROFILE)" >&2
cargo build "${build_flags[@]}" --quiet --bin locadm "${example_flags[@]}"
BIN=target/$PROFILE/locadm
