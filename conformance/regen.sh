#!/usr/bin/env bash
# Regenerates the golden files of the conformance corpus from the reference
# interpreter (Debian's lua5.4). Usage: conformance/regen.sh [file.lua|dir ...]
# With no arguments every area under conformance/testdata is regenerated.
#
# For each test program NAME.lua (top level of an area folder; helper modules
# live in an area's lib/ folder and are not tests) it writes:
#   NAME.out  the exact standard output
#   NAME.err  only when the exit status is non-zero or stderr is not empty:
#             a first line "exit N", then stderr with the program name
#             prefix "lua5.4: " normalised to "lua: ".
# NAME.args, when present, holds extra command-line arguments (split on
# whitespace) passed after the script name. Programs run from their own folder
# with stdin from /dev/null, so chunk names are the bare file name.
set -u
LUA=${LUA:-lua5.4}
command -v "$LUA" >/dev/null || { echo "regen: $LUA not found (apt-get install -y lua5.4)" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("$here/testdata")
files=()
for t in "${targets[@]}"; do
  if [ -d "$t" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$t" -name '*.lua' -not -path '*/lib/*' | sort)
  else
    files+=("$t")
  fi
done
for f in "${files[@]}"; do
  dir=$(dirname "$f"); name=$(basename "$f" .lua)
  args=()
  [ -f "$dir/$name.args" ] && read -r -a args < "$dir/$name.args"
  (
    cd "$dir" || exit 1
    env -i PATH="$PATH" HOME=/nonexistent LANG=C LC_ALL=C TZ=UTC \
      LUA_PATH='lib/?.lua;lib/?/init.lua' LUA_CPATH='lib/?.so' \
      timeout 20 "$LUA" "$name.lua" "${args[@]}" < /dev/null > "$name.out" 2> "$name.stderr.tmp"
    code=$?
    if [ $code -ne 0 ] || [ -s "$name.stderr.tmp" ]; then
      { echo "exit $code"; sed 's/^lua5\.4: /lua: /' "$name.stderr.tmp"; } > "$name.err"
    else
      rm -f "$name.err"
    fi
    rm -f "$name.stderr.tmp"
  )
done
echo "regen: ${#files[@]} programs recorded with $($LUA -v 2>&1 | head -1)"
