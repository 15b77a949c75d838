package host

import (
	"testing"
	"testing/fstest"
	"unsafe"

	"panto/diag"
	"panto/extension/discover"
	"panto/runtime"
)

// TestPrecompiledSource: a module file whose text is a registered
// precompiled chunk's, byte for byte, is loaded as that very string; a
// file that differs anywhere, or a registered text that SkipComment would
// change, is read as before.
func TestPrecompiledSource(t *testing.T) {
	const text = "local x = 1\nreturn x + 41\n"
	register := func(source, src string) {
		runtime.RegisterPrecompiled(&runtime.PrecompiledChunk{Name: diag.ChunkName(source), Source: src, Bytecode: "not bytecode"})
	}
	register("/hosttest/same.lua", text)
	register("/hosttest/hash.lua", "#!/bin/lua\nreturn 1\n")
	register("/hosttest/two.lua", "return 'other'\n")
	register("/hosttest/two.lua", text)
	fsys := fstest.MapFS{
		"same.lua":    {Data: []byte(text)},
		"edited.lua":  {Data: []byte(text[:len(text)-2] + "2\n")},
		"longer.lua":  {Data: []byte(text + " ")},
		"shorter.lua": {Data: []byte(text[:len(text)-1])},
		"hash.lua":    {Data: []byte("#!/bin/lua\nreturn 1\n")},
	}
	cases := []struct {
		name, file, source string
		buf                int
		want               bool
	}{
		{"same text", "same.lua", "/hosttest/same.lua", 16 << 10, true},
		{"same text, read in pieces", "same.lua", "/hosttest/same.lua", 3, true},
		{"one byte edited", "edited.lua", "/hosttest/same.lua", 16 << 10, false},
		{"one byte edited, read in pieces", "edited.lua", "/hosttest/same.lua", 5, false},
		{"longer", "longer.lua", "/hosttest/same.lua", 16 << 10, false},
		{"shorter", "shorter.lua", "/hosttest/same.lua", 16 << 10, false},
		{"a first line SkipComment drops", "hash.lua", "/hosttest/hash.lua", 16 << 10, false},
		{"the second of two registrations", "same.lua", "/hosttest/two.lua", 16 << 10, true},
		{"nothing registered under the name", "same.lua", "/hosttest/none.lua", 16 << 10, false},
		{"no such file", "missing.lua", "/hosttest/same.lua", 16 << 10, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &discover.Entry{FS: fsys}
			m := discover.Module{Name: "m", File: c.file, Source: c.source}
			got, ok := precompiledSource(e, m, make([]byte, c.buf))
			if ok != c.want {
				t.Fatalf("ok = %v, want %v", ok, c.want)
			}
			if !ok {
				return
			}
			if got != text {
				t.Fatalf("got %q, want %q", got, text)
			}
			var registered string
			for _, s := range runtime.PrecompiledSources(diag.ChunkName(c.source)) {
				if s == text {
					registered = s
				}
			}
			if unsafe.StringData(got) != unsafe.StringData(registered) {
				t.Error("the text returned is a copy, not the registered string")
			}
		})
	}
}
