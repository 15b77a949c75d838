package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"panto/agent/store"
)

// countingStore counts the calls that list the session folder; what
// --continue needs it finds with one listing (LatestReadable) and opens
// by path.
type countingStore struct {
	*store.FileStore
	listings atomic.Int32
}

func (c *countingStore) List() ([]store.Info, error) {
	c.listings.Add(1)
	return c.FileStore.List()
}

func (c *countingStore) ListBounded(n int) ([]store.Info, error) {
	c.listings.Add(1)
	return c.FileStore.ListBounded(n)
}

func (c *countingStore) Resolve(id string) (string, error) {
	c.listings.Add(1)
	return c.FileStore.Resolve(id)
}

func (c *countingStore) Latest() (*store.Info, error) {
	c.listings.Add(1)
	return c.FileStore.Latest()
}

func (c *countingStore) Open(id string) (*store.Writer, *store.Session, error) {
	c.listings.Add(2) // Resolve, then the path
	return c.FileStore.Open(id)
}

// TestContinueSkipsUnreadableNewest: --continue says which newer file it
// passed over and why, continues the newest readable session, and lists
// the folder once.
func TestContinueSkipsUnreadableNewest(t *testing.T) {
	dir := t.TempDir()
	cs := &countingStore{FileStore: store.NewFileStore(dir)}
	ts := newSession(t, map[string]string{
		"turns.jsonl": "{\"text\": \"first answer\"}\n",
	}, func(o *Options) { o.Store = cs })
	first := ts.ID()
	ts.prompt("one")
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "2099-01-01T00-00-00.000Z_broken.jsonl")
	if err := os.WriteFile(bad, []byte("\x00garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Hour)
	os.Chtimes(bad, future, future)
	cs.listings.Store(0)
	ok, err := ts.Continue(ctx)
	if err != nil || !ok || ts.ID() != first || ts.Agent().Conversation().Len() != 2 {
		t.Fatalf("continue: %v %v %s (want %s)", ok, err, ts.ID(), first)
	}
	if n := cs.listings.Load(); n != 0 {
		t.Errorf("continue listed the folder %d more times", n)
	}
	ts.mu.Lock()
	problems := strings.Join(ts.problems, "\n")
	ts.mu.Unlock()
	if !strings.Contains(problems, "--continue skipped "+bad+": not a session file") {
		t.Errorf("problems:\n%s", problems)
	}
}

// fullLoadStore counts the resumes that parse a whole session file
// (FileStore.OpenPath) rather than its tail.
type fullLoadStore struct {
	*store.FileStore
	full atomic.Int32
}

func (f *fullLoadStore) OpenPath(path string) (*store.Writer, *store.Session, error) {
	f.full.Add(1)
	return f.FileStore.OpenPath(path)
}

// TestResumeByPathReadsTheTail: --continue and --session PATH open the
// session through the tail reader, as a resume by id does, so a long
// session costs what its model sees (issue 26: parsing the whole file
// made the terminal UI's --continue of a 2,000-turn session take 1.1 s
// and 140 MB).
func TestResumeByPathReadsTheTail(t *testing.T) {
	fs := &fullLoadStore{FileStore: store.NewFileStore(t.TempDir())}
	ts := newSession(t, map[string]string{
		"turns.jsonl": "{\"text\": \"first answer\"}\n",
	}, func(o *Options) { o.Store = fs })
	first := ts.ID()
	ts.prompt("one")
	info, _, err := fs.LatestReadable()
	if err != nil || info == nil {
		t.Fatalf("latest: %v %v", info, err)
	}
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	ok, err := ts.Continue(ctx)
	if err != nil || !ok || ts.ID() != first || ts.Agent().Conversation().Len() != 2 {
		t.Fatalf("continue: %v %v %s (want %s)", ok, err, ts.ID(), first)
	}
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.ResumePath(ctx, info.Path); err != nil || ts.ID() != first || ts.Agent().Conversation().Len() != 2 {
		t.Fatalf("resume path: %v %s (want %s)", err, ts.ID(), first)
	}
	if n := fs.full.Load(); n != 0 {
		t.Errorf("the resumes parsed the whole session file %d times", n)
	}
}
