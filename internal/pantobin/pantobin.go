// Package pantobin builds the panto binary for the tests that run it as a
// user would (the conformance corpus, the standard tools end to end, the
// terminal UI under tmux): one helper, so that every such test builds the
// same way, at most once per test binary, and cleans up after itself.
//
// A test package that uses it removes the build in its TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pantobin.Run(m)) }
//
// go test caches a package's result from its imports, and a binary built
// during the test is not one of them: a test package whose verdict depends
// on the engine also imports a package of it for that reason alone, as
// conformance imports internal/luacli.
package pantobin

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// buildEnv is the environment as the test binary started, before any
// test moved HOME or XDG_* into a temporary folder: go build derives its
// build and module caches from HOME, and under a test's empty HOME it
// would rebuild every package and download every module, minutes on a
// loaded machine and a failure without the network.
var buildEnv = os.Environ()

var (
	once   sync.Once
	dir    string // the temporary folder holding the binary
	path   string
	errMsg string
)

// Path returns the path of a panto binary built from this module's
// cmd/panto, building it on the first call. A failed build fails the
// test with the compiler's output.
func Path(tb testing.TB) string {
	tb.Helper()
	once.Do(build)
	if errMsg != "" {
		tb.Fatal(errMsg)
	}
	return path
}

func build() {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		errMsg = "pantobin: cannot find the module root"
		return
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	if _, err := exec.LookPath("go"); err != nil {
		errMsg = "pantobin: no go command to build panto with"
		return
	}
	d, err := os.MkdirTemp("", "panto-bin")
	if err != nil {
		errMsg = "pantobin: " + err.Error()
		return
	}
	dir = d
	bin := filepath.Join(d, "panto")
	// urfave_cli_no_docs and no cgo as in `make build`: cmd/panto's
	// start-up test checks the init work of the binary as shipped, and
	// the end-to-end tests run that binary.
	cmd := exec.Command("go", "build", "-tags", "urfave_cli_no_docs", "-o", bin, "./cmd/panto")
	cmd.Dir = root
	cmd.Env = append(buildEnv, "CGO_ENABLED=0")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		errMsg = fmt.Sprintf("building panto: %v\n%s", err, out.String())
		return
	}
	path = bin
}

// Run runs the tests and then removes the binary, if one was built. It
// returns m.Run's exit code, for os.Exit.
func Run(m *testing.M) int {
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	return code
}
