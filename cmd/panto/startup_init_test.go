package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// initBudget is what one package may allocate in its init. Every panto
// process runs every linked package's init, whatever it was started for,
// so work done there is paid by `panto lua -e ”` and by each `panto grep`
// as much as by the terminal UI. A package over the budget computes its
// tables, regular expressions and schemas on first use instead (a
// sync.Once in a function; a package-level sync.OnceValue is itself made
// by an init). Allocation is the measure because it does not depend
// on the machine's load, and work in init allocates.
const initBudget = 32 << 10

// heavyInit lists the dependencies known to do more than initBudget of
// work in init, with the reason they are still linked. Go runs a linked
// package's init unconditionally, so only not linking them, or linking
// them patched as third_party/ does for chroma, jsonschema and goldmark,
// removes the cost; docs/benchmarks.md ("Start-up") has their share.
// None is left: the last, regexp2's Unicode tables, is patched too.
var heavyInit = map[string]string{}

// smallInit lists packages whose init must stay far below initBudget,
// because a patch in third_party/ moved their work to first use and a
// regression (an upgrade that drops the patch) would otherwise go
// unnoticed: the work they did was cheap in bytes but not in time.
var smallInit = map[string]struct {
	max    int
	reason string
}{
	// Upstream's init loads the local time zone (reading /etc/localtime,
	// about 4 KB in 18 allocations even for UTC); patched, 2 allocations.
	"github.com/BurntSushi/toml/internal": {1 << 10, "third_party/toml: the local zones are made on first use"},
	// x/net/html's entity tables were 126 KB in init; patched, the
	// package's remaining tables take about 5 KB.
	"xnethtml/html": {16 << 10, "third_party/xnethtml: the entity tables are made on first use"},
	// The MCP SDK's schema package reflected over its Schema type, built
	// two maps and compiled a regular expression in init: 81 KB in 296
	// allocations; patched, about 0.5 KB.
	"github.com/google/jsonschema-go/jsonschema": {4 << 10, "third_party/jsonschemago: the field tables are made on first use"},
	// regexp2 (chroma's regular expressions) merged about 330 Unicode
	// category, script and property tables into one map in init: 37 KB,
	// 0.24 M instructions; patched, its remaining tables take about 11 KB.
	"github.com/dlclark/regexp2/v2/syntax": {16 << 10, "third_party/regexp2: the category map is made on first use"},
	// goldmark's HTML renderer built its attribute filters in init:
	// 17.7 KB, about 70 K instructions; patched, under 1 KB.
	"github.com/yuin/goldmark/renderer/html": {4 << 10, "third_party/goldmark: the attribute filters are built on first use"},
	// chroma's token-type maps (300 entries): 11 KB; patched, about 1 KB.
	"github.com/alecthomas/chroma/v2": {4 << 10, "third_party/chroma: the token-type maps are made on first use"},
	// yaml compiled two regular expressions in init: 25.7 KB in 276
	// allocations; patched, about 6 KB in 41.
	"go.yaml.in/yaml/v3": {12 << 10, "third_party/yaml: the regular expressions are compiled on first use"},
	// The MCP SDK built its client and server method tables (closures in
	// two maps) in init: 8 KB in 183 allocations; patched, 1.4 KB in 14.
	"github.com/modelcontextprotocol/go-sdk/mcp": {4 << 10, "third_party/mcpsdk: the method tables are made on first use"},
}

// unlinked lists packages that a patch in third_party/ keeps out of the
// binary although a dependency imported them, for their init alone: an
// upgrade that drops the patch links them again.
var unlinked = map[string]string{
	// The MCP SDK encoded its server's pagination cursors with gob, whose
	// init (type tables for every basic type) was about 0.3 M instructions.
	"encoding/gob": "third_party/mcpsdk: the pagination cursor is JSON",
}

// noInit lists panto's own packages that initialise nothing (most of
// them packages that `panto lua` does not use, and four of the
// engine's): no init function, no package variable the compiler cannot
// lay out (a map literal, a sync.OnceValue, a copy of another package's
// variable, a table built by a closure). Their init, however small,
// faulted in a 64 KB window of text that little else in `panto lua -e ”`
// touched: together about 0.5 MB of its file pages (docs/benchmarks.md,
// "Start-up and memory, sixth pass"). Make such a value in a function,
// on first use (a sync.Once in a package variable is laid out
// statically), or write a table as a composite literal.
var noInit = []string{
	"panto/agent",
	"panto/agent/agentdef",
	"panto/agent/provider/builtin",
	"panto/agent/store",
	"panto/build",
	"panto/compiler/lexer",
	"panto/compiler/parser",
	"panto/devkit/luatest",
	"panto/extension/abi",
	"panto/extension/config",
	"panto/host",
	"panto/internal/crmath",
	"panto/internal/ignore",
	"panto/internal/strftime",
	"panto/permission",
	"panto/tui/app",
	"panto/tui/input",
}

// initRecord is one line of GODEBUG=inittrace=1's report.
type initRecord struct {
	pkg   string
	bytes int
}

// parseInitTrace reads "init PKG @T ms, C ms clock, B bytes, A allocs".
func parseInitTrace(out string) []initRecord {
	var recs []initRecord
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			continue
		}
		recs = append(recs, initRecord{pkg: f[1], bytes: n})
	}
	return recs
}

func TestParseInitTrace(t *testing.T) {
	out := "init internal/bytealg @0.006 ms, 0.001 ms clock, 0 bytes, 0 allocs\n" +
		"init panto/runtime @57 ms, 0.073 ms clock, 7008 bytes, 195 allocs\n" +
		"hello\ninit broken @1 ms, 2 ms clock, x bytes, 0 allocs\n"
	got := parseInitTrace(out)
	if len(got) != 2 || got[0] != (initRecord{"internal/bytealg", 0}) || got[1] != (initRecord{"panto/runtime", 7008}) {
		t.Fatalf("parseInitTrace = %+v", got)
	}
}

// TestStartupInitStaysSmall runs `panto lua -e ”` with the runtime's
// init trace and fails when a package does more than initBudget of work
// at start-up without being a known, listed dependency, and when a listed
// dependency no longer does (the list must not go stale).
func TestStartupInitStaysSmall(t *testing.T) {
	bin := pantobin.Path(t)
	cmd := exec.Command(bin, "lua", "-e", "")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("panto lua -e '': %v\n%s", err, out)
	}
	recs := parseInitTrace(string(out))
	if len(recs) < 50 {
		t.Fatalf("the init trace has %d packages; the format changed?\n%s", len(recs), out)
	}
	heavySeen := map[string]bool{}
	smallSeen := map[string]bool{}
	for _, r := range recs {
		for _, pkg := range noInit {
			if r.pkg == pkg {
				t.Errorf("%s runs an init at start-up (%d bytes); it is listed in noInit: make what it initialises on first use", r.pkg, r.bytes)
			}
		}
		if why, ok := unlinked[r.pkg]; ok {
			t.Errorf("%s runs its init at start-up but should not be linked (%s)", r.pkg, why)
		}
		if small, ok := smallInit[r.pkg]; ok {
			smallSeen[r.pkg] = true
			if r.bytes > small.max {
				t.Errorf("%s allocates %d bytes in init, over its %d-byte limit (%s)", r.pkg, r.bytes, small.max, small.reason)
			}
		}
		if r.bytes <= initBudget {
			continue
		}
		if _, ok := heavyInit[r.pkg]; ok {
			heavySeen[r.pkg] = true
			continue
		}
		t.Errorf("%s allocates %d bytes in init, over the %d-byte budget that every panto process pays: compute it on first use (sync.Once in a function)",
			r.pkg, r.bytes, initBudget)
	}
	for pkg := range smallInit {
		if !smallSeen[pkg] {
			t.Errorf("%s is listed in smallInit but is not in the init trace: remove it from the list", pkg)
		}
	}
	for pkg := range heavyInit {
		if !heavySeen[pkg] {
			t.Errorf("%s is listed in heavyInit but no longer allocates over the budget at start-up: remove it from the list", pkg)
		}
	}
}
