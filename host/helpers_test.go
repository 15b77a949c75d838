package host

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// tree writes files (path -> content) under a fresh folder and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, files)
	return dir
}

func mkdirWrite(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

// testHost is a host over one folder layer, with what it printed and
// reported captured.
type testHost struct {
	*Host
	out      bytes.Buffer
	reported []Problem
}

func (th *testHost) problems() string {
	var b strings.Builder
	for _, p := range th.reported {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func newTestHost(t *testing.T, dir string, mod ...func(*Options)) *testHost {
	t.Helper()
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	th := &testHost{}
	opts := Options{Setup: setup, Stdout: &th.out, Stderr: &th.out, Report: func(p Problem) { th.reported = append(th.reported, p) }}
	for _, m := range mod {
		m(&opts)
	}
	h, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	th.Host = h
	return th
}

// hostWith is newTestHost over a tree of files.
func hostWith(t *testing.T, files map[string]string, mod ...func(*Options)) *testHost {
	t.Helper()
	return newTestHost(t, tree(t, files), mod...)
}

// expectNoProblems fails on anything reported.
func (th *testHost) expectNoProblems(t *testing.T) {
	t.Helper()
	if len(th.reported) > 0 {
		t.Fatalf("unexpected problems:\n%s", th.problems())
	}
}

func (th *testHost) callTool(t *testing.T, name, input string) *ToolCall {
	t.Helper()
	tc, err := th.CallTool(context.Background(), name, input)
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	return tc
}

func (th *testHost) command(t *testing.T, line string) string {
	t.Helper()
	out, err := th.RunCommand(context.Background(), line)
	if err != nil {
		t.Fatalf("RunCommand(%s): %v", line, err)
	}
	return out
}
