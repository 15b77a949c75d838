package term

import (
	"os"
	"testing"
)

func TestColorAllowed(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"TERM": "xterm-256color"}, true},
		{map[string]string{"TERM": "xterm", "NO_COLOR": "1"}, false},
		{map[string]string{"TERM": "xterm", "NO_COLOR": ""}, true},
		{map[string]string{"TERM": "dumb"}, false},
		{map[string]string{}, true},
	} {
		if got := ColorAllowed(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: got %v", c.env, got)
		}
	}
}

func TestOpenRefusesNonTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if _, err := Open(r, w); err != ErrNotTerminal {
		t.Errorf("Open on a pipe = %v, want ErrNotTerminal", err)
	}
}
