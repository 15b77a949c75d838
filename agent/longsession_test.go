package agent

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/conv"
)

// A long scripted session: turns alternate a short chat exchange and an
// 8-tool coding turn (four requests of two calls each, then an answer)
// against a script that measures each request and refuses one over its
// window, as a local server with a small context would. Every 40th
// coding turn reads one result larger than the whole window.

// readTool returns n characters (its input), like a file read.
const readTool = `return { name = "read", description = "Read a file.", effects = {},
  schema = { type = "object", properties = { path = { type = "string" }, n = { type = "integer" } } },
  handler = function(input) return input.path .. ": " .. string.rep("lorem ipsum dolor sit amet ", input.n // 27) end }`

// longScript is the script of turns turns against a window-token
// server.
func longScript(turns int, window int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"answers": "compaction", "usage": "measured", "window": %d, "text": %q}`+"\n", window,
		"Goal: keep working on the parser. Progress: read the files, fixed the tests. "+strings.Repeat("Detail. ", 120))
	for i := 1; i <= turns; i++ {
		if i%2 == 1 {
			fmt.Fprintf(&b, `{"usage": "measured", "window": %d, "text": "Answer %d: that is fine."}`+"\n", window, i)
			continue
		}
		for r := 0; r < 4; r++ {
			n1, n2 := 400+(i*37+r*101)%2400, 300+(i*53+r*71)%1800
			if i%80 == 0 && r == 1 {
				n1 = int(window) * 6 // one result larger than the window
			}
			fmt.Fprintf(&b, `{"usage": "measured", "window": %d, "events": [{"text": "Reading."}, `+
				`{"tool_call": {"name": "read", "input": {"path": "src/f%d_%d.go", "n": %d}}}, `+
				`{"tool_call": {"name": "read", "input": {"path": "src/g%d_%d.go", "n": %d}}}]}`+"\n", window, i, r, n1, i, r, n2)
		}
		fmt.Fprintf(&b, `{"usage": "measured", "window": %d, "text": "Done with turn %d: the change is in."}`+"\n", window, i)
	}
	return b.String()
}

// longSession opens a session for longScript; notices are counted by
// kind and message, nothing else is kept (the test must not hold the
// history itself).
type longRun struct {
	*testSession
	mu          sync.Mutex
	compactions int
	notices     map[string]int
}

func newLongRun(tb testing.TB, turns int, window int64) *longRun {
	return newLongRunScript(tb, longScript(turns, window), window)
}

func newLongRunScript(tb testing.TB, script string, window int64) *longRun {
	cfg := strings.Replace(scriptConfig, `models = { m = "fake-model-1" }`,
		fmt.Sprintf("models = { m = \"fake-model-1\" }\ncontext_window = %d", window), 1)
	lr := &longRun{notices: map[string]int{}}
	lr.testSession = newSessionTB(tb, map[string]string{
		"config.toml":    cfg,
		"tools/read.lua": readTool,
		"turns.jsonl":    script,
	}, func(o *Options) {
		o.OnEvent = func(e Event) {
			lr.mu.Lock()
			defer lr.mu.Unlock()
			switch e.Type {
			case "compaction":
				lr.compactions++
			case "notice":
				lr.notices[fmt.Sprint(e.Fields["message"])]++
			}
		}
	})
	return lr
}

func (lr *longRun) turn(i int) {
	lr.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	prompt := fmt.Sprintf("Please look at part %d of the parser.", i)
	res, err := lr.Prompt(ctx, prompt)
	if err != nil || res.Status != "completed" {
		lr.t.Fatalf("turn %d: %v %+v", i, err, res)
	}
	if i%2 == 0 {
		// The turn's last results are the tool's, whole.
		c := lr.Agent().Conversation()
		for j := len(c.Messages) - 1; j >= 0; j-- {
			if r := c.Messages[j]; r.Role == conv.Tool {
				if r.IsError || !strings.HasPrefix(r.Text(), "src/g") {
					lr.t.Fatalf("turn %d: the last tool result is %q", i, r.Text())
				}
				break
			}
		}
	}
}

// TestLongSessionSmallWindow runs a few hundred turns against an
// 8,192-token window: compaction succeeds whenever it runs, no request
// goes over the window (the script would refuse it), and what the agent
// holds stays bounded. PANTO_SOAK_TURNS runs more (make soak).
func TestLongSessionSmallWindow(t *testing.T) {
	turns := 240
	if n, err := strconv.Atoi(os.Getenv("PANTO_SOAK_TURNS")); err == nil && n > 0 {
		turns = n
	}
	const window = 8192
	lr := newLongRun(t, turns, window)
	maxHeld := 0
	var halfway uint64
	for i := 1; i <= turns; i++ {
		lr.turn(i)
		if i == turns/2 {
			halfway = liveHeap()
		}
		msgs, tokens, _ := lr.Agent().ContextStats()
		if tokens > window {
			t.Fatalf("turn %d: the context is %d tokens, over the %d window", i, tokens, window)
		}
		held := lr.Agent().Conversation().Len()
		maxHeld = max(maxHeld, held)
		if i == turns {
			t.Logf("%d turns: %d compactions, %d messages held at most, %d in context at the end; notices %v", turns, lr.compactions, maxHeld, msgs, lr.noticeCounts())
		}
	}
	// Once the window is full the live heap does not grow with the
	// turns: the second half of the session leaves it where it was, give
	// or take (holding the history instead grows it by about 1.5 MB).
	end := liveHeap()
	t.Logf("live heap: %.2f MB halfway, %.2f MB at the end", float64(halfway)/(1<<20), float64(end)/(1<<20))
	if end > halfway+256<<10 {
		t.Errorf("the live heap grew from %d to %d bytes over the second half", halfway, end)
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	for msg, n := range lr.notices {
		if strings.Contains(msg, "compaction failed") || strings.Contains(msg, "window was exceeded") {
			t.Errorf("%d× notice %q", n, msg)
		}
	}
	// Each coding turn adds about 40,000 characters: at four characters a
	// token an 8k window fills every couple of turns.
	if lr.compactions < turns/10 {
		t.Errorf("%d compactions in %d turns", lr.compactions, turns)
	}
	// A coding turn is 14 messages; what is held is the kept part and
	// the turn in progress, never the history (1,800 messages here).
	if maxHeld > 120 {
		t.Errorf("the agent held up to %d messages", maxHeld)
	}
	_, _, total := lr.Agent().ContextStats()
	if want := turns/2*2 + turns/2*10; total < want {
		t.Errorf("the branch counts %d messages, want at least %d", total, want)
	}
	if lr.Agent().Conversation().Offloaded == 0 {
		t.Error("nothing was offloaded")
	}
}

// liveHeap is the heap in use after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkLiveHeapAfterTurns (run it with -benchtime=1x) reports the live heap after a number of
// turns of the long session on a 32k window; once the window is full it
// must not grow with the number of turns.
func BenchmarkLiveHeapAfterTurns(b *testing.B) {
	// One script for all: the script protocol holds its parsed responses,
	// which must not count as growth.
	script := longScript(400, 32768)
	for _, turns := range []int{100, 200, 400} {
		b.Run(fmt.Sprintf("turns=%d", turns), func(b *testing.B) {
			var heap uint64
			for range b.N {
				lr := newLongRunScript(b, script, 32768)
				base := liveHeap()
				for i := 1; i <= turns; i++ {
					lr.turn(i)
				}
				h := liveHeap()
				heap = h - min(base, h)
			}
			b.ReportMetric(float64(heap)/(1<<20), "live-MB")
		})
	}
}

func (lr *longRun) noticeCounts() map[string]int {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	out := map[string]int{}
	for k, v := range lr.notices {
		out[k] = v
	}
	return out
}
