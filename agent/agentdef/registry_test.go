package agentdef

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

func writeLayer(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadLayers(t *testing.T) {
	user := writeLayer(t, map[string]string{
		"agents/reviewer.md": "---\nname: reviewer\ndescription: user's\n---\nuser prompt",
		"agents/broken.md":   "no front matter",
		"agents/sub/deep.md": "---\nname: deep\ndescription: not read\n---\nx",
	})
	project := writeLayer(t, map[string]string{
		"agents/reviewer.md": "---\nname: reviewer\ndescription: project's\n---\nproject prompt",
		"agents/explore.md":  "---\nname: explore\ndescription: mine\ntools: read\n---\nexplore prompt",
	})
	scan := func(name, dir string) *discover.Layer {
		s, err := discover.Folder(dir, discover.Options{Cwd: dir})
		if err != nil {
			t.Fatal(err)
		}
		l := s.Layers[0]
		l.Name = name
		return l
	}
	setup := &discover.Setup{Layers: []*discover.Layer{scan("user", user), scan("project", project)}}
	r := Load(setup)
	if got := strings.Join(r.Names(), ","); got != "explore,general-purpose,reviewer" {
		t.Errorf("names %s", got)
	}
	if d := r.Get("reviewer"); d.Source != "project" || d.Prompt != "project prompt" {
		t.Errorf("reviewer %+v: the project's must win", d)
	}
	if d := r.Get("explore"); d.Source != "project" {
		t.Errorf("explore %+v: a layer replaces a built-in", d)
	}
	if d := r.Get("general-purpose"); d.Source != "builtin" || d.Tools != nil {
		t.Errorf("general-purpose %+v", d)
	}
	if p := r.Problems(); len(p) != 1 || !strings.Contains(p[0].Error(), "broken.md:1:1") {
		t.Errorf("problems %v", p)
	}

	// An untrusted project's resources are taken out by trust: its
	// definitions go with them.
	setup.Layers[1].Resources = nil
	r = Load(setup)
	if d := r.Get("reviewer"); d.Source != "user" {
		t.Errorf("untrusted: reviewer from %s", d.Source)
	}
	if d := r.Get("explore"); d.Source != "builtin" {
		t.Errorf("untrusted: explore from %s", d.Source)
	}
}

func TestRegister(t *testing.T) {
	r := Load(nil)
	if err := r.Register(Definition{Name: "bone", Prompt: "p", Tools: []string{"read"}}); err != nil {
		t.Fatal(err)
	}
	if d := r.Get("bone"); d.Source != "extension" || d.Prompt != "p" {
		t.Errorf("%+v", d)
	}
	for _, bad := range []Definition{{Name: "", Prompt: "p"}, {Name: "a b", Prompt: "p"}, {Name: "x", Prompt: " "}} {
		if err := r.Register(bad); err == nil {
			t.Errorf("Register(%+v) accepted", bad)
		}
	}
}
