#!/usr/bin/env bash
# Peak RSS and CPU of real Lua programs under lua5.4, `panto lua` and the
# lean engine (bench/cmd/leanlua), with every output checked against
# lua5.4's. The programs come from Debian packages (lua5.4, lua-check,
# lua-ldoc, lua-penlight, lua-unit, lua-dkjson); without them the run is
# skipped with a message. `make bench-rss` builds both binaries and runs
# this; docs/benchmarks.md ("Running", "Peak memory") says what it shows.
#
#   bench/rss.sh [-n RUNS] PANTO LEANLUA
#
# RUNS (default 2) rounds, each running every program once under each
# implementation in turn, so that the machine's load falls on all alike.
# Peak RSS is GNU time's %M (the high-water mark, which does not depend on
# the load); CPU is user + system. Raw figures go to bench/results/rss.tsv.
# PROGS adds bench/programs (default: binary_trees json sort; PROGS= none).
set -u

runs=2
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
if [ $# -ne 2 ]; then
	echo "usage: bench/rss.sh [-n RUNS] PANTO LEANLUA" >&2
	exit 2
fi
panto=$(realpath "$1")
lean=$(realpath "$2")
for b in "$panto" "$lean"; do
	[ -x "$b" ] || { echo "bench-rss: $b: not an executable" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
lib=/usr/share/lua/5.1

skip() {
	echo "bench-rss: skipped: $*" >&2
	exit 0
}
command -v lua5.4 >/dev/null || skip "lua5.4 is not installed (apt-get install -y lua5.4)"
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 ||
	skip "GNU time is not installed (apt-get install -y time)"
for need in "$lib/luacheck/main.lua:lua-check" "/usr/bin/ldoc:lua-ldoc" "$lib/pl/init.lua:lua-penlight" \
	"/usr/share/doc/lua-unit/examples/test_luaunit.lua:lua-unit" \
	"/usr/share/doc/lua-dkjson/examples/jsontest.lua:lua-dkjson"; do
	[ -e "${need%%:*}" ] || skip "${need%%:*} is missing (apt-get install -y ${need##*:})"
done

results=$here/results
mkdir -p "$results"
work=$(mktemp -d "$results/rss.XXXXXX")
trap 'rm -rf "$work"' EXIT
tsv=$results/rss.tsv
printf "impl\tprogram\trss_kb\tcpu_s\tmatch\n" >"$tsv"

# The files luacheck checks: every Lua file of the 5.1 tree, in a fixed order.
find "$lib" -name '*.lua' | LC_ALL=C sort >"$work/files"

# Each implementation runs from its own fresh copy: how much of a binary's
# page cache is mapped decides a few MB of its floor.
cp "$panto" "$work/panto"
cp "$lean" "$work/leanlua"
impls="lua5.4 panto lean"
cmd_of() {
	case $1 in
	lua5.4) echo lua5.4 ;;
	panto) echo "$work/panto lua" ;;
	lean) echo "$work/leanlua" ;;
	esac
}

progs="luacheck ldoc luaunit dkjson"
extra=${PROGS-binary_trees json sort}
for p in $extra; do progs="$progs $p"; done
progs="$progs empty"

# normalise strips what legitimately differs from run to run: dates and
# times (luaunit's, ldoc's stamp), and the one line of dkjson's test that
# prints a table in pairs order, which Lua leaves unspecified.
normalise() {
	sed -E -e 's/^(Ran [0-9]+ tests in )[0-9.]+ seconds/\1X seconds/' \
		-e 's/^Started on .*/Started on X/' \
		-e 's/Last updated [0-9: -]+/Last updated X/' \
		-e 's/^(mixed table encoded as:).*/\1 X/'
}

# run IMPL PROG: one measured run; prints "rss_kb cpu_s digest".
run() {
	local impl=$1 prog=$2 out=$work/out dir=$work/ldoc
	local -a args
	case $prog in
	luacheck) mapfile -t args <"$work/files"; args=("$here/rss/luacheck.lua" --no-color --no-cache "${args[@]}") ;;
	ldoc) rm -rf "$dir"; mkdir "$dir"; args=("$here/rss/ldoc.lua" -d "$dir" -a "$lib/pl") ;;
	luaunit) args=("$here/rss/luaunit.lua") ;;
	dkjson) args=("$here/rss/dkjson.lua") ;;
	empty) args=(-e '') ;;
	*) args=("$here/programs/$prog.lua") ;;
	esac
	# shellcheck disable=SC2046 # the command is a word list on purpose
	(cd "$work" && /usr/bin/time -f "%M %U %S" -o "$work/time" $(cmd_of "$impl") "${args[@]}" >"$out" 2>&1)
	if [ "$prog" = ldoc ]; then
		(cd "$dir" && find . -type f | LC_ALL=C sort | xargs cat) >>"$out"
	fi
	local digest rss u s
	digest=$(normalise <"$out" | md5sum | cut -c1-12)
	read -r rss u s < <(tail -1 "$work/time")
	echo "$rss $(echo "$u + $s" | bc) $digest"
}

declare -A want
status=0
for ((r = 1; r <= runs; r++)); do
	for prog in $progs; do
		for impl in $impls; do
			read -r rss cpu digest < <(run "$impl" "$prog")
			match=ok
			if [ "$impl" = lua5.4 ]; then
				want[$prog]=${want[$prog]:-$digest}
			fi
			if [ "$digest" != "${want[$prog]}" ]; then
				match=DIFFERS
				status=1
				echo "bench-rss: $prog under $impl: output differs from lua5.4's" >&2
			fi
			printf "%s\t%s\t%s\t%s\t%s\n" "$impl" "$prog" "$rss" "$cpu" "$match" >>"$tsv"
		done
	done
done

# The table: ranges over the runs, and the ratio of each peak to lua5.4's
# (of the medians, rounded).
awk -F'\t' -v progs="$progs" '
NR == 1 { next }
{
	k = $1 SUBSEP $2; n[k]++
	mb = $3 / 1024
	if (!(k in lo) || mb < lo[k]) lo[k] = mb
	if (!(k in hi) || mb > hi[k]) hi[k] = mb
	if (!(k in clo) || $4 < clo[k]) clo[k] = $4
	if (!(k in chi) || $4 > chi[k]) chi[k] = $4
	if ($5 != "ok") bad[k] = 1
}
function rng(a, b, f) { return sprintf(f, a) (sprintf(f, a) == sprintf(f, b) ? "" : "–" sprintf(f, b)) }
function ratio(impl, p) {
	if (p == "empty") return ""
	return sprintf("%.1f", (lo[impl, p] + hi[impl, p]) / (lo["lua5.4", p] + hi["lua5.4", p]))
}
END {
	print "| program | lua5.4 MB | panto MB | ratio | lean MB | ratio | lua5.4 CPU s | panto CPU s | lean CPU s | outputs |"
	print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	np = split(progs, P, " ")
	for (i = 1; i <= np; i++) {
		p = P[i]
		m = (("panto", p) in bad || ("lean", p) in bad) ? "DIFFER" : "match"
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p,
			rng(lo["lua5.4", p], hi["lua5.4", p], "%.0f"),
			rng(lo["panto", p], hi["panto", p], "%.0f"), ratio("panto", p),
			rng(lo["lean", p], hi["lean", p], "%.0f"), ratio("lean", p),
			rng(clo["lua5.4", p], chi["lua5.4", p], "%.2f"),
			rng(clo["panto", p], chi["panto", p], "%.2f"),
			rng(clo["lean", p], chi["lean", p], "%.2f"), m
	}
}' "$tsv"
echo "(raw figures: $tsv)"
# What the programs were: their versions move the figures (lua-check 1.1.0
# checks other files than 0.26 did), so a comparison needs them.
echo "(luacheck checked $(wc -l <"$work/files") files; packages: $(dpkg-query -W -f '${Package} ${Version}, ' \
	lua5.4 lua-check lua-ldoc lua-penlight lua-unit lua-dkjson 2>/dev/null | sed 's/, $//'))"
exit $status
