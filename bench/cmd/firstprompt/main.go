// Command firstprompt measures the interactive session's time to its
// first prompt: it serves a one-line Anthropic Messages stream on
// 127.0.0.1, starts each binary given in tmux (a 100×40 window, an empty
// folder, an empty HOME, only ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL
// set so the built-in catalogue's provider is the model) and polls the
// pane until the prompt's placeholder is drawn. It prints, per binary,
// the elapsed time to that frame, the CPU the process used until then
// (summed over its threads from /proc/PID/task/*/schedstat) and its
// minor page faults (/proc/PID/stat), as medians and minima of -n runs
// that alternate between the binaries.
//
//	cd bench && go run ./cmd/firstprompt -n 10 ../bin/panto /tmp/panto-before
//
// With -serve it only serves the stream and prints its URL, for timing
// headless turns (`panto -p hi`) against it with perf stat. The pane is
// polled every 5 ms, so elapsed times have that resolution; tmux's own
// polling competes for the CPU, so compare binaries measured in one run.
// docs/benchmarks.md ("The session's start") has the figures.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// reply is one text answer in the Messages API's stream form.
const reply = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m-1\",\"usage\":{\"input_tokens\":80,\"output_tokens\":1}}}\n\n" +
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"hello\"}}\n\n" +
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
	"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":2}}\n\n" +
	"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"

// placeholder is what the empty prompt shows once the first frame is up.
const placeholder = "Ask, or type / for commands"

func main() {
	n := flag.Int("n", 10, "runs per binary")
	serve := flag.Bool("serve", false, "only serve the stream and print its URL")
	flag.Parse()
	url, err := startServer()
	if err != nil {
		fatal(err)
	}
	if *serve {
		fmt.Println(url)
		select {}
	}
	if flag.NArg() == 0 {
		fatal(fmt.Errorf("usage: firstprompt [-n N] BINARY..."))
	}
	results := make([][]sample, flag.NArg())
	for i := 0; i < *n; i++ {
		for b, bin := range flag.Args() {
			s, err := measure(bin, url)
			if err != nil {
				fatal(fmt.Errorf("%s: %w", bin, err))
			}
			results[b] = append(results[b], s)
		}
	}
	fmt.Printf("%-40s %12s %10s %12s %10s %10s\n", "binary", "elapsed med", "min", "CPU med", "min", "faults med")
	for b, bin := range flag.Args() {
		el := column(results[b], func(s sample) float64 { return s.elapsed.Seconds() * 1000 })
		cpu := column(results[b], func(s sample) float64 { return s.cpu.Seconds() * 1000 })
		flt := column(results[b], func(s sample) float64 { return float64(s.faults) })
		fmt.Printf("%-40s %9.1f ms %7.1f ms %9.1f ms %7.1f ms %10.0f\n", bin, el[len(el)/2], el[0], cpu[len(cpu)/2], cpu[0], flt[len(flt)/2])
	}
}

type sample struct {
	elapsed, cpu time.Duration
	faults       int
}

func column(s []sample, f func(sample) float64) []float64 {
	out := make([]float64, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	slices.Sort(out)
	return out
}

func startServer() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, reply)
	}))
	return "http://" + ln.Addr().String(), nil
}

// measure starts bin in a fresh tmux server and waits for the prompt.
func measure(bin, url string) (sample, error) {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return sample{}, err
	}
	root, err := os.MkdirTemp("", "firstprompt")
	if err != nil {
		return sample{}, err
	}
	defer os.RemoveAll(root)
	home, dir := filepath.Join(root, "home"), filepath.Join(root, "work")
	for _, d := range []string{home, dir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return sample{}, err
		}
	}
	sock := filepath.Join(root, "tmux.sock")
	tmux := func(args ...string) (string, error) {
		out, err := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		return string(out), err
	}
	defer tmux("kill-server")
	cmd := fmt.Sprintf("env -i HOME=%s PATH=/usr/bin:/bin TERM=xterm-256color ANTHROPIC_API_KEY=sk-bench ANTHROPIC_BASE_URL=%s %s; sleep 60", home, url, abs)
	start := time.Now()
	if out, err := tmux("new-session", "-d", "-x", "100", "-y", "40", "-c", dir, "-s", "fp", cmd); err != nil {
		return sample{}, fmt.Errorf("tmux: %v: %s", err, out)
	}
	for {
		if time.Since(start) > 30*time.Second {
			return sample{}, fmt.Errorf("no prompt after 30 s")
		}
		screen, _ := tmux("capture-pane", "-p", "-t", "fp")
		if strings.Contains(screen, placeholder) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	elapsed := time.Since(start)
	pid, err := pantoPID(tmux)
	if err != nil {
		return sample{}, err
	}
	cpu, faults, err := usage(pid)
	if err != nil {
		return sample{}, err
	}
	return sample{elapsed: elapsed, cpu: cpu, faults: faults}, nil
}

// pantoPID finds the panto process: the child of the pane's shell (env
// execs it).
func pantoPID(tmux func(...string) (string, error)) (int, error) {
	out, err := tmux("display-message", "-p", "-t", "fp", "#{pane_pid}")
	if err != nil {
		return 0, fmt.Errorf("pane pid: %v: %s", err, out)
	}
	shell := strings.TrimSpace(out)
	kids, err := os.ReadFile("/proc/" + shell + "/task/" + shell + "/children")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(kids))
	if len(f) == 0 {
		return 0, fmt.Errorf("the pane's shell has no child")
	}
	return strconv.Atoi(f[0])
}

// usage sums the CPU of every thread of pid (nanoseconds on the CPU,
// the first field of schedstat) and reads its minor faults.
func usage(pid int) (time.Duration, int, error) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil {
		return 0, 0, err
	}
	var cpu time.Duration
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		if ns, err := strconv.ParseInt(strings.Fields(string(data))[0], 10, 64); err == nil {
			cpu += time.Duration(ns)
		}
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// Fields after the command's closing parenthesis: minflt is the 10th
	// field of the whole line, the 8th after it.
	rest := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	faults, err := strconv.Atoi(rest[7])
	return cpu, faults, err
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "firstprompt:", err)
	os.Exit(1)
}
