//go:build unix

package store

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/agent/conv"
)

// TestMain lets the test binary act as a writer process that the kill
// test starts and kills.
func TestMain(m *testing.M) {
	if dir := os.Getenv("PANTO_STORE_WRITER"); dir != "" {
		writeForever(dir)
		return
	}
	code := m.Run()
	if benchCleanup != nil {
		benchCleanup()
	}
	os.Exit(code)
}

// benchCleanup removes what benchmarks left outside t.TempDir.
var benchCleanup func()

// writeForever appends numbered user messages until it is killed,
// printing the session id once the first is written.
func writeForever(dir string) {
	w, err := NewFileStore(dir).Create("/p", "")
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	pad := strings.Repeat("x", 3000) // long lines make torn writes likely
	for i := 0; ; i++ {
		if err := w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, strconv.Itoa(i)+" "+pad)}); err != nil {
			os.Exit(1)
		}
		if i == 0 {
			// The file exists from the first Append on: only then may
			// the test kill this process and expect a session.
			fmt.Println(w.SessionID())
		}
		if i%7 == 0 {
			w.Sync()
		}
	}
}

// TestKilledWriter kills a real writing process at arbitrary moments and
// loads what it left: every entry is there in order, up to the kill, and
// at most the last line is torn.
func TestKilledWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for round := 0; round < 5; round++ {
		t.Run(fmt.Sprint("round", round), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "PANTO_STORE_WRITER="+dir)
			out, err := cmd.StdoutPipe()
			must(t, err)
			must(t, cmd.Start())
			buf := make([]byte, 64)
			n, _ := out.Read(buf)
			id := strings.TrimSpace(string(buf[:n]))
			// Let it write a while; how long varies per round.
			time.Sleep(time.Duration(20+round*15) * time.Millisecond)
			must(t, cmd.Process.Signal(syscall.SIGKILL))
			cmd.Wait()
			s, err := NewFileStore(dir).Load(id)
			must(t, err)
			if len(s.Problems) > 1 {
				t.Fatalf("problems: %v", s.Problems)
			}
			msgs := s.Branch("").Messages
			if len(msgs) == 0 {
				t.Fatal("nothing was written before the kill")
			}
			for i, m := range msgs {
				num, _, _ := strings.Cut(m.Text(), " ")
				if num != strconv.Itoa(i) {
					t.Fatalf("message %d is %q: entries lost or reordered", i, num)
				}
			}
		})
	}
}
