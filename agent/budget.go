package agent

import (
	"fmt"
	"slices"

	"panto/agent/conv"
	"panto/agent/provider"
)

// A window budget splits the model's context window for compaction.
// pi's fixed figures (reserve 16,384 tokens, keep 20,000) suit a
// 200k-token window; on the 8k–32k windows of local models they keep
// more than the point at which compaction starts, so it can never cut
// anything. The figures here scale with the window and the model's
// output limit, and reach pi's on large windows.
type windowBudget struct {
	// window is the model's context window in tokens (0: unknown).
	window int64
	// reserve is left free below the window for the response and for
	// what the token estimate gets wrong: compaction starts when the
	// next request would use more than window-reserve.
	reserve int64
	// keep is about how many recent tokens compaction keeps verbatim.
	keep int64
}

const (
	maxReserve = 16384
	maxKeep    = 20000
)

// budgetFor is the budget of model m (zero when its window is unknown).
func budgetFor(m *Model) windowBudget {
	if m == nil {
		return windowBudget{}
	}
	return newBudget(m.ContextWindow(), int64(m.Config.ModelMaxTokens(m.Alias)))
}

// newBudget scales the reserve and the kept amount to window: a quarter
// of the window is reserved (at most 16,384 tokens, but at least the
// response limit when that is below half the window), and two fifths of
// the rest is kept (at most 20,000 tokens). After a compaction the
// context is the system prompt and tools, the summary and the kept
// part: well below the point where compaction starts again.
func newBudget(window, maxOutput int64) windowBudget {
	if window <= 0 {
		return windowBudget{}
	}
	reserve := min(window/4, maxReserve)
	if maxOutput > reserve && maxOutput <= window/2 {
		reserve = maxOutput
	}
	keep := min((window-reserve)*2/5, maxKeep)
	return windowBudget{window: window, reserve: reserve, keep: keep}
}

// limit is the largest context a request may use (0: unbounded).
func (b windowBudget) limit() int64 {
	if b.window <= 0 {
		return 0
	}
	return b.window - b.reserve
}

// estimateTokens guesses a token count at four characters a token, the
// usual rule of thumb; the agent corrects it by what the provider
// reports (Agent.scale).
func estimateTokens(ms []conv.Message) int64 {
	var n int64
	for i := range ms {
		n += messageTokens(&ms[i])
	}
	return n
}

func messageTokens(m *conv.Message) int64 {
	var n int64
	for _, b := range m.Blocks {
		n += int64(len(b.Text)+len(b.Arguments)+len(b.Name)) / 4
		if b.Type == conv.Image {
			n += 1000
		}
	}
	return n + 4 // the message's framing
}

// overheadTokens estimates what a request carries besides its messages:
// the system prompt and the tools' descriptions and schemas.
func overheadTokens(req *provider.Request) int64 {
	n := len(req.System)
	for _, t := range req.Tools {
		n += len(t.Name) + len(t.Description) + len(t.Schema)
	}
	return int64(n) / 4
}

// requestTokens estimates the context req will use, before correction.
func requestTokens(req *provider.Request) int64 {
	return overheadTokens(req) + estimateTokens(req.Messages)
}

// scaleNow is the ratio of the provider's token counts to the estimate
// (1 until a provider reported one).
func (a *Agent) scaleNow() float64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.scale <= 0 {
		return 1
	}
	return a.scale
}

// scaled corrects an estimate by the ratio the provider last reported.
func (a *Agent) scaled(est int64) int64 { return int64(float64(est) * a.scaleNow()) }

// calibrate learns how the model's tokenizer counts against the
// estimate: reported is the context the provider said the request and
// its response used, estimated the estimate of both. The ratio is kept
// within sensible bounds so one odd report cannot derail it.
func (a *Agent) calibrate(reported, estimated int64) {
	if reported <= 0 || estimated <= 0 {
		return
	}
	r := min(max(float64(reported)/float64(estimated), 0.5), 4)
	a.mu.Lock()
	a.scale = r
	a.mu.Unlock()
}

// overflowed raises the correction after the provider refused a request
// as too large: the estimate was too low.
func (a *Agent) overflowed() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.scale < 1 {
		a.scale = 1
	}
	a.scale = min(a.scale*1.25, 4)
}

// cutNoteFormat ends a text cut to fit the window.
const cutNoteFormat = "\n[… %d characters cut to fit the model's context window; the full text is in the session file]"

// minCutChars is the least a cut text keeps.
const minCutChars = 256

// fitRequest cuts the longest texts of req's messages (a huge tool
// result, a pasted file) until the request's estimate is at most limit
// tokens, each cut text ending with a note. The conversation keeps the
// full texts: only this request is cut. It reports how many texts were
// cut. Tool-call arguments are never cut (they must stay valid JSON).
func fitRequest(req *provider.Request, limit int64, scale float64) int {
	if limit <= 0 {
		return 0
	}
	if scale <= 0 {
		scale = 1
	}
	est := int64(float64(requestTokens(req)) * scale)
	if est <= limit {
		return 0
	}
	// Characters to remove, at four a token, corrected by the scale.
	over := int(float64(est-limit)/scale)*4 + 64
	var sizes []int
	for _, m := range req.Messages {
		for _, b := range m.Blocks {
			if b.Type == conv.Text && len(b.Text) > minCutChars {
				sizes = append(sizes, len(b.Text))
			}
		}
	}
	if len(sizes) == 0 {
		return 0
	}
	// The cap: every text longer than it is cut to it. The lowest cap
	// that frees enough is found over the sorted sizes.
	slices.Sort(sizes)
	limitChars := capFor(sizes, over)
	cut := 0
	// The messages and their blocks may be shared with the conversation:
	// the cut texts go into copies.
	req.Messages = slices.Clone(req.Messages)
	for i := range req.Messages {
		m := &req.Messages[i]
		var blocks []conv.Block
		for j, b := range m.Blocks {
			if b.Type != conv.Text || len(b.Text) <= limitChars {
				continue
			}
			if blocks == nil {
				blocks = slices.Clone(m.Blocks)
			}
			note := fmt.Sprintf(cutNoteFormat, len(b.Text)-limitChars)
			blocks[j].Text = cutUTF8(b.Text, limitChars) + note
			cut++
		}
		if blocks != nil {
			m.Blocks = blocks
		}
	}
	return cut
}

// capFor is the largest length c (at least minCutChars) such that
// cutting every size above c to c removes at least over characters;
// sizes are sorted ascending.
func capFor(sizes []int, over int) int {
	freed := func(c int) int {
		n := 0
		for i := len(sizes) - 1; i >= 0 && sizes[i] > c; i-- {
			n += sizes[i] - c - len(cutNoteFormat)
		}
		return n
	}
	lo, hi := minCutChars, sizes[len(sizes)-1]
	if freed(lo) < over {
		return lo
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if freed(mid) >= over {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// cutUTF8 is s's first n bytes, backed off to a rune boundary.
func cutUTF8(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
