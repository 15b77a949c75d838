//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/internal/pantobin"
)

// TestToolProcessesEndWithPanto runs a headless turn whose shell call
// leaves a sleep in the background and waits on another, then ends
// panto with kill -9, SIGTERM or SIGHUP: both sleeps must go with it,
// and resuming the session must tell the model the call was
// interrupted, not that it never ran.
func TestToolProcessesEndWithPanto(t *testing.T) {
	bin := pantobin.Path(t)
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			if sig == syscall.SIGHUP && hangupIgnored(t) {
				// Started under nohup: panto inherits the ignored
				// hang-up and keeps running, as nohup asks.
				t.Skip("SIGHUP is ignored in this process (nohup?), and panto inherits that")
			}
			proj, data := t.TempDir(), t.TempDir()
			env := append(os.Environ(), "XDG_DATA_HOME="+data, "XDG_CONFIG_HOME="+t.TempDir(), "HOME="+t.TempDir())
			call, resume := t.TempDir(), t.TempDir()
			command := `sleep 300 & echo $! > bg.pid; echo $$ > sh.pid; sleep 301`
			input, _ := json.Marshal(command)
			writeTree(t, call, map[string]string{
				"config.toml": scriptConfig,
				"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": ` + string(input) + `}}}]}` + "\n" +
					`{"text": "never reached"}` + "\n",
			})
			writeTree(t, resume, map[string]string{
				"config.toml": scriptConfig,
				"turns.jsonl": `{"expect": {"tool_result": "Interrupted: panto stopped while this call was running"}, "text": "resumed"}` + "\n",
			})

			cmd := exec.Command(bin, "run", call, "--mode", "json", "--prompt", "start the sleeps", "--allow", "shell")
			cmd.Dir, cmd.Env = proj, env
			out, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() { // keep the pipe drained
				sc := bufio.NewScanner(out)
				for sc.Scan() {
				}
			}()
			bg, sh := waitPidFile(t, filepath.Join(proj, "bg.pid")), waitPidFile(t, filepath.Join(proj, "sh.pid"))
			cmd.Process.Signal(sig)
			cmd.Wait()
			waitProcessGone(t, bg, sh)

			cmd = exec.Command(bin, "run", resume, "--prompt", "go on", "--continue")
			cmd.Dir, cmd.Env = proj, env
			got, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(got)) != "resumed" {
				t.Fatalf("resume: %v\n%s", err, got)
			}
		})
	}
}

// hangupIgnored reports whether this process ignores SIGHUP (bit 1 of
// /proc/self/status's SigIgn mask), which every child inherits.
func hangupIgnored(t *testing.T) bool {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if mask, ok := strings.CutPrefix(line, "SigIgn:"); ok {
			bits, err := strconv.ParseUint(strings.TrimSpace(mask), 16, 64)
			if err != nil {
				t.Fatalf("SigIgn %q: %v", mask, err)
			}
			return bits&(1<<(syscall.SIGHUP-1)) != 0
		}
	}
	t.Fatal("no SigIgn line in /proc/self/status")
	return false
}

// waitPidFile waits for the shell call to write a pid.
func waitPidFile(t *testing.T, path string) int {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		data, err := os.ReadFile(path)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && perr == nil {
			return pid
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s was never written: the shell call did not run", path)
	return 0
}

// waitProcessGone polls until the processes have ended (a zombie left
// for PID 1 to reap counts as ended), failing after a generous bound.
func waitProcessGone(t *testing.T, pids ...int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for _, pid := range pids {
		for {
			data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
			s := string(data)
			i := strings.LastIndexByte(s, ')')
			if err != nil || (i >= 0 && i+2 < len(s) && s[i+2] == 'Z') {
				break
			}
			if time.Now().After(deadline) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Fatalf("process %d outlived panto", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
