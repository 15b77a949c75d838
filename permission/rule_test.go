package permission

import (
	"strings"
	"testing"

	"panto/extension/abi"
)

func TestParseRule(t *testing.T) {
	cases := []struct {
		in, tool, pat string
		hasPat        bool
		err           string
	}{
		{in: "shell", tool: "shell"},
		{in: " shell(git status*) ", tool: "shell", pat: "git status*", hasPat: true},
		{in: "shell(go test ./...)", tool: "shell", pat: "go test ./...", hasPat: true},
		{in: "write(src/**)", tool: "write", pat: "src/**", hasPat: true},
		{in: "read(~/.ssh/**)", tool: "read", pat: "~/.ssh/**", hasPat: true},
		{in: "shell(echo (a))", tool: "shell", pat: "echo (a)", hasPat: true},
		{in: "shell()", tool: "shell", hasPat: true},
		{in: "", err: "no tool name"},
		{in: "(x)", err: "no tool name"},
		{in: "shell(git", err: "ends with ')'"},
		{in: "she ll", err: "not a tool name"},
		{in: "Bash(ls:*)", tool: "Bash", pat: "ls:*", hasPat: true},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			r, err := ParseRule(c.in)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Tool != c.tool || r.Pattern != c.pat || r.HasPattern != c.hasPat {
				t.Fatalf("got %+v", r)
			}
			if back, err := ParseRule(r.String()); err != nil || back != r {
				t.Fatalf("String %q does not read back: %+v %v", r.String(), back, err)
			}
		})
	}
}

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in    string
		parts []string
		subst bool
	}{
		{"ls -la", []string{"ls -la"}, false},
		{"a && b || c; d | e & f", []string{"a", "b", "c", "d", "e", "f"}, false},
		{"a\nb", []string{"a", "b"}, false},
		{"echo 'a && b' \"c; d\"", []string{"echo 'a && b' \"c; d\""}, false},
		{`echo a\;b`, []string{`echo a\;b`}, false},
		{"make 2>&1 | tee log", []string{"make 2>&1", "tee log"}, false},
		{"echo $(id)", []string{"echo $(id)"}, true},
		{"echo \"$(id)\"", []string{"echo \"$(id)\""}, true},
		{"echo '$(id)'", []string{"echo '$(id)'"}, false},
		{"echo `id`", []string{"echo `id`"}, true},
		{"diff <(ls a) <(ls b)", []string{"diff <(ls a) <(ls b)"}, true},
		{"echo $HOME", []string{"echo $HOME"}, false},
		{";;", nil, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			parts, subst := splitCommand(c.in)
			if strings.Join(parts, "\x00") != strings.Join(c.parts, "\x00") || subst != c.subst {
				t.Fatalf("got %q %v, want %q %v", parts, subst, c.parts, c.subst)
			}
		})
	}
}

func TestMatchCommand(t *testing.T) {
	cases := []struct {
		pat, s string
		want   bool
	}{
		{"git status*", "git status", true},
		{"git status*", "git status -s", true},
		{"git status*", "git statusx", true},
		{"git status *", "git status", false},
		{"git status", "git status -s", false},
		{"*", "", true},
		{"go test ./...", "go test ./...", true},
		{"go test ./...", "go test ./x", false},
		{"npm run *:*", "npm run test:unit", true},
		{"a*b*c", "aXbYc", true},
		{"a*b*c", "aXbY", false},
	}
	for _, c := range cases {
		if got := matchCommand(c.pat, c.s); got != c.want {
			t.Errorf("matchCommand(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}

func TestMatchSegments(t *testing.T) {
	cases := []struct {
		pat, path string
		want      bool
	}{
		{"/p/src/**", "/p/src", true},
		{"/p/src/**", "/p/src/a/b/c.go", true},
		{"/p/src/**", "/p/srcx/a", false},
		{"/p/**/*.go", "/p/a.go", true},
		{"/p/**/*.go", "/p/a/b/c.go", true},
		{"/p/**/*.go", "/p/a/b/c.lua", false},
		{"/p/*.go", "/p/a/b.go", false},
		{"/p/[ab].go", "/p/b.go", true},
		{"/p/**/**/x", "/p/x", true},
	}
	for _, c := range cases {
		if got := matchSegments(splitSlash(c.pat), splitSlash(c.path)); got != c.want {
			t.Errorf("match(%q, %q) = %v, want %v", c.pat, c.path, got, c.want)
		}
	}
}

func TestParseModeAndDecision(t *testing.T) {
	for _, m := range Modes {
		if got, err := ParseMode(string(m)); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMode("acceptEdits"); err == nil || !strings.Contains(err.Error(), "accept-edits") {
		t.Errorf("ParseMode(acceptEdits): %v", err)
	}
	for _, d := range []Decision{Allow, Ask, Deny} {
		if got, err := ParseDecision(d.String()); err != nil || got != d {
			t.Errorf("ParseDecision(%q) = %v, %v", d, got, err)
		}
	}
}

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"shell", "shell(git status*)", "write(src/**)", "read(~/.ssh/**)", "(", "a()", "x(y(z))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		if err != nil {
			return
		}
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Fatalf("%q: String %q reads back as %+v, %v", s, r.String(), back, err)
		}
	})
}

func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"ls", "a && b", "echo '$(x)'", "a\\", "`", "'unclosed", "\"$("} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parts, _ := splitCommand(s)
		for _, p := range parts {
			if p == "" || strings.TrimSpace(p) != p {
				t.Fatalf("%q: part %q is empty or untrimmed", s, p)
			}
			if !strings.Contains(s, p) {
				t.Fatalf("%q: part %q is not from the line", s, p)
			}
		}
	})
}

// The effects a tool may declare are the ABI's (abi.json's tool
// contract), which the host checks registrations against.
func TestEffectsMatchABI(t *testing.T) {
	var ours []string
	for _, e := range Effects {
		ours = append(ours, string(e))
	}
	if got, want := strings.Join(ours, ","), strings.Join(abi.Get().ToolEffects(), ","); got != want {
		t.Fatalf("permission.Effects %s, the ABI's %s", got, want)
	}
}

func TestMatchesTool(t *testing.T) {
	for _, c := range []struct {
		rule, tool string
		want       bool
	}{
		{"shell", "shell", true},
		{"shell", "shells", false},
		{"mcp__gh__create_issue", "mcp__gh__create_issue", true},
		{"mcp__gh__*", "mcp__gh__create_issue", true},
		{"mcp__gh__*", "mcp__ghe__create_issue", false},
		{"mcp__gh", "mcp__gh__create_issue", true}, // Claude Code's server rule
		{"mcp__gh", "mcp__ghe__x", false},
		{"mcp__gh__list", "mcp__gh__list_all", false},
		{"mcp__*", "mcp__a__b", true},
		{"mcp__*", "read", false},
		{"*", "anything", true},
		{"mcp__", "mcp__x", false},
	} {
		r, err := ParseRule(c.rule)
		if err != nil {
			t.Fatalf("%s: %v", c.rule, err)
		}
		if got := r.MatchesTool(c.tool); got != c.want {
			t.Errorf("%s matches %s = %v, want %v", c.rule, c.tool, got, c.want)
		}
	}
}
