package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"panto/agent/conv"
)

// manySessions writes n sessions of about size bytes each (one big user
// message, then an answer and the turn's summary) once per process.
var (
	manyOnce sync.Once
	manyDir  string
)

func manySessions(b *testing.B, n, size int) string {
	manyOnce.Do(func() {
		dir, err := os.MkdirTemp("", "panto-bench-sessions")
		if err != nil {
			b.Fatal(err)
		}
		manyDir = dir
		fs := NewFileStore(dir)
		big := strings.Repeat("x", size)
		for i := 0; i < n; i++ {
			w, err := fs.Create("/proj", "")
			if err != nil {
				b.Fatal(err)
			}
			w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, big)})
			w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "ok")})
			w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 2, LastUserMessage: "question", Model: "p:m"}})
			w.Close()
		}
	})
	return manyDir
}

func textMsgB(role conv.Role, s string) *conv.Message {
	return &conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(s)}}
}

// BenchmarkListBounded20 lists the 20 latest of 2,000 sessions of 1 MB:
// the cost is a stat per session and a bounded read per listed one,
// independent of the sessions' sizes.
func BenchmarkListBounded20(b *testing.B) {
	dir := manySessions(b, 2000, 1<<20)
	fs := NewFileStore(dir)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		list, err := fs.ListBounded(20)
		if err != nil || len(list) != 20 || list[0].MessageCount != 2 {
			b.Fatalf("%d %v", len(list), err)
		}
	}
}

func BenchmarkLatest(b *testing.B) {
	dir := manySessions(b, 2000, 1<<20)
	fs := NewFileStore(dir)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if in, err := fs.Latest(); err != nil || in == nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad50k loads a session of 50,000 messages.
func BenchmarkLoad50k(b *testing.B) {
	dir := b.TempDir()
	fs := NewFileStore(dir)
	w, _ := fs.Create("/p", "")
	for i := 0; i < 25000; i++ {
		w.Append(&Entry{Type: TypeMessage, Message: textMsgB(conv.User, fmt.Sprintf("question number %d, with a few more words to be realistic", i))})
		w.Append(&Entry{Type: TypeMessage, Message: &conv.Message{Role: conv.Assistant, Usage: &conv.Usage{Input: 100, Output: 20},
			Blocks: []conv.Block{conv.TextBlock("an answer of a reasonable length for a chat message"), {Type: conv.ToolCall, ID: "c", Name: "read", Arguments: `{"path":"x.go"}`}}}})
	}
	id := w.SessionID()
	w.Close()
	fi, _ := os.Stat(filepath.Join(dir, fileNameOfB(dir, id)))
	b.SetBytes(fi.Size())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := fs.Load(id)
		if err != nil {
			b.Fatal(err)
		}
		if n := s.Branch("").Len(); n != 50000 {
			b.Fatalf("%d messages", n)
		}
	}
}

func fileNameOfB(dir, id string) string {
	des, _ := os.ReadDir(dir)
	for _, d := range des {
		if strings.Contains(d.Name(), id) {
			return d.Name()
		}
	}
	return ""
}

// TestMain's cleanup of the shared benchmark folder.
func init() {
	benchCleanup = func() {
		if manyDir != "" {
			os.RemoveAll(manyDir)
		}
	}
}
