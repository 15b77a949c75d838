package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var prognameRE = regexp.MustCompile(`(?m)^panto: `)

// Run executes one program under bin's `lua` command the way
// conformance/regen.sh runs the reference: from the program's folder,
// with its .args file, a fixed environment, and opts before the script.
// errText is "" for a clean exit, else the exit code and stderr with
// panto's program name written as the reference's, so both compare with
// the same golden files.
func Run(tb testing.TB, bin, path string, opts ...string) (stdout, errText string) {
	tb.Helper()
	dir, file := filepath.Split(path)
	name := strings.TrimSuffix(file, ".lua")
	args := append(append([]string{"lua"}, opts...), file)
	if extra, err := os.ReadFile(filepath.Join(dir, name+".args")); err == nil {
		args = append(args, strings.Fields(string(extra))...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=/nonexistent", "LANG=C", "LC_ALL=C", "TZ=UTC",
		"LUA_PATH=lib/?.lua;lib/?/init.lua", "LUA_CPATH=lib/?.so",
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ctx.Err() != nil {
			tb.Fatalf("running %s: %v", path, err)
		}
		code = ee.ExitCode()
	}
	if code != 0 || errb.Len() > 0 {
		errText = fmt.Sprintf("exit %d\n%s", code, prognameRE.ReplaceAllString(errb.String(), "lua: "))
	}
	return out.String(), errText
}
