package store

import (
	"testing"

	"panto/agent/conv"
)

// TestResumeTailWithForeignIDs: a resume that reads only the tail keeps
// the ids used before it even when every entry of the tail has an id
// panto does not write (another program's, not eight hex digits): the
// writer still learns the earlier ones, so its next id cannot repeat
// one of them.
func TestResumeTailWithForeignIDs(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	id := w.SessionID()
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "0000000a", Message: textMsg(conv.User, "summarised")}))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "m-2", Message: textMsg(conv.User, "kept")}))
	must(t, w.Append(&Entry{Type: TypeCompaction, ID: "k-1", Summary: "so far", FirstKept: "m-2", TokensBefore: 1}))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "m-3", Message: textMsg(conv.User, "latest")}))
	must(t, w.Close())

	w, sess, err := fs.OpenActive(id)
	must(t, err)
	defer w.Close()
	if !sess.partial {
		t.Fatalf("the session was parsed whole, not from its tail")
	}
	if _, known := w.ids[0xa]; !known {
		t.Errorf("the writer does not know the id 0000000a used before the tail: %v", w.ids)
	}
}
