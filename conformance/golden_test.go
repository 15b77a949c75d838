package conformance

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

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

var prognameRE = regexp.MustCompile(`(?m)^panto: `)

// run executes one program under the panto binary bin the way regen.sh
// runs the reference.
func run(t *testing.T, bin, path string) (stdout, errText string) {
	dir, file := filepath.Split(path)
	name := strings.TrimSuffix(file, ".lua")
	args := []string{"lua", file}
	if extra, err := os.ReadFile(filepath.Join(dir, name+".args")); err == nil {
		args = append(args, strings.Fields(string(extra))...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=/nonexistent", "LANG=C", "LC_ALL=C", "TZ=UTC",
		"LUA_PATH=lib/?.lua;lib/?/init.lua", "LUA_CPATH=lib/?.so",
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok || ctx.Err() != nil {
			t.Fatalf("running %s: %v", path, err)
		}
		code = ee.ExitCode()
	}
	if code != 0 || errb.Len() > 0 {
		errText = fmt.Sprintf("exit %d\n%s", code, prognameRE.ReplaceAllString(errb.String(), "lua: "))
	}
	return out.String(), errText
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
			gotOut, gotErr := run(t, bin, path)
			if gotOut != string(wantOut) {
				t.Errorf("stdout differs\n--- want\n%s\n--- got\n%s", wantOut, gotOut)
			}
			if gotErr != string(wantErr) {
				t.Errorf("stderr/exit differs\n--- want\n%s\n--- got\n%s", wantErr, gotErr)
			}
		})
	}
}
