package highlight

import (
	"strings"
	"testing"
	"time"
)

// useClock replaces the budget's clock with one that moves step further
// at every reading: 0 never runs out of budget, a second always does.
// Real time would make the test depend on the machine's load.
func useClock(t *testing.T, step time.Duration) {
	t.Helper()
	now := time.Now()
	clock = func() time.Time { now = now.Add(step); return now }
	t.Cleanup(func() { clock = time.Now; tooSlow.Clear() })
}

func TestBudget(t *testing.T) {
	long := strings.Repeat("local x = y + 1 -- c\n", 60) // well over budgetTokens
	short := "local a = 1\n"
	Highlight(short, "lua", red) // warm the lexer: its first use is not timed
	t.Run("a short text that took long turns nothing off", func(t *testing.T) {
		useClock(t, time.Second)
		if _, ok := lex(short, "lua"); !ok {
			t.Fatal("a short text fell back to plain")
		}
		useClock(t, 0)
		if _, ok := lex(long, "lua"); !ok {
			t.Error("one slow short text turned highlighting off for longer ones")
		}
	})
	t.Run("a long text over budget is shown plain and remembered", func(t *testing.T) {
		useClock(t, time.Second)
		if _, ok := lex(long, "lua"); ok {
			t.Fatal("a text over budget was still highlighted")
		}
		useClock(t, 0)
		if _, ok := lex(long+"x = 2\n", "lua"); ok {
			t.Error("a longer text of that language was tried again")
		}
		if _, ok := lex(short, "lua"); !ok {
			t.Error("a shorter text of that language is no longer highlighted")
		}
	})
}
