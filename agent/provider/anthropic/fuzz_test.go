package anthropic

import (
	"os"
	"path/filepath"
	"testing"

	"panto/agent/provider/internal/wiretest"
)

// FuzzDecode: any body, run through the SSE reader and the decoder,
// gives events that keep the stream contract (calls started before
// their deltas, Done last and once) or a classified error; never a
// panic or a hang.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.sse")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, problem := wiretest.Drive(body, newDecoder()); problem != "" {
			t.Fatalf("%s\nbody %q", problem, body)
		}
	})
}
