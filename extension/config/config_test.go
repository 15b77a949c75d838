package config

import (
	"strconv"
	"strings"
	"testing"

	"panto/diag"
)

func TestParse(t *testing.T) {
	f, warns, err := Parse("c.toml", []byte(`
[extensions]
allow = ["a*"]
deny = ["b", "[bad"]

[providers.p]
protocol = "demo"
models = { fast = "p-fast-1" }
typo = 1

[providers.q]
label = "no protocol"

[models]
default = "noprovider"
`))
	if err != nil {
		t.Fatal(err)
	}
	if f.Providers["p"].Models["fast"] != "p-fast-1" || f.Extensions.Allow[0] != "a*" {
		t.Errorf("parsed %+v", f)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	want := []string{
		`c.toml:9: warning: unknown key "providers.p.typo"`,
		`c.toml: warning: models.default "noprovider" is not a "provider:alias" reference`,
		`c.toml: warning: extensions: bad name pattern "[bad"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	if _, _, err := Parse("c.toml", []byte("[extensions\nallow = 1")); err == nil || !strings.HasPrefix(err.Error(), "c.toml:1:12: expected") {
		t.Errorf("syntax error: %v", err)
	}
	if _, _, err := Parse("c.toml", []byte("[extensions]\nallow = 1")); err == nil || !strings.Contains(err.Error(), "c.toml") {
		t.Errorf("type error: %v", err)
	}
	// A value of the wrong type is placed at the value, on the first
	// line as on any other.
	for _, tt := range []struct {
		src       string
		line, col int
	}{
		{"extensions = 3\n", 1, 14},
		{"\nextensions = 3\n", 2, 14},
	} {
		_, _, err := Parse("c.toml", []byte(tt.src))
		d, ok := err.(*diag.Diagnostic)
		if !ok || d.Line != tt.line || d.Column != tt.col {
			t.Errorf("%q: error %#v, want c.toml:%d:%d", tt.src, err, tt.line, tt.col)
		}
	}
	// A syntax error is a diagnostic with the reader's line, and the
	// column of the byte where it stopped when that byte is on the line;
	// a newline the reader stopped at is placed at the end of its own
	// line, though the reader has already counted the next.
	for _, tt := range []struct {
		src       string
		line, col int
	}{
		{"a = \n", 1, 5},
		{"[extensions\nallow = 1", 1, 12},
		{"x = 1\n[p\n", 2, 3},
		{"x = \"abc\n", 1, 9},
	} {
		t.Run(tt.src, func(t *testing.T) {
			_, _, err := Parse("c.toml", []byte(tt.src))
			d, ok := err.(*diag.Diagnostic)
			if !ok || d.File != "c.toml" || d.Line != tt.line || d.Column != tt.col {
				t.Errorf("%q: error %#v, want c.toml:%d:%d", tt.src, err, tt.line, tt.col)
			}
		})
	}
}

func TestMergeAndAllowed(t *testing.T) {
	low := &File{Extensions: Extensions{Deny: []string{"x"}}, Providers: map[string]Provider{"p": {Protocol: "a", Models: map[string]string{"m": "1"}}}, Models: Models{Default: "p:m", Reasoning: "low"}}
	high := &File{Extensions: Extensions{Allow: []string{"t*"}}, Providers: map[string]Provider{"p": {Protocol: "b"}}, Models: Models{Reasoning: "high"}}
	m := Merge(low, nil, high)
	if m.Providers["p"].Protocol != "b" || len(m.Providers["p"].Models) != 0 {
		t.Errorf("a higher provider table must replace the lower one: %+v", m.Providers["p"])
	}
	if m.Models.Default != "p:m" || m.Models.Reasoning != "high" {
		t.Errorf("models %+v", m.Models)
	}
	for i, c := range []struct {
		names []string
		ok    bool
	}{
		{[]string{"tool"}, true},
		{[]string{"other"}, false},
		{[]string{"file", "tname"}, true},
		{[]string{"x", "tname"}, false},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if m.Allowed(c.names...) != c.ok {
				t.Errorf("Allowed(%v) = %v", c.names, !c.ok)
			}
		})
	}
	var none *Merged
	if !none.Allowed("anything") || none.Denied("x") {
		t.Error("a nil config allows everything")
	}
}

// TestMergeDefaultModel: [models] default wins; without it, the only
// configured model is the default, and with several there is none.
func TestMergeDefaultModel(t *testing.T) {
	parse := func(src string) *File {
		t.Helper()
		f, warns, err := ParseLayer("config.toml", []byte(src))
		if err != nil || len(warns) > 0 {
			t.Fatalf("parse %q: %v %v", src, err, warns)
		}
		return f
	}
	one := parse("[providers.local]\nprotocol = \"openai\"\nmodels = { q = \"qwen\" }\n")
	two := parse("[providers.cloud]\nprotocol = \"anthropic\"\nmodels = { s = \"sonnet\", h = \"haiku\" }\n")
	named := parse("[models]\ndefault = \"cloud:h\"\n")
	cases := []struct {
		name  string
		files []*File
		want  string
	}{
		{"one model", []*File{one}, "local:q"},
		{"several models", []*File{one, two}, ""},
		{"several, one named", []*File{one, two, named}, "cloud:h"},
		{"none", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Merge(c.files...).Models.Default; got != c.want {
				t.Errorf("default %q, want %q", got, c.want)
			}
		})
	}
	if got := Merge(one, two).ModelRefs(); strings.Join(got, " ") != "cloud:h cloud:s local:q" {
		t.Errorf("ModelRefs %q", got)
	}
}

// A value of the wrong type is an error that names the file, the line
// and the key, in the form every other message has.
func TestParseWrongTypeNamesLine(t *testing.T) {
	cases := []struct{ src, want string }{
		// The column is where the value starts: "allow = " is 8 bytes.
		{"[extensions]\n\nallow = \"x\"\n", "c.toml:3:9: extensions.allow: incompatible types"},
		{"[providers.p]\nprotocol = \"openai\"\nmax_requests = \"many\"\n", "c.toml:3:16: providers.p.max_requests: incompatible types"},
		{"[providers.p]\n  max_tokens   =   \"x\"\n", "c.toml:2:20: providers.p.max_tokens: incompatible types"},
		{"providers.p.max_tokens = \"x\"\n", "c.toml:1:26: providers.p.max_tokens: incompatible types"},
	}
	for _, c := range cases {
		_, _, err := Parse("c.toml", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q...", c.src, err, c.want)
		}
	}
}
