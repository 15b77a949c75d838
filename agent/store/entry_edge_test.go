package store

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestUnmarshalRejects: entries whose fields have the wrong shape are
// errors (a problem line when a whole file is parsed), not zero values.
func TestUnmarshalRejects(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"type":"compaction","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:00Z","summary":5,"firstKeptEntryId":"x","tokensBefore":1}`, "compaction summary"},
		{`{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:00Z","message":{"role":"robot","content":"hi"}}`, "unknown message role"},
		{`{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"\u"}}`, ""},
	} {
		if _, err := Unmarshal([]byte(c.line)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Unmarshal(%.60s…) = %v, want an error with %q", c.line, err, c.want)
		}
	}
	e, err := Unmarshal([]byte(`{"type":"compaction","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:00Z","summary":"so far","firstKeptEntryId":"x","tokensBefore":7}`))
	if err != nil || e.Summary != "so far" || e.FirstKept != "x" || e.TokensBefore != 7 {
		t.Errorf("compaction: %+v %v", e, err)
	}
}

// TestMissingFolderListsNothing: a store whose folder was never created
// has no sessions; that is not an error.
func TestMissingFolderListsNothing(t *testing.T) {
	fs := NewFileStore(filepath.Join(t.TempDir(), "never", "made"))
	list, err := fs.List()
	if err != nil || len(list) != 0 {
		t.Errorf("List = %v, %v", list, err)
	}
	latest, err := fs.Latest()
	if err != nil || latest != nil {
		t.Errorf("Latest = %v, %v", latest, err)
	}
	if _, err := fs.Resolve("abc"); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Errorf("Resolve = %v", err)
	}
}
