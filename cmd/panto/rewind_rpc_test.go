//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// TestRPCRewind: after a turn, rewind takes the turn out of the
// conversation and says so in its response; a second rewind has
// nothing left to rewind.
func TestRPCRewind(t *testing.T) {
	bin := pantobin.Path(t)
	cmd := exec.Command(bin, "run", demo(t), "--mode", "rpc")
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+home, "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+home)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	until := func(want string) string {
		t.Helper()
		for sc.Scan() {
			if strings.Contains(sc.Text(), want) {
				return sc.Text()
			}
		}
		t.Fatalf("the output ended before %q", want)
		return ""
	}
	until(`"type":"ready"`)
	in.Write([]byte(`{"type":"prompt","text":"count: a b c"}` + "\n"))
	until(`"type":"turn_result"`)
	in.Write([]byte(`{"type":"rewind","turns":1,"restore":"conversation"}` + "\n"))
	var resp struct {
		Success bool
		Error   string
		Data    struct {
			Turns        int
			Text         string
			Conversation bool
		}
	}
	json.Unmarshal([]byte(until(`"command":"rewind"`)), &resp)
	if !resp.Success || resp.Data.Turns != 1 || resp.Data.Text != "count: a b c" || !resp.Data.Conversation {
		t.Fatalf("rewind: %+v", resp)
	}
	in.Write([]byte(`{"type":"get_state"}` + "\n"))
	if l := until(`"command":"get_state"`); !strings.Contains(l, `"messages":0`) {
		t.Fatalf("the conversation was not rewound: %s", l)
	}
	in.Write([]byte(`{"type":"rewind"}` + "\n"))
	if l := until(`"command":"rewind"`); !strings.Contains(l, `"success":false`) || !strings.Contains(l, "0 user messages") {
		t.Fatalf("second rewind: %s", l)
	}
	in.Write([]byte(`{"type":"quit"}` + "\n"))
}
