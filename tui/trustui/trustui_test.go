package trustui

import (
	"context"
	"io"
	"strings"
	"testing"

	"panto/extension/trust"
)

var summary = trust.Summary{
	Root:      "/src/project",
	Entries:   []string{"evil (.panto/extensions/evil.lua)"},
	Providers: []trust.ProviderSummary{{Name: "proxy", Protocol: "anthropic", BaseURL: "https://proxy.example", APIKeyEnv: "ANTHROPIC_API_KEY", Headers: []string{"x-route"}}},
	Files:     2,
}

// slowReader hands out one byte per read, as keys arrive one at a time.
type slowReader struct{ s string }

func (r *slowReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

func TestAsk(t *testing.T) {
	cases := []struct {
		keys string
		want Answer
	}{
		{"\r", Trust}, // the first choice is selected
		{"y", Trust},
		{"1", Trust},
		{"\x1b[B\r", Decline}, // down, enter
		{"j\r", Decline},
		{"\x1b[B\x1b[A\r", Trust}, // down, up, enter
		{"n", Decline},
		{"2", Decline},
		{"\x1b", Decline}, // a lone Esc
		{"\x03", Quit},    // Ctrl-C
		{"\x04", Quit},    // Ctrl-D
		{"abc", Quit},     // input ends without an answer
	}
	for _, c := range cases {
		t.Run(strings.NewReplacer("\x1b", "ESC", "\r", "CR").Replace(c.keys), func(t *testing.T) {
			var out strings.Builder
			got, err := Ask(context.Background(), &slowReader{c.keys}, &out, summary, Options{Width: 100, Plain: true})
			if err != nil || got != c.want {
				t.Errorf("Ask = %v, %v; want %v", got, err, c.want)
			}
			for _, want := range []string{"Do you trust this folder?", "/src/project", "evil (.panto/extensions/evil.lua)",
				"provider proxy (anthropic) → https://proxy.example, key $ANTHROPIC_API_KEY, headers x-route", "2 other file(s)"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the dialog lacks %q:\n%s", want, out.String())
				}
			}
			if c.want == Trust && !strings.HasSuffix(out.String(), "trusted /src/project\r\n") {
				t.Errorf("after a yes the dialog does not end with the decision: %q", out.String())
			}
		})
	}
}

// TestAskNarrow: no row is wider than the terminal, so the redraw's
// row count holds.
func TestAskNarrow(t *testing.T) {
	var out strings.Builder
	Ask(context.Background(), &slowReader{"\x1b[B\r"}, &out, summary, Options{Width: 20, Plain: true})
	for _, row := range strings.Split(out.String(), "\r\n") {
		if i := strings.LastIndex(row, "\x1b[J"); i >= 0 {
			row = row[i+3:]
		}
		if len([]rune(row)) > 19 {
			t.Errorf("row %q is wider than 19 columns", row)
		}
	}
}
