package permission

import (
	"context"
	"strings"
	"testing"
)

// TestSandboxVoter: auto-allow turns the default mode's question about a
// confined shell command into an allow, and leaves alone what a rule or
// plan mode decided and what the sandbox does not confine.
func TestSandboxVoter(t *testing.T) {
	confined := func(_ context.Context, c Call) bool { return c.Tool == "shell" }
	shell := Call{Tool: "shell", Effects: []Effect{Execute}, Command: "rm -rf build", HasCommand: true}
	other := Call{Tool: "run_python", Effects: []Effect{Execute}}
	for _, c := range []struct {
		name  string
		mode  Mode
		rules []string // "deny:shell(rm*)"
		call  Call
		want  Decision
	}{
		{"asks without a rule: allowed", Default, nil, shell, Allow},
		{"not confined: still asks", Default, nil, other, Ask},
		{"deny rule holds", Default, []string{"deny:shell(rm *)"}, shell, Deny},
		{"ask rule holds", Default, []string{"ask:shell"}, shell, Ask},
		{"plan mode holds", Plan, nil, shell, Deny},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rules []Rule
			for _, r := range c.rules {
				kind, text, _ := strings.Cut(r, ":")
				d, err := ParseDecision(kind)
				if err != nil {
					t.Fatal(err)
				}
				parsed, err := ParseRules(d, "test", []string{text})
				if err != nil {
					t.Fatal(err)
				}
				rules = append(rules, parsed...)
			}
			p, err := New(Options{Root: t.TempDir(), Mode: c.mode, Rules: rules, Voters: []Voter{SandboxVoter(confined)}})
			if err != nil {
				t.Fatal(err)
			}
			v := p.Decide(context.Background(), c.call)
			if v.Decision != c.want {
				t.Fatalf("got %v (%s by %s), want %v", v.Decision, v.Reason, v.By, c.want)
			}
			if c.want == Allow && v.By != "sandbox" {
				t.Errorf("decided by %q", v.By)
			}
		})
	}
}
