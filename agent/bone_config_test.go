package agent

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestBoneYAMLToJSON(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"map", "model: gpt-4o\nmax_tokens: 4096\n", `{"max_tokens":4096,"model":"gpt-4o"}`},
		{"nested", "ui:\n  theme: dark\n  panes: [a, b]\n", `{"ui":{"panes":["a","b"],"theme":"dark"}}`},
		{"non-string keys", "1: one\ntrue: yes\n", `{"1":"one","true":"yes"}`},
		{"empty", "", `null`},
		{"infinity", "x: .inf\n", `{"x":null}`},
		{"not numbers", "x: .nan\ny: -.inf\nz: 1.5\nw: -2\n", `{"w":-2,"x":null,"y":null,"z":1.5}`},
		{"in a list", "- .inf\n- [1, .nan]\n- {k: 3}\n", `[null,[1,null],{"k":3}]`},
		// Nesting is cut at 64 levels below the top: the 65th is null.
		{"deep", strings.Repeat("[", 70) + strings.Repeat("]", 70), strings.Repeat("[", 65) + "null" + strings.Repeat("]", 65)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := yamlToJSON([]byte(c.in))
			if err != nil || got != c.want {
				t.Fatalf("got %s, %v; want %s", got, err, c.want)
			}
		})
	}
	if _, err := yamlToJSON([]byte("a: [1, 2\n")); err == nil {
		t.Error("broken YAML was accepted")
	}
}

// FuzzBoneYAMLToJSON: whatever bone's YAML file holds, the conversion
// returns valid JSON or an error, never a panic.
func FuzzBoneYAMLToJSON(f *testing.F) {
	for _, s := range []string{"a: 1\n", "- x\n- {y: [1, 2]}\n", "&a [*a]\n", "? [1]\n: 2\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := yamlToJSON([]byte(s))
		if err == nil && !json.Valid([]byte(out)) {
			t.Fatalf("invalid JSON %q from %q", out, s)
		}
	})
}

// TestBoneConfigErrors: ctx.config's calls on bad sections, broken YAML
// files and bad keys raise errors that name the file or the key, and
// set_value keeps what a file holds while it sets a nested key.
func TestBoneConfigErrors(t *testing.T) {
	checks := []struct{ code, want string }{
		{`return select(2, pcall(ctx.config.get_table, "../etc"))`, "section \"../etc\" must be a name of letters"},
		{`return select(2, pcall(ctx.config.get_table, "bad"))`, "bad.yaml"},
		{`return select(2, pcall(ctx.config.set_value, "bad", "k", 1))`, "bad.yaml"},
		{`return select(2, pcall(ctx.config.set_value, "ui", "k", function() end))`, "the value must be JSON data"},
		{`return select(2, pcall(ctx.config.set_value, "ui", "a..b", 1))`, "a..b: empty key part"},
		{`return select(2, pcall(ctx.config.set_value, "ui", "theme.x", 1))`, "'theme' is not a table"},
		{`ctx.config.set_value("empty", "k", 1) return ctx.config.get("empty", "k")`, "1"},
		{`ctx.config.set_value("ui", "panes.right", "code") local t = ctx.config.get_table("ui") return t.panes.left .. " " .. t.panes.right .. " " .. t.theme`, "files code dark"},
		{`ctx.config.set_value("fresh", "a.b.c", true) return tostring(ctx.config.get_table("fresh").a.b.c)`, "true"},
	}
	var codes []string
	for _, c := range checks {
		codes = append(codes, c.code)
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns(codes)}, map[string]string{
		".bone-rust/init.lua":          probeTool,
		".bone-rust/config/bad.yaml":   "a: [1, 2\n",
		".bone-rust/config/empty.yaml": "",
		".bone-rust/config/ui.yaml":    "theme: dark\npanes:\n  left: files\n",
	})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	for i, c := range checks {
		if got, _ := resultOf(t, ts, "p"+strconv.Itoa(i)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.code, got, c.want)
		}
	}
}
