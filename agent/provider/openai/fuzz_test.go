package openai

import (
	"os"
	"path/filepath"
	"testing"

	"panto/agent/provider/internal/wiretest"
)

func seeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// FuzzChatDecode: any body gives events that keep the stream contract
// or a classified error; never a panic or a hang.
func FuzzChatDecode(f *testing.F) {
	seeds(f, "chat_*.sse")
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, problem := wiretest.Drive(body, newChatDecoder()); problem != "" {
			t.Fatalf("%s\nbody %q", problem, body)
		}
	})
}

// FuzzResponsesDecode is FuzzChatDecode for the Responses stream.
func FuzzResponsesDecode(f *testing.F) {
	seeds(f, "responses_*.sse")
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, problem := wiretest.Drive(body, newResponsesDecoder()); problem != "" {
			t.Fatalf("%s\nbody %q", problem, body)
		}
	})
}
