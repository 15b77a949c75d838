package host

import (
	"io"
	"strings"

	"panto/extension/discover"
	"panto/runtime"
)

// precompiledSource returns the registered source text (runtime.
// PrecompiledSources) that m's file holds byte for byte, if any. Loading
// that string spares what reading the file costs every session for each
// base-layer module: a copy into a fresh []byte and another into a
// string, some 350 KB of new heap pages for the standard tools, each page
// a fault (docs/benchmarks.md, "The session's start"). The file is still
// read, through buf, so an edited or stale file never matches: only a text
// equal to the registered one is replaced by it.
//
// A text that SkipComment would change (a byte-order mark, a first line
// starting with #) is never taken this way: Load's argument must be the
// file's text after SkipComment, which then is the file itself.
func precompiledSource(e *discover.Entry, m discover.Module, buf []byte) (string, bool) {
	cands := runtime.PrecompiledSources(chunkName(m))
	if len(cands) == 0 || e.FS == nil {
		return "", false
	}
	f, err := e.FS.Open(m.File)
	if err != nil {
		return "", false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", false
	}
	var src string
	for _, c := range cands {
		if int64(len(c)) == info.Size() && !strings.HasPrefix(c, "#") && !strings.HasPrefix(c, "\uFEFF") {
			src = c
			break
		}
	}
	if src == "" {
		return "", false
	}
	if !sameText(f, src, buf) {
		return "", false
	}
	return src, true
}

// sameText reports whether r holds exactly want, reading it through buf.
func sameText(r io.Reader, want string, buf []byte) bool {
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if n > len(want) || string(buf[:n]) != want[:n] {
				return false
			}
			want = want[n:]
		}
		if err == io.EOF {
			return want == ""
		}
		if err != nil {
			return false
		}
	}
}

// moduleBuffer is the size of the buffer a vm compares module files
// through: small enough to stay one allocation for the session.
const moduleBuffer = 16 << 10
