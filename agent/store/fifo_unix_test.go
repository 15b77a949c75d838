//go:build unix

package store

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPipeIsNoSession: resuming or loading a named pipe by its path
// fails at once; opening it to read would wait for a writer that never
// comes, and panto would hang before its first screen.
func TestPipeIsNoSession(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "2030-01-01T00-00-00.000Z_pipe.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	fs := NewFileStore(dir)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, _, err := fs.OpenActivePath(fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("resuming a pipe: %v", err)
		}
		if _, _, err := fs.OpenPath(fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("opening a pipe: %v", err)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		// Release each open the test is stuck on (a writer that comes
		// and goes), then fail.
		for {
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
			select {
			case <-done:
				t.Fatal("reading a pipe waited for a writer")
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
}
