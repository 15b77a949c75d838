package host

import (
	"strings"
	"testing"

	"panto/runtime"
)

// TestRunTimePositions: a problem found after a source ran (what it
// returned is no entry, a field is unknown, register_tool refuses the
// declaration it returned) is placed on the line that wrote it, as the
// build places it, from source and from a binary chunk (a bundle's). The
// line expected is the one marked "-- here" in the source.
func TestRunTimePositions(t *testing.T) {
	for _, c := range []struct {
		name, file, src, want string
	}{
		{"unknown field", "tools/t.lua", "return {\n  name = \"t\",\n  description = \"d\",\n  schema = { type = \"object\" },\n  handeler = function() end, -- here\n}\n",
			"unknown field 'handeler'; did you mean 'handler'?"},
		{"unknown constant field", "tools/t.lua", "return {\n  name = \"t\",\n  description = \"d\",\n  schema = { type = \"object\" },\n  safety = \"read_only\", -- here\n}\n",
			"unknown field 'safety' (bone's 'safety' is panto's 'effects'"},
		{"foreign fields", "tools/wc.lua", "return {\n  name = \"wc\",\n  description = \"d\",\n  parameters = { type = \"object\" }, -- here\n  safety = \"read_only\",\n  execute = function() return \"\" end,\n}\n",
			"unknown field 'parameters' (bone and pi call the input's JSON schema 'parameters'; panto calls it 'schema'); line 5: unknown field 'safety'"},
		{"entry typo", "extensions/e.lua", "local M = {}\n\nreturn {\n  name = \"e\",\n  activte = function() end, -- here\n}\n",
			"unknown field 'activte'; did you mean 'activate'?"},
		{"wrong type", "tools/n.lua", "local x = 1\n\nreturn x + 41 -- here\n", "returned a number"},
		{"nothing returned", "extensions/n.lua", "local x = 1\nx = x + 1 -- here\n", "returned nothing"},
		{"missing field", "tools/m.lua", "local schema = { type = \"object\" }\n\nreturn { -- here\n  name = \"m\",\n  schema = schema,\n  handler = function() return \"\" end,\n}\n",
			"register_tool: 'description' is required"},
		{"list item", "tools/l.lua", "return {\n  { name = \"a\", description = \"d\", schema = {}, handler = print },\n  { name = \"b\", description = \"d\", schema = {}, handeler = print }, -- here\n}\n",
			"item 2 of the returned list is neither an entry { name, activate } nor a tool declaration: unknown field 'handeler'"},
	} {
		want := 0
		for i, l := range strings.Split(c.src, "\n") {
			if strings.Contains(l, "-- here") {
				want = i + 1
			}
		}
		check := func(t *testing.T, content string) {
			th := hostWith(t, map[string]string{c.file: content})
			ps := th.Problems()
			if len(ps) != 1 {
				t.Fatalf("%d problems, want 1:\n%s", len(ps), th.problems())
			}
			p := ps[0]
			if p.File != c.file || p.Line != want || !strings.Contains(p.Message, c.want) {
				t.Errorf("got %s:%d: %s\nwant %s:%d: ...%s...", p.File, p.Line, p.Message, c.file, want, c.want)
			}
		}
		t.Run(c.name, func(t *testing.T) { check(t, c.src) })
		t.Run(c.name+"/binary", func(t *testing.T) {
			L := runtime.NewState()
			defer L.Close()
			fn, err := L.Load(c.src, "@"+c.file, "t")
			if err != nil {
				t.Fatal(err)
			}
			data, err := L.Dump(fn, false)
			if err != nil {
				t.Fatal(err)
			}
			check(t, string(data))
		})
	}
}

// TestRunTimePositionsStripped: a stripped chunk has no lines, and the
// problem is reported without one rather than on a wrong one.
func TestRunTimePositionsStripped(t *testing.T) {
	L := runtime.NewState()
	defer L.Close()
	fn, err := L.Load("return {\n  name = \"t\",\n  handeler = print,\n}\n", "@tools/t.lua", "t")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := L.Dump(fn, true)
	th := hostWith(t, map[string]string{"tools/t.lua": string(data)})
	ps := th.Problems()
	if len(ps) != 1 || ps[0].Line != 0 || !strings.Contains(ps[0].Message, "unknown field 'handeler'") {
		t.Errorf("%+v", ps)
	}
}

// TestLoadBudgetEndsWithTheLoad: the load's budget bounds evaluation and
// activation only; a handler that runs longer than it, in a host with no
// Budget, runs to its end.
func TestLoadBudgetEndsWithTheLoad(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/long.lua": `return { name = "long", description = "d", schema = { type = "object" },
  handler = function() local n = 0 for i = 1, 3000000 do n = n + 1 end return tostring(n) end }`},
		func(o *Options) { o.LoadBudget = 1_000_000 })
	th.expectNoProblems(t)
	for range 2 {
		if tc := th.callTool(t, "long", "{}"); !tc.OK || tc.Output != "3000000" {
			t.Fatalf("%v %q", tc.OK, tc.Output)
		}
	}
}
