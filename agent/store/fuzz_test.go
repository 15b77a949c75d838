package store

import (
	"bytes"
	"testing"
)

// FuzzParse: no input makes the loader panic, and whatever it accepts
// yields a branch that can be walked.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"type":"session","version":3,"id":"x","timestamp":"2024-12-03T14:00:00.000Z","cwd":"/p"}
{"type":"message","id":"a","parentId":null,"timestamp":"2024-12-03T14:00:01.000Z","message":{"role":"user","content":"hi"}}
{"type":"message","id":"b","parentId":"a","message":{"role":"assistant","content":[{"type":"toolCall","id":"c","name":"n","arguments":{}}],"usage":{"input":1}}}
{"type":"compaction","id":"c2","parentId":"b","summary":"s","firstKeptEntryId":"a"}
{"type":"panto_leaf","targetId":"a"}
{"type":"panto_metadata","targetId":"a","metadata":{"k":1}}
`))
	f.Add([]byte(`{"type":"session","id":"x"}` + "\n" + `{"type":"message","id":"a","parentId":"a","message":{"role":"user","content":[{"type":"image"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(bytes.NewReader(data), "f.jsonl")
		if err != nil {
			return
		}
		c := s.Branch("")
		_ = c.Active()
		_ = c.Transcript()
		for _, e := range s.Entries {
			if e.InTree() {
				s.Branch(e.ID)
			}
		}
	})
}
