package agentdef

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestParseClaudeCodeDefinition(t *testing.T) {
	data, err := os.ReadFile("testdata/code-reviewer.md")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse("testdata/code-reviewer.md", data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "code-reviewer" || d.Model != "inherit" || !strings.HasPrefix(d.Description, "Expert code review") {
		t.Errorf("got %+v", d)
	}
	if want := []string{"Read", "Grep", "Glob", "Bash"}; !reflect.DeepEqual(d.Tools, want) {
		t.Errorf("tools %q, want %q", d.Tools, want)
	}
	if !strings.HasPrefix(d.Prompt, "You are a senior code reviewer") || !strings.HasSuffix(d.Prompt, "Begin review immediately") {
		t.Errorf("prompt %q", d.Prompt)
	}
	var mapped []string
	for _, n := range d.Tools {
		mapped = append(mapped, ToolName(n))
	}
	if want := []string{"read", "grep", "find", "shell"}; !reflect.DeepEqual(mapped, want) {
		t.Errorf("mapped %q, want %q", mapped, want)
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            Definition
	}{
		{"list of tools and reasoning", "a/x.md", "---\nname: x\ndescription: \"quoted: yes\"\ntools: [read, ls]\nreasoning: high\n---\nbody\n",
			Definition{Name: "x", Description: "quoted: yes", Tools: []string{"read", "ls"}, Reasoning: "high", Prompt: "body", File: "a/x.md"}},
		{"block list and folded description", "y.md", "---\ndescription: >\n  one\n  two\ntools:\n  - grep\n  - find\n---\n\nprompt\n",
			Definition{Name: "y", Description: "one two", Tools: []string{"grep", "find"}, Prompt: "prompt", File: "y.md"}},
		{"CRLF and BOM, name from the file", "dir/helper.md", "\xef\xbb\xbf---\r\ndescription: d\r\n---\r\nhi\r\n",
			Definition{Name: "helper", Description: "d", Prompt: "hi", File: "dir/helper.md"}},
		{"empty tools means none listed", "z.md", "---\nname: z\ndescription: d\ntools:\n---\np",
			Definition{Name: "z", Description: "d", Prompt: "p", File: "z.md"}},
		{"front matter only", "w.md", "---\nname: w\ndescription: d\n---",
			Definition{Name: "w", Description: "d", File: "w.md"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Parse(c.file, []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*d, c.want) {
				t.Errorf("got  %+v\nwant %+v", *d, c.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"no front matter", "just text", "f.md:1:1: a definition starts with a front matter"},
		{"unclosed front matter", "---\nname: x\n", "f.md:1:1: a definition starts with a front matter"},
		// The YAML's line 2 is the file's line 3.
		{"bad yaml", "---\nname: x\ndescription: a: b\n---\n", "f.md:3:1: front matter: mapping values are not allowed"},
		{"name not a string", "---\nname: [a]\n---\n", "f.md:2:7: name must be a string"},
		{"tools a map", "---\ntools: {a: b}\n---\n", "f.md:2:8: tools must be a comma-separated string or a list"},
		{"bad name", "---\nname: has space\n---\n", "f.md:2:1: name \"has space\" must be"},
		{"not a mapping", "---\n- a\n---\n", "f.md:2:1: the front matter must be key: value lines"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("f.md", []byte(c.src))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got %q, want prefix %q", err, c.want)
			}
		})
	}
}

func TestToolName(t *testing.T) {
	for in, want := range map[string]string{"Bash": "shell", "Glob": "find", "Bash(git:*)": "shell", "read": "read", "mcp__x__y": "mcp__x__y"} {
		if got := ToolName(in); got != want {
			t.Errorf("ToolName(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	data, _ := os.ReadFile("testdata/code-reviewer.md")
	f.Add(data)
	f.Add([]byte("---\ntools: [a, b]\n---\n"))
	f.Add([]byte("---\n: : :\n---\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Parse("f.md", b)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("error %v is not a positioned *Error", err)
			}
			return
		}
		if !validName().MatchString(d.Name) {
			t.Fatalf("accepted invalid name %q", d.Name)
		}
	})
}
