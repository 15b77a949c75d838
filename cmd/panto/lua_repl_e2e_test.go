//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// TestLuaREPLInTmux drives `panto lua` in a real terminal, as the
// reference interpreter's readline build is used: a line edited in the
// middle, a multi-line chunk, a chunk reading stdin, Ctrl-C dropping a
// line at the prompt and interrupting a running chunk ("interrupted!",
// back at the prompt), Ctrl-D ending with status 0, and the history of
// whole chunks kept for the next run.
func TestLuaREPLInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	home := t.TempDir()
	start := func() (tmux, string) {
		x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
		status := filepath.Join(t.TempDir(), "status")
		shell := "HOME=" + home + " XDG_DATA_HOME= " + bin + " lua; echo $? > " + status + "; sleep 60"
		x.run("new-session", "-d", "-s", "e2e", "-x", "80", "-y", "30", shell)
		t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
		x.waitFor("PUC-Rio\n>")
		return x, status
	}
	// typed sends text literally (tmux would read "end" as the End key).
	typed := func(x tmux, s string) { x.run("send-keys", "-t", "e2e", "-l", s) }
	keys := func(x tmux, k ...string) { x.run(append([]string{"send-keys", "-t", "e2e"}, k...)...) }

	x, status := start()
	typed(x, "print(6 * 1)")
	keys(x, "Left") // before the ")"
	typed(x, "0")
	keys(x, "Enter")
	x.waitFor("\n60\n")
	typed(x, "for i = 1, 2 do")
	keys(x, "Enter")
	x.waitFor("\n>>")
	typed(x, "io.write('row', i, ' ')")
	keys(x, "Enter")
	typed(x, "end")
	keys(x, "Enter")
	x.waitFor("row1 row2 >") // the prompt after what the chunk left on the row, as readline puts it
	// The chunk says when it reads: what is typed before that would go
	// to the line editor, which is still reading the keyboard.
	typed(x, "io.write('reading: ') line = io.read('l')")
	keys(x, "Enter")
	x.waitFor("\nreading:")
	typed(x, "typed at io.read")
	keys(x, "Enter")
	typed(x, "=line:upper()")
	keys(x, "Enter")
	x.waitFor("TYPED AT IO.READ")
	typed(x, "this line is dropped")
	keys(x, "C-c")
	x.waitFor("this line is dropped^C")
	typed(x, "while true do end")
	keys(x, "Enter")
	x.waitFor("while true do end\n")
	keys(x, "C-c")
	x.waitFor("interrupted!")
	typed(x, "print('back at the prompt')")
	keys(x, "Enter")
	s := x.waitFor("\nback at the prompt\n")
	if strings.Contains(s, "dropped\n") && strings.Contains(s, "attempt") {
		t.Errorf("the dropped line ran:\n%s", s)
	}
	keys(x, "C-d")
	x.waitExit(status)

	// The next run recalls the chunks, the multi-line one whole.
	data, err := os.ReadFile(filepath.Join(home, ".local/share/panto/lua_history"))
	if err != nil || !strings.Contains(string(data), `"for i = 1, 2 do\nio.write('row', i, ' ')\nend"`) {
		t.Errorf("history: %q %v", data, err)
	}
	x, status = start()
	for range 4 { // back past print('back...'), while ..., return line:upper()
		keys(x, "Up")
	}
	x.waitFor("> io.write('reading: ') line = io.read('l')")
	keys(x, "Up")
	x.waitFor("> for i = 1, 2 do\n  io.write('row', i, ' ')\n  end")
	keys(x, "Enter")
	x.waitFor("end\nrow1 row2")
	keys(x, "C-d")
	x.waitExit(status)
}
