package mcp

import (
	"strings"
	"sync"
)

// tail keeps the last bytes a server process wrote on stderr: a server
// that fails usually says why there, and the failure's message quotes it.
// The rest is dropped (a chatty server must not grow panto's memory, nor
// draw over the terminal UI).
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func newTail(max int) *tail { return &tail{max: max} }

// Write keeps the last max bytes.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// suffix is "; stderr: LAST LINES" for a message, or "" when the process
// wrote nothing: the last three non-empty lines, joined.
func (t *tail) suffix() string {
	t.mu.Lock()
	text := string(t.buf)
	t.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return "; stderr: " + strings.Join(lines, " | ")
}
