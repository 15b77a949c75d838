package agent

import (
	"encoding/json"
	"testing"
)

func TestYAMLToJSON(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"map", "model: gpt-4o\nmax_tokens: 4096\n", `{"max_tokens":4096,"model":"gpt-4o"}`},
		{"nested", "ui:\n  theme: dark\n  panes: [a, b]\n", `{"ui":{"panes":["a","b"],"theme":"dark"}}`},
		{"non-string keys", "1: one\ntrue: yes\n", `{"1":"one","true":"yes"}`},
		{"empty", "", `null`},
		{"infinity", "x: .inf\n", `{"x":null}`},
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

// FuzzYAMLToJSON: whatever bone's YAML file holds, the conversion
// returns valid JSON or an error, never a panic.
func FuzzYAMLToJSON(f *testing.F) {
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
