// Command bigstream measures panto's peak memory on one very long
// streamed answer: it serves an OpenAI-compatible chat completions
// stream of -size bytes of text in -chunk byte deltas on 127.0.0.1, runs
// one headless turn of panto against it under /usr/bin/time -v (with a
// session kept on disk, so the persisted entry is part of the
// measurement), checks that panto printed exactly the answer, and
// prints the peak resident set size and its ratio to the answer.
//
//	cd bench && go run ./cmd/bigstream -panto ../bin/panto [-size 1073741824] [-chunk 1000] [-resume]
//
// -resume then continues that session with one more short turn
// (`--continue`, a one-line answer) and prints its time and peak RSS:
// what resuming a session whose last entry is the whole answer costs.
//
// `make mem-answer` runs it with 1 GiB. It needs GNU time (Linux); it is
// a manual measurement, never part of `make test` (it takes minutes and
// gigabytes). docs/benchmarks.md has the figures.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	pantoBin := flag.String("panto", "../bin/panto", "the panto binary")
	size := flag.Int64("size", 1<<30, "the answer's length in bytes")
	chunk := flag.Int("chunk", 1000, "the length of each text delta")
	session := flag.Bool("session", true, "keep the session on disk (--no-session otherwise)")
	resume := flag.Bool("resume", false, "then time --continue of that session with a short turn")
	flag.Parse()
	if *resume && !*session {
		fmt.Fprintln(os.Stderr, "bigstream: -resume needs the session kept on disk")
		os.Exit(2)
	}
	if err := run(*pantoBin, *size, *chunk, *session, *resume); err != nil {
		fmt.Fprintln(os.Stderr, "bigstream:", err)
		os.Exit(1)
	}
}

func run(pantoBin string, size int64, chunk int, session, resume bool) error {
	bin, err := filepath.Abs(pantoBin)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	requests := 0
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		if requests++; requests > 1 {
			serve(w, 5, chunk) // the resumed session's short turn
			return
		}
		serve(w, size, chunk)
	}))

	dir, err := os.MkdirTemp("", "bigstream")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ext := filepath.Join(dir, "ext")
	if err := os.MkdirAll(ext, 0o755); err != nil {
		return err
	}
	// The response is bigger than the answer (each delta's JSON around
	// it): allow it, and time enough for it on a slow machine.
	cfg := fmt.Sprintf("[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"http://%s/v1\"\nmodels = { m = \"big\" }\nmax_response_bytes = %d\nrequest_timeout = \"2h\"\n[models]\ndefault = \"local:m\"\n",
		ln.Addr(), 2*size+1<<20)
	if err := os.WriteFile(filepath.Join(ext, "config.toml"), []byte(cfg), 0o644); err != nil {
		return err
	}
	env := append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	args := []string{"-v", bin, "run", ext, "--prompt", "write a lot"}
	if !session {
		args = append(args, "--no-session")
	}
	cmd := exec.Command("/usr/bin/time", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	printed, bad := check(out, size, chunk)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("panto: %v\n%s", err, tail(stderr.String()))
	}
	if bad != "" || printed != size+1 {
		return fmt.Errorf("panto printed %d bytes (want %d and a newline): %s", printed, size, bad)
	}
	kb, wall, err := timeFigures(stderr.String())
	if err != nil {
		return err
	}
	fmt.Printf("answer %d MiB in %d-byte deltas, session kept: %v\npeak RSS %d MiB (%.2f× the answer), elapsed %s\n",
		size>>20, chunk, session, kb>>10, float64(kb<<10)/float64(size), wall)
	if !resume {
		return nil
	}
	again := exec.Command("/usr/bin/time", "-v", bin, "run", ext, "--continue", "--prompt", "and now briefly")
	again.Dir = dir
	again.Env = env
	var errs bytes.Buffer
	again.Stderr = &errs
	printedAgain, err := again.Output()
	if err != nil {
		return fmt.Errorf("panto --continue: %v\n%s", err, tail(errs.String()))
	}
	if want := text(0, 5) + "\n"; string(printedAgain) != want {
		return fmt.Errorf("panto --continue printed %q, want %q", tail(string(printedAgain)), want)
	}
	kb, wall, err = timeFigures(errs.String())
	if err != nil {
		return err
	}
	fmt.Printf("--continue with one short turn: peak RSS %d MiB, elapsed %s\n", kb>>10, wall)
	return nil
}

// timeFigures reads the peak RSS (KiB) and the elapsed time from
// /usr/bin/time -v's report.
func timeFigures(report string) (int64, string, error) {
	m := regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`).FindStringSubmatch(report)
	if m == nil {
		return 0, "", fmt.Errorf("no peak RSS in /usr/bin/time's output:\n%s", tail(report))
	}
	kb, _ := strconv.ParseInt(m[1], 10, 64)
	wall := "?"
	if el := regexp.MustCompile(`Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)`).FindStringSubmatch(report); el != nil {
		wall = el[1]
	}
	return kb, wall, nil
}

// serve writes the stream: size bytes of text, each delta's text its
// offset in decimal then letters, so a dropped or repeated delta shows.
func serve(w io.Writer, size int64, chunk int) {
	bw := bufio.NewWriterSize(w, 1<<16)
	for off := int64(0); off < size; off += int64(chunk) {
		n := min(int64(chunk), size-off)
		fmt.Fprintf(bw, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"%s\"}}]}\n\n", text(off, int(n)))
	}
	io.WriteString(bw, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	bw.Flush()
}

// text is the delta at off: the offset, then 'a's up to n bytes.
func text(off int64, n int) string {
	s := strconv.FormatInt(off, 10) + ":"
	if len(s) >= n {
		return strings.Repeat("b", n)
	}
	return s + strings.Repeat("a", n-len(s))
}

// check reads what panto printed and compares it with the answer,
// without keeping it.
func check(r io.Reader, size int64, chunk int) (int64, string) {
	br := bufio.NewReaderSize(r, 1<<16)
	var n int64
	var bad string
	var want []byte
	buf := make([]byte, 1<<16)
	for {
		k, err := br.Read(buf)
		if k > 0 && bad == "" {
			want = expected(want[:0], n, k, size, chunk)
			if !bytes.Equal(buf[:k], want) {
				bad = fmt.Sprintf("differs from the answer within bytes %d..%d", n, n+int64(k))
			}
		}
		n += int64(k)
		if err != nil {
			return n, bad
		}
	}
}

// expected appends the k bytes of output at offset at: the answer's
// text, then a newline.
func expected(dst []byte, at int64, k int, size int64, chunk int) []byte {
	for len(dst) < k {
		pos := at + int64(len(dst))
		if pos >= size {
			dst = append(dst, '\n')
			continue
		}
		start := pos - pos%int64(chunk)
		d := text(start, int(min(int64(chunk), size-start)))
		dst = append(dst, d[pos-start:]...)
	}
	return dst[:k]
}

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}
