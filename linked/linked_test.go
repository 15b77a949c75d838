package linked

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/build"
	"panto/bundle"
	"panto/bytecode"
	"panto/extension/discover"
	"panto/host"
	"panto/runtime"
	"panto/stdext"
)

// buildHello builds testdata/hello as `panto build` would (strip: without
// debug information, which changes every chunk's bytecode and digest).
func buildHello(t *testing.T, strip bool) []byte {
	t.Helper()
	res, err := build.Build(build.Options{
		Dirs: []string{filepath.Join("testdata", "hello")}, Name: "hello", Version: "1.2.3",
		Strip: strip, Compiler: "test",
		Discover: discover.Options{Getenv: func(string) string { return "" }},
	})
	if err != nil {
		t.Fatal(err)
	}
	return res.Data
}

// registerNatives registers, for every chunk of data, a native chunk
// under its digest as the generated package does, with every function
// left to the interpreter (nil): what Check looks for is the
// registration, and sessions then run as interpreted.
func registerNatives(t *testing.T, data []byte) {
	t.Helper()
	b, err := bundle.Read(data, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, blob := range b.Blobs {
		if blob.Kind != bundle.KindChunk {
			continue
		}
		data, err := b.ChunkFS().ReadFile(blob.Path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := bytecode.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		runtime.RegisterNative(&runtime.NativeChunk{Name: blob.Path, Digest: bytecode.Digest(p), Funcs: make([]runtime.NativeFunc, bytecode.CountProtos(p))})
	}
}

func digestOf(t *testing.T, data []byte) string {
	t.Helper()
	b, err := bundle.ReadManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	return b.DigestHex()
}

// TestCheck reads linked bundles as a host reads bundle files, and
// refuses each way a linked layer can be wrong with a message that
// names the layer and what failed.
func TestCheck(t *testing.T) {
	good := buildHello(t, false)
	registerNatives(t, good)
	stripped := buildHello(t, true) // another digest for every chunk: no natives
	tampered := bytes.Clone(good)
	tampered[len(tampered)-1] ^= 0xff
	cases := []struct {
		name    string
		data    []byte
		digest  string
		hostABI string
		want    string // "" for no error
	}{
		{"native", good, digestOf(t, good), "", ""},
		{"no native code", stripped, digestOf(t, stripped), "", "linked layer hello 1.2.3: extensions/hi.lua has no native code in this binary"},
		{"another ABI", good, digestOf(t, good), "99.0.0", "linked layer hello 1.2.3: incompatible ABI"},
		{"another package", good, digestOf(t, stripped), "", "linked layer hello 1.2.3: the bundle's digest " + digestOf(t, good) + " is not the " + digestOf(t, stripped)},
		{"tampered", tampered, digestOf(t, good), "", "linked layer: tampered"},
		{"not a bundle", []byte("hello"), "", "", "linked layer: not a panto bundle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := Check(c.data, c.digest, bundle.Options{HostABI: c.hostABI})
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if b.Name != "hello" {
					t.Errorf("read %q", b.Name)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("got %v, want an error starting %q", err, c.want)
			}
		})
	}
}

// resetRegistry empties the registry for a test and after it.
func resetRegistry(t *testing.T) {
	clear := func() {
		registry.Lock()
		registry.bundles, registry.checked, registry.err, registry.done = nil, nil, nil, false
		registry.Unlock()
	}
	clear()
	t.Cleanup(clear)
}

// TestLayers registers a bundle, makes its layer, puts it into a
// standard setup and runs its tool and command in a host: the layer
// sits just above base, carries the bundle's entries and resources, and
// works as the bundle does.
func TestLayers(t *testing.T) {
	resetRegistry(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	data := buildHello(t, false)
	registerNatives(t, data)
	if Linked() {
		t.Fatal("Linked before Register")
	}
	Register(data, digestOf(t, data))
	if !Linked() {
		t.Fatal("not Linked after Register")
	}
	home, project := t.TempDir(), t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	o := discover.Options{Cwd: project, Getenv: getenv, Base: stdext.FS()}
	ls, err := Layers(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 {
		t.Fatalf("%d layers", len(ls))
	}
	l := ls[0]
	if l.Name != LayerName {
		t.Errorf("layer named %q", l.Name)
	}
	var names []string
	for _, e := range l.Entries {
		names = append(names, e.Name)
		if e.Layer != LayerName {
			t.Errorf("entry %s in layer %q", e.Name, e.Layer)
		}
	}
	if got := strings.Join(names, " "); got != "hi shout" {
		t.Errorf("entries %q, want hi shout", got)
	}
	if got, err := os.ReadFile(filepath.Join(l.Dir, "notes.txt")); err != nil || string(got) != "note\n" {
		t.Errorf("resource notes.txt: %q, %v", got, err)
	}

	s, err := discover.Standard(o)
	if err != nil {
		t.Fatal(err)
	}
	Insert(s, ls)
	var order []string
	for _, l := range s.Layers {
		order = append(order, l.Name)
	}
	if got := strings.Join(order, " "); got != "base linked user project local" {
		t.Errorf("layers %q", got)
	}

	var out bytes.Buffer
	h, err := host.New(context.Background(), host.Options{Setup: s, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	tc, err := h.CallTool(context.Background(), "shout", `{"text":"linked"}`)
	if err != nil || !tc.OK || tc.Output != "LINKED" {
		t.Errorf("shout: %+v, %v", tc, err)
	}
	res, err := h.RunCommand(context.Background(), "/hi there")
	if err != nil || res != "hi there" {
		t.Errorf("/hi: %q, %v", res, err)
	}
}

// TestLayersRefused: a registered bundle that fails the check fails
// Layers and Bundles with the check's message, every time.
func TestLayersRefused(t *testing.T) {
	resetRegistry(t)
	data := buildHello(t, false)
	Register(data, "0000")
	for range 2 {
		if _, err := Layers(discover.Options{}); err == nil || !strings.Contains(err.Error(), "is not the 0000 its package was generated for") {
			t.Fatalf("got %v", err)
		}
	}
}

// TestInsert: linked layers go just above base, or at the bottom of a
// setup without one, in their order.
func TestInsert(t *testing.T) {
	names := func(s *discover.Setup) string {
		var n []string
		for _, l := range s.Layers {
			n = append(n, l.Name)
		}
		return strings.Join(n, " ")
	}
	mk := func(ns ...string) []*discover.Layer {
		var ls []*discover.Layer
		for _, n := range ns {
			ls = append(ls, &discover.Layer{Name: n})
		}
		return ls
	}
	cases := []struct {
		name   string
		layers []string
		linked []string
		want   string
	}{
		{"standard", []string{"base", "user", "project", "local"}, []string{"a", "b"}, "base a b user project local"},
		{"run", []string{"base", "bundle"}, []string{"a"}, "base a bundle"},
		{"no base", []string{"bundle"}, []string{"a"}, "a bundle"},
		{"nothing linked", []string{"base", "bundle"}, nil, "base bundle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &discover.Setup{Layers: mk(c.layers...)}
			Insert(s, mk(c.linked...))
			if got := names(s); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
