package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// moduleRoot is this checkout, the panto source the binary tests build.
func moduleRoot(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// result is one run of a binary.
type result struct {
	code           int
	stdout, stderr string
}

func runBin(t *testing.T, env []string, dir, bin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env, cmd.Dir = env, dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return result{code, out.String(), errOut.String()}
}

// TestBuildBinary is panto build --binary tried as an extension author
// would: build testdata/linkedext into a bundle and into a panto binary
// with the layer linked in, then run the layer's tool and command (and
// list everything registered) through `panto run BUNDLE` and through the
// new binary, over an empty folder of its own: the outputs, errors and
// exit codes are the same. It compiles and links panto, which takes
// about a minute on a busy machine (66 s measured on two shared cores),
// so it runs only when PANTO_TEST_BINARY=1 (`make test-binary` sets it)
// and never with -short.
func TestBuildBinary(t *testing.T) {
	if testing.Short() || os.Getenv("PANTO_TEST_BINARY") != "1" {
		t.Skip("builds a panto binary with go build: make test-binary runs it (PANTO_TEST_BINARY=1)")
	}
	panto := pantobin.Path(t)
	root := moduleRoot(t)
	work := t.TempDir()
	ext := filepath.Join(root, "cmd", "panto", "testdata", "linkedext")
	home := filepath.Join(work, "home")
	empty := filepath.Join(work, "empty")
	for _, d := range []string{home, empty} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// No network: the build uses this checkout, and the module and
	// build caches the test binary was built with (their defaults
	// follow HOME, which the runs get a temporary one of).
	goenv, err := exec.Command("go", "env", "GOPATH", "GOMODCACHE", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	caches := strings.Fields(string(goenv))
	if len(caches) != 3 {
		t.Fatalf("go env: %q", goenv)
	}
	env := append(os.Environ(), "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(work, "cache"),
		"XDG_CONFIG_HOME=", "XDG_DATA_HOME=", PantoSrcEnv+"="+root,
		"GOPATH="+caches[0], "GOMODCACHE="+caches[1], "GOCACHE="+caches[2],
		"GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off")

	pkg := filepath.Join(work, "linkedext.pkg")
	if r := runBin(t, env, work, panto, "build", ext, "-o", pkg); r.code != 0 {
		t.Fatalf("build: %+v", r)
	}
	mypanto := filepath.Join(work, "mypanto")
	r := runBin(t, env, work, panto, "build", ext, "--target", "go", "--binary", "-o", mypanto)
	if r.code != 0 {
		t.Fatalf("build --binary: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "wrote "+mypanto+": panto from "+root+" ("+PantoSrcEnv+") with linkedext 0.0.0 linked in as native code") {
		t.Errorf("build --binary reported:\n%s", r.stdout)
	}

	if r := runBin(t, env, work, mypanto, "--version"); !strings.Contains(r.stdout, "linked: linkedext 0.0.0 (native)") {
		t.Errorf("--version: %+v", r)
	}
	if r := runBin(t, env, work, panto, "--version"); strings.Contains(r.stdout, "linked") {
		t.Errorf("panto itself says it has a linked layer: %+v", r)
	}

	cases := []struct {
		name string
		args []string
	}{
		{"list", []string{"--list"}},
		{"tool", []string{"--tool", "sieve", "--input", `{"n":100000}`}},
		{"tool error", []string{"--tool", "sieve", "--input", `{"n":1}`}},
		{"tool input refused", []string{"--tool", "sieve", "--input", `{"n":"ten"}`}},
		{"command", []string{"--command", "/stats the cat The dog a CAT the"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := runBin(t, env, work, panto, append([]string{"run", pkg}, c.args...)...)
			got := runBin(t, env, work, mypanto, append([]string{"run", empty}, c.args...)...)
			if got != want {
				t.Errorf("linked:\n%+v\nthe bundle:\n%+v", got, want)
			}
			if want.stdout == "" && want.stderr == "" {
				t.Errorf("the bundle's run printed nothing")
			}
		})
	}

	// panto alone, headless, in a project: the linked tool answers the
	// model's call (the scripted provider of the user's configuration).
	// 168 primes are at most 1000, the last 997.
	// The same turn from the bundle (panto run BUNDLE -p) prints the
	// same.
	project := filepath.Join(work, "project")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTree(t, home, map[string]string{
		".config/panto/config.toml": scriptConfig,
		".config/panto/turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "sieve", "input": {"n": 1000}}}]}` + "\n" + `{"events": [{"text": "done"}]}` + "\n",
	})
	prompt := []string{"-p", "count the primes", "--no-session", "--verbose", "--allow", "sieve"}
	got := runBin(t, env, project, mypanto, prompt...)
	if got.code != 0 || got.stdout != "done\n" || !strings.Contains(got.stderr, "168 primes up to 1000, the last 997") {
		t.Errorf("headless: %+v", got)
	}
	if want := runBin(t, env, project, panto, append([]string{"run", pkg}, prompt...)...); got != want {
		t.Errorf("headless, linked:\n%+v\nthe bundle:\n%+v", got, want)
	}

	// A run's own folder overrides the linked layer, as it overrides
	// the standard tools.
	over := filepath.Join(work, "over")
	if err := os.MkdirAll(filepath.Join(over, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `return { name = "sieve", description = "Not a sieve.", schema = { type = "object" }, handler = function() return "overridden" end }`
	if err := os.WriteFile(filepath.Join(over, "tools", "sieve.lua"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, env, work, mypanto, "run", over, "--tool", "sieve", "--input", `{"n":10}`); r.code != 0 || r.stdout != "overridden\n" {
		t.Errorf("the folder's sieve does not override the linked one: %+v", r)
	}
}
