package theme

import "testing"

func TestParseSpec(t *testing.T) {
	for spec, want := range map[string]string{
		"":                     "",
		"bold":                 "\x1b[1m",
		"bold red":             "\x1b[1;31m",
		"bright_blue on black": "\x1b[94;40m",
		"#ff8800 on 17":        "\x1b[38;2;255;136;0;48;5;17m",
		"DIM Italic":           "\x1b[2;3m",
		"default on default":   "\x1b[39;49m",
	} {
		t.Run(spec, func(t *testing.T) {
			got, err := ParseSpec(spec)
			if err != nil || got != want {
				t.Errorf("ParseSpec(%q) = %q, %v; want %q", spec, got, err, want)
			}
		})
	}
	for _, bad := range []string{"purple", "on", "#12345", "256", "bold on"} {
		t.Run(bad, func(t *testing.T) {
			if _, err := ParseSpec(bad); err == nil {
				t.Errorf("ParseSpec(%q) accepted", bad)
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	if err := r.Register("night", map[string]string{"accent": "bold #00ff00"}); err != nil {
		t.Fatal(err)
	}
	n, ok := r.Get("night")
	if !ok || n.Styles["accent"] != "\x1b[1;38;2;0;255;0m" || n.Styles["error"] != "\x1b[31m" {
		t.Errorf("night = %+v", n)
	}
	if r.Active("night") != n || r.Active("missing").Name != Default {
		t.Error("Active does not pick the configured theme")
	}
	if err := r.Register("bad", map[string]string{"accent": "nope"}); err == nil {
		t.Error("bad spec accepted")
	}
	if _, ok := r.Get("bad"); ok {
		t.Error("a failed registration must not register")
	}
}
