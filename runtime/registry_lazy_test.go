package runtime

import (
	"testing"
	"unique"
	"unsafe"
)

// Registrations queue until the first lookup (natives, precompiled); the
// maps built then must hold what registering into them at once would
// have: the last registration for a digest, or for a name and text, wins,
// also when registrations come after a lookup.
func TestRegistriesFilledLazily(t *testing.T) {
	t.Run("native", func(t *testing.T) {
		const d = "registry_lazy_test digest"
		a := &NativeChunk{Name: "a", Digest: d}
		b := &NativeChunk{Name: "b", Digest: d}
		c := &NativeChunk{Name: "c", Digest: d}
		RegisterNative(a)
		RegisterNative(b)
		if got := LookupNative(d); got != b {
			t.Fatalf("after a, b: got %v, want b", got)
		}
		RegisterNative(c)
		if got := LookupNative(d); got != c {
			t.Fatalf("after c: got %v, want c", got)
		}
		if got := LookupNative(d + " other"); got != nil {
			t.Fatalf("unregistered digest: got %v", got)
		}
	})
	t.Run("precompiled", func(t *testing.T) {
		const name = "=registry_lazy_test"
		a := &PrecompiledChunk{Name: name, Source: "return 1"}
		b := &PrecompiledChunk{Name: name, Source: "return 2"}
		a2 := &PrecompiledChunk{Name: name, Source: "return 1"}
		RegisterPrecompiled(a)
		RegisterPrecompiled(b)
		RegisterPrecompiled(a2)
		got := precompiledByName(name)
		if len(got) != 2 || got[0] != a2 || got[1] != b {
			t.Fatalf("got %v, want [a2 b]", got)
		}
		b2 := &PrecompiledChunk{Name: name, Source: "return 2"}
		RegisterPrecompiled(b2)
		got = precompiledByName(name)
		if len(got) != 2 || got[0] != a2 || got[1] != b2 {
			t.Fatalf("after a lookup: got %v, want [a2 b2]", got)
		}
	})
}

// A registered name is interned as the registered copy, whether it comes
// from a chunk's constants or from Go code pinning it; other strings are
// interned as before.
func TestRegisterNames(t *testing.T) {
	tab := []string{"regnames_test_a", "regnames_test_b", "regnames_test_c"}
	// Copies of their own, so that the test tells the table's copy apart.
	for i, s := range tab {
		tab[i] = string([]byte(s))
	}
	RegisterNames(func(s string) string {
		for _, c := range tab {
			if c == s {
				return c
			}
		}
		return ""
	})
	for _, s := range tab {
		v, hd := internString(string([]byte(s)))
		if v.p != unsafe.Pointer(unsafe.StringData(s)) {
			t.Errorf("internString(%q) did not give the registered copy", s)
		}
		if hd != (unique.Handle[string]{}) {
			t.Errorf("internString(%q) made a unique handle", s)
		}
		if p := internPinned(string([]byte(s))); p.p != unsafe.Pointer(unsafe.StringData(s)) {
			t.Errorf("internPinned(%q) did not give the registered copy", s)
		}
	}
	for _, s := range []string{"regnames_test_", "regnames_test_d", "regnames_test_a "} {
		if c := registeredName(s); c != "" {
			t.Errorf("registeredName(%q) = %q, want not found", s, c)
		}
	}
}
