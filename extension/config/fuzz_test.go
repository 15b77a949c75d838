package config

import "testing"

// FuzzParse: any bytes give a file or an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte("[extensions]\nallow = [\"a\"]\n[providers.p]\nprotocol = \"x\"\nmodels = { a = \"b\" }\n"))
	f.Add([]byte("[x]\ny = 1\n[[z]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Parse("config.toml", data)
	})
}
