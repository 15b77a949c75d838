package agent

import (
	"os"
	"strings"
	"testing"

	"panto/agent/store"
)

// TestRewindKeepsWhatItCannotRemove: a file the rewound turn created,
// still as the tool left it, that cannot be removed is listed in Kept
// with the reason instead of dropping out of the result. A file of
// /proc stands in for it: it reads back the same every time and no one,
// root included, can unlink it.
func TestRewindKeepsWhatItCannotRemove(t *testing.T) {
	const path = "/proc/sys/kernel/ostype"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no %s: %v", path, err)
	}
	cp := store.NewCheckpoint("u1", "put", path, nil, data)
	res := RewindResult{}
	restoreFiles([]store.Checkpoint{cp}, &res)
	if len(res.Kept) != 1 || !strings.HasPrefix(res.Kept[0], path+": ") || len(res.Removed)+len(res.Restored) != 0 {
		t.Fatalf("result %+v, want %s kept with why", res, path)
	}
}
