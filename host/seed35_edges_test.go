package host

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"panto/internal/childproc"
)

// TestOnFinishedWaitsForTheHandler: f given to OnFinished while the
// handler still runs (it awaits the loop) runs when the handler returns,
// not at once.
func TestOnFinishedWaitsForTheHandler(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/t.lua": waitingTool})
	th.expectNoProblems(t)
	ctx := context.Background()
	tc := quietCall(t, th, "t", `{}`)
	tc.Dispatch(ctx, nil)
	ran := false
	tc.OnFinished(func() { ran = true })
	if ran || tc.Finished() {
		t.Fatal("OnFinished ran before the handler returned")
	}
	tc.Await(ctx)
	if !ran || !tc.OK || tc.Output != "done" {
		t.Errorf("after the handler: onFinished=%v ok=%v %q", ran, tc.OK, tc.Output)
	}
}

// TestListWithAHole: a returned table whose keys are not exactly 1..n
// (a hole in the array part, a key 0 beside it) is no list, even when
// it has as many keys as its length.
func TestListWithAHole(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/t.lua": `local function tool(name)
  return { name = name, description = "d", schema = {}, handler = function() return name end }
end
return { tool("a"), nil, tool("c"), [0] = tool("z") }
`})
	got := th.problems()
	if !strings.Contains(got, "returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them") || strings.Contains(got, "item 2") {
		t.Errorf("problems:\n%s", got)
	}
	if len(th.Tools()) != 0 {
		t.Errorf("%d tools registered from a table that is no list", len(th.Tools()))
	}
}

// TestSandboxWritableFromConfig: each [sandbox] writable entry is
// writable for shell commands, anchored at the project root.
func TestSandboxWritableFromConfig(t *testing.T) {
	childproc.UseHelper("/proc/self/exe")
	defer childproc.UseHelper("")
	if ok, why := childproc.Available(); !ok {
		t.Skip("the system cannot confine commands:", why)
	}
	th := hostWith(t, map[string]string{"config.toml": "[sandbox]\nwritable = [\"build/out\"]\n"})
	root := th.setup.ProjectRoot
	sb := th.processSandbox()
	if root == "" || sb == nil || !slices.Contains(sb.Writable, filepath.Join(root, "build", "out")) {
		t.Errorf("root %q, sandbox %+v: want %s writable", root, sb, filepath.Join(root, "build", "out"))
	}
}

// TestBraceSearchEdges: a line comment that only looks like a long one
// (--x[[, -- [[) ends at its line; an upper-case exponent keeps its sign
// in the numeral; a source that ends in "--" ends the tokens; and a
// '}' with no '{' open (a file changed on disk since it was loaded) is
// passed over; a point at the very end is a point.
func TestBraceSearchEdges(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"--x[[ {\ny ]]", `y/2 ]/2 ]/2`},
		{"-- [[ {\ny ]]", `y/2 ]/2 ]/2`},
		{"1E+5 0x1P-4 2e-1", `1E+5/1 0x1P-4/1 2e-1/1`},
		{"x --", `x/1`},
		{"x -", `x/1 -/1`},
		{"t.", `t/1 ./1`},
	} {
		var got []string
		for _, tok := range luaTokens(c.src) {
			got = append(got, tok.text+"/"+string(rune('0'+tok.line)))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("luaTokens(%q) = %s, want %s", c.src, strings.Join(got, " "), c.want)
		}
	}
	if got := declarationBrace(luaTokens("}\n{ name = \"b\" }"), "b", 2); got != 2 {
		t.Errorf("after a stray '}': line %d, want 2", got)
	}
}
