//go:build pantonative

package stdext_test

import (
	"io/fs"
	"path"
	"testing"

	"panto/diag"
	"panto/runtime"
	"panto/stdext"
)

// stale is the message of a base layer that changed since stdext/native
// was generated.
const stale = "stdext/native is stale (a base-layer source changed since it was generated): run make generate"

// TestBaseLayerNative checks, in a build with the pantonative tag, that
// every source of the base layer is registered precompiled for the very
// text the host loads, and that its bytecode runs natively.
func TestBaseLayerNative(t *testing.T) {
	if !stdext.Native {
		t.Fatal("built with pantonative but stdext.Native is false")
	}
	L := runtime.NewState()
	n := 0
	err := fs.WalkDir(stdext.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".lua" {
			return err
		}
		n++
		data, err := fs.ReadFile(stdext.FS(), p)
		if err != nil {
			return err
		}
		name, src := diag.ChunkName("base:"+p), runtime.SkipComment(string(data))
		if !runtime.IsPrecompiled(name, src) {
			t.Errorf("%s is not precompiled. %s", p, stale)
			return nil
		}
		before := runtime.Compilations()
		fn, err := L.Load(src, name, "t")
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		if runtime.Compilations() != before {
			t.Errorf("%s was compiled although it is precompiled", p)
		}
		if !runtime.HasNative(fn) {
			t.Errorf("%s has no native twin for its bytecode's digest. %s", p, stale)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("the base layer has %d sources", n)
	}
}

// TestBaseLayerLoadsWithoutCompiling starts a session over the base layer
// and runs a standard tool: no Lua is compiled.
func TestBaseLayerLoadsWithoutCompiling(t *testing.T) {
	before := runtime.Compilations()
	s := newSession(t, nil)
	s.write(t, "a.txt", "one\n")
	if out := s.ok(t, "ls", `{}`); out == "" {
		t.Fatal("ls listed nothing")
	}
	if got := runtime.Compilations() - before; got != 0 {
		t.Errorf("starting a session and running ls compiled %d chunks, want 0. %s", got, stale)
	}
}
