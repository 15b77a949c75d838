package config

import (
	"strings"
	"testing"
)

func TestSandboxParse(t *testing.T) {
	f, warns, err := Parse("c.toml", []byte("[sandbox]\nmode = \"read-only\"\nwritable = [\"~/.cache\", \"out\"]\nnetwork = false\nauto_allow = true\n"))
	if err != nil || len(warns) != 0 {
		t.Fatalf("%v %v", err, warns)
	}
	s := f.Sandbox
	if s.Mode != "read-only" || len(s.Writable) != 2 || s.Network == nil || *s.Network || s.AutoAllow == nil || !*s.AutoAllow {
		t.Fatalf("%+v", s)
	}
	_, warns, _ = Parse("c.toml", []byte("[sandbox]\nmode = \"strict\"\n"))
	if len(warns) != 1 || !strings.Contains(warns[0].Message, `sandbox.mode "strict"`) {
		t.Fatalf("warnings: %v", warns)
	}
	_, warns, _ = Parse("c.toml", []byte("[sandbox]\nwriteable = []\n"))
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "sandbox.writeable") {
		t.Fatalf("a misspelt key is not reported: %v", warns)
	}
	_, warns, _ = Parse("c.toml", []byte("[sandbox]\nwritable = [\"out\", \"  \"]\n"))
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "sandbox.writable: an empty path") {
		t.Fatalf("an empty writable path is not reported: %v", warns)
	}
}

// TestSandboxMerge: the user's layers set the sandbox; a project's file
// can only tighten it.
func TestSandboxMerge(t *testing.T) {
	yes, no := true, false
	user := func(s Sandbox) *File { return &File{Sandbox: s} }
	project := func(s Sandbox) *File { return &File{Sandbox: s, Project: true, Root: "/p"} }
	for _, c := range []struct {
		name  string
		files []*File
		mode  string
		write []string
		net   *bool
		auto  *bool
	}{
		{"default", nil, "workspace-write", nil, nil, nil},
		{"user turns it off", []*File{user(Sandbox{Mode: "off"})}, "off", nil, nil, nil},
		{"user adds paths", []*File{user(Sandbox{Writable: []string{"/data", "~/.cache", "rel"}})}, "workspace-write", []string{"/data", "~/.cache", "rel"}, nil, nil},
		{"project cannot turn it off", []*File{project(Sandbox{Mode: "off"})}, "workspace-write", nil, nil, nil},
		{"project tightens", []*File{project(Sandbox{Mode: "read-only"})}, "read-only", nil, nil, nil},
		{"project cannot loosen read-only", []*File{user(Sandbox{Mode: "read-only"}), project(Sandbox{Mode: "workspace-write"})}, "read-only", nil, nil, nil},
		{"project paths inside only", []*File{project(Sandbox{Writable: []string{"build", "/p/out", "/etc", "../x", "~/.ssh"}})}, "workspace-write", []string{"/p/build", "/p/out"}, nil, nil},
		{"project turns network off", []*File{project(Sandbox{Network: &no})}, "workspace-write", nil, &no, nil},
		{"project cannot turn network on", []*File{user(Sandbox{Network: &no}), project(Sandbox{Network: &yes})}, "workspace-write", nil, &no, nil},
		{"project cannot auto-allow", []*File{project(Sandbox{AutoAllow: &yes})}, "workspace-write", nil, nil, nil},
		{"user auto-allows", []*File{user(Sandbox{AutoAllow: &yes})}, "workspace-write", nil, nil, &yes},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := Merge(c.files...).Sandbox
			if s.EffectiveMode() != c.mode || strings.Join(s.Writable, ",") != strings.Join(c.write, ",") ||
				!sameBool(s.Network, c.net) || !sameBool(s.AutoAllow, c.auto) {
				t.Fatalf("got %+v", s)
			}
		})
	}
}

func sameBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
