package agent

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"panto/extension/discover"
	"panto/internal/mcptest"
)

// BenchmarkOpenWithMCP measures opening a session (discovery done, the
// host built, the model resolved) with no MCP server and with three,
// each this test binary serving MCP over stdio. The servers connect in
// the background, so the two should cost about the same; the time until
// they are connected is reported apart, as connect-ms (what a turn waits
// at most before its first request).
func BenchmarkOpenWithMCP(b *testing.B) {
	exe, env := mcptest.Command(b, "serve")
	var envs []string
	for k, v := range env {
		envs = append(envs, strconv.Quote(k)+" = "+strconv.Quote(v))
	}
	servers := ""
	for _, n := range []string{"a", "b", "c"} {
		servers += "\n[mcp.servers." + n + "]\ncommand = " + strconv.Quote(exe) + "\nenv = { " + strings.Join(envs, ", ") + " }\n"
	}
	for _, c := range []struct {
		name, config string
	}{{"servers=0", scriptConfig}, {"servers=3", scriptConfig + servers}} {
		b.Run(c.name, func(b *testing.B) {
			var connect time.Duration
			for b.Loop() {
				b.StopTimer()
				dir := layer(b, map[string]string{"config.toml": c.config, "turns.jsonl": ""})
				b.StartTimer()
				ts := openQuiet(b, dir)
				b.StopTimer()
				t0 := time.Now()
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				ts.MCP().WaitStarted(ctx)
				cancel()
				connect += time.Since(t0)
				ts.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(connect.Milliseconds())/float64(b.N), "connect-ms")
		})
	}
}

// openQuiet opens a session over the layer dir, as newSession does, for
// a benchmark that closes it itself.
func openQuiet(b *testing.B, dir string) *Session {
	b.Helper()
	data := b.TempDir()
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}})
	if err != nil {
		b.Fatal(err)
	}
	s, err := Open(context.Background(), Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard, NoSession: true})
	if err != nil {
		b.Fatal(err)
	}
	return s
}
