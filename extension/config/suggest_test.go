package config

import (
	"strings"
	"testing"
)

// An unknown key is reported with the key of its own table it is closest
// to, when one is close enough to be a typo; keys of other tables, and
// names far from every key, get no suggestion.
func TestUnknownKeySuggestion(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"extensions", "[extensions]\nalow = [\"x\"]\n", `config.toml:2: warning: unknown key "extensions.alow"; did you mean "allow"?`},
		{"top-level table", "[modles]\n", `config.toml:1: warning: unknown key "modles"; did you mean "models"?`},
		{"provider key", "[providers.p]\nprotocol = \"openai\"\nmax_request = 3\n", `config.toml:3: warning: unknown key "providers.p.max_request"; did you mean "max_requests"?`},
		{"provider key from the embedded table", "[providers.p]\nprotocol = \"openai\"\nidle_timout = \"9s\"\n", `config.toml:3: warning: unknown key "providers.p.idle_timout"; did you mean "idle_timeout"?`},
		{"models table", "[models]\ndefualt = \"a:b\"\n", `config.toml:2: warning: unknown key "models.defualt"; did you mean "default"?`},
		{"nothing close", "[ui]\ncolour = 1\n", `config.toml:2: warning: unknown key "ui.colour"`},
		{"a key of another table is not offered", "[ui]\nallow = 1\n", `config.toml:2: warning: unknown key "ui.allow"`},
		{"a top-level key, on its own line", "# a comment\nfoo = 1\n", `config.toml:2: warning: unknown key "foo"`},
		// Fields the reader never decodes (toml:"-") are no keys to offer.
		{"a field the file never sets is not offered", "[providers.p]\nprotocol = \"openai\"\nx-y = 1\n", `config.toml:3: warning: unknown key "providers.p.x-y"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, warns, err := Parse("config.toml", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range warns {
				if strings.Contains(w.Message, "unknown key") {
					got = append(got, w.String())
				}
			}
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("warnings %q, want %q", got, c.want)
			}
		})
	}
}
