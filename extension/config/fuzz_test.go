package config

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"panto/diag"
)

// FuzzParse: any bytes give either a file or an error, never both and
// never a panic; an error is a diagnostic that names the file and a line
// that exists; every warning is a warning about this file, on a line that
// exists; parsing is deterministic; and ParseLayer agrees with Parse.
func FuzzParse(f *testing.F) {
	f.Add([]byte("[extensions]\nallow = [\"a\"]\n[providers.p]\nprotocol = \"x\"\nmodels = { a = \"b\" }\n"))
	f.Add([]byte("[x]\ny = 1\n[[z]]\n"))
	f.Add([]byte("[extensions\nallow = 1"))
	f.Add([]byte("[ui]\ntheme = 1\n"))
	f.Add([]byte("[models]\ndefault = \"noprovider\"\n[unknown]\nkey = true\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		file, warns, err := Parse("config.toml", data)
		if (file == nil) == (err == nil) {
			t.Fatalf("file %v and error %v: want exactly one", file, err)
		}
		if err != nil {
			var d *diag.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %T %v is not a *diag.Diagnostic", err, err)
			}
			if d.File != "config.toml" || d.Message == "" || d.Line < 0 || d.Line > lines || d.Column < 0 {
				t.Fatalf("bad diagnostic %+v for %d lines", *d, lines)
			}
			if warns != nil {
				t.Fatalf("warnings with an error: %v", warns)
			}
		} else if file.Path != "config.toml" {
			t.Fatalf("file path %q", file.Path)
		}
		for _, w := range warns {
			if w.File != "config.toml" || w.Severity != diag.Warning || w.Message == "" || w.Line < 0 || w.Line > lines {
				t.Fatalf("bad warning %+v for %d lines", w, lines)
			}
		}
		again, warns2, err2 := Parse("config.toml", data)
		if !reflect.DeepEqual(file, again) || !reflect.DeepEqual(warns, warns2) || (err == nil) != (err2 == nil) {
			t.Fatal("parsing the same bytes twice gave different results")
		}
		lf, _, lerr := ParseLayer("config.toml", data)
		if (lf == nil) != (file == nil) || (lerr == nil) != (err == nil) {
			t.Fatalf("ParseLayer file %v, %v; Parse file %v, %v", lf, lerr, file, err)
		}
		var d *diag.Diagnostic
		if lerr != nil && (!errors.As(lerr, &d) || d.Severity != diag.Error || d.File != "config.toml") {
			t.Fatalf("ParseLayer of a broken file: %v, want an error naming the file", lerr)
		}
	})
}
