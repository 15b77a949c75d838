package runtime

import "testing"

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
