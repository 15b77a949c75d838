package conformance

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"panto/internal/corpus"
	"panto/internal/pantobin"

	// The test runs a freshly built panto binary; importing what it is
	// built from makes go test's cache notice when the engine changes.
	_ "panto/internal/luacli"
)

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(pantobin.Run(m))
}

// programs lists the test programs under testdata (helper modules in lib/
// folders are not programs).
func programs(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir("testdata", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "lib" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".lua") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no test programs under testdata: the corpus is missing")
	}
	sort.Strings(files)
	return files
}

// TestGoldensHavePrograms catches a golden left behind when its program
// was renamed or removed: it would be checked by nothing.
func TestGoldensHavePrograms(t *testing.T) {
	for _, ext := range []string{".out", ".err", ".args"} {
		goldens, err := filepath.Glob("testdata/*/*" + ext)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range goldens {
			if _, err := os.Stat(strings.TrimSuffix(g, ext) + ".lua"); err != nil {
				t.Errorf("%s has no program", g)
			}
		}
	}
}

func TestGolden(t *testing.T) {
	bin := pantobin.Path(t)
	for _, path := range programs(t) {
		path := path
		rel := strings.TrimPrefix(filepath.ToSlash(path), "testdata/")
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			base := strings.TrimSuffix(path, ".lua")
			wantOut, err := os.ReadFile(base + ".out")
			if err != nil {
				t.Fatalf("missing golden output (run make golden): %v", err)
			}
			wantErr, _ := os.ReadFile(base + ".err")
			gotOut, gotErr := corpus.Run(t, bin, path)
			if gotOut != string(wantOut) {
				t.Errorf("stdout differs\n--- want\n%s\n--- got\n%s", wantOut, gotOut)
			}
			if gotErr != string(wantErr) {
				t.Errorf("stderr/exit differs\n--- want\n%s\n--- got\n%s", wantErr, gotErr)
			}
		})
	}
}
