package agent

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScriptAtAnAbsolutePath: a script provider's script given as an
// absolute path is read there, not joined under the folder of the
// configuration that names it.
func TestScriptAtAnAbsolutePath(t *testing.T) {
	script := filepath.Join(t.TempDir(), "elsewhere.jsonl")
	if err := os.WriteFile(script, []byte(`{"text": "from elsewhere"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	config := "[providers.fake]\nprotocol = \"script\"\nscript = \"" + script + "\"\nmodels = { m = \"fake-model-1\" }\n\n[models]\ndefault = \"fake:m\"\n"
	ts := newSession(t, map[string]string{"config.toml": config})
	if res := ts.prompt("hi"); res.Err != nil || res.Text != "from elsewhere" {
		t.Fatalf("%+v", res)
	}
}
