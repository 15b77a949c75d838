package rocks

import (
	"context"
	"testing"
)

// FuzzParseSpec: any rockspec text gives a spec or an error, within the
// budget, never a panic or a hang.
func FuzzParseSpec(f *testing.F) {
	f.Add([]byte(fooSpec))
	f.Add([]byte(`package = "x"; version = "1-1"; build = { type = "builtin", modules = { x = { sources = { "x.c" } } } }`))
	f.Add([]byte(`while true do end`))
	f.Add([]byte(`package = {}; version = 1`))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := ParseSpec(context.Background(), src, "fuzz.rockspec")
		if err == nil && (s.Package == "" || s.Version == "") {
			t.Fatalf("a spec without package or version: %+v", s)
		}
	})
}

// FuzzOpenRock: any bytes given as a .rock give a rock or an error.
func FuzzOpenRock(f *testing.F) {
	f.Add(zipOf(&testing.T{}, map[string][]byte{"foo-1.2-1.rockspec": []byte(fooSpec), "lua/foo.lua": []byte("return 1")}))
	f.Add(zipOf(&testing.T{}, map[string][]byte{"foo-1.2-1.rockspec": []byte(fooSpec), "foo-1.2.tar.gz": tarGz(&testing.T{}, map[string]string{"foo-1.2/src/foo.lua": "x", "foo-1.2/src/foo/util.lua": "y"})}))
	f.Add([]byte("PK\x03\x04garbage"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := openRock(context.Background(), "fuzz.rock", data)
		if err == nil && r.spec == nil {
			t.Fatal("a rock without a spec")
		}
	})
}
