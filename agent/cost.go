package agent

import (
	"fmt"
	"sort"

	"panto/agent/conv"
	"panto/agent/provider/builtin"
)

// Cost: each assistant message's usage is priced when it arrives, from
// the catalogue (builtin.Catalog.Model), and the price is kept on the
// message (conv.Usage.Cost, stored with the session), so a resumed
// session sums what it cost then, not at today's prices. A model the
// catalogue has no price for keeps its usage and no cost.

// priceUsage sets u.Cost for a response of model m, when the catalogue
// prices it.
func priceUsage(m *Model, u *conv.Usage) {
	if m == nil || u == nil {
		return
	}
	cat, err := builtin.LoadCatalog()
	if err != nil {
		return
	}
	cm, ok := cat.Model(m.Provider, m.Config, m.ID)
	if !ok {
		return
	}
	if c, ok := cm.Cost(*u); ok {
		u.Cost = &c
	}
}

// ModelCost is one model's share of a session: its usage summed over
// its responses (Usage.Cost the sum of the priced ones), how many
// responses there were and how many had no price.
type ModelCost = conv.Spend

// costLedger sums a session's usage by model.
type costLedger map[[2]string]*ModelCost

func (l costLedger) add(m conv.Message) {
	if m.Role != conv.Assistant || m.Usage == nil {
		return
	}
	unpriced := 0
	if m.Usage.Cost == nil {
		unpriced = 1
	}
	l.addSpend(conv.Spend{Provider: m.Provider, Model: m.Model, Usage: *m.Usage, Responses: 1, Unpriced: unpriced})
}

// addSpend adds what some responses of one model spent.
func (l costLedger) addSpend(s conv.Spend) {
	k := [2]string{s.Provider, s.Model}
	c := l[k]
	if c == nil {
		c = &ModelCost{Provider: s.Provider, Model: s.Model}
		l[k] = c
	}
	c.Usage.Add(s.Usage)
	c.Responses += s.Responses
	c.Unpriced += s.Unpriced
}

// spends lists the ledger in the order of provider and model name, each
// a copy of its own.
func (l costLedger) spends() []conv.Spend {
	out := make([]conv.Spend, 0, len(l))
	for _, c := range l {
		mc := *c
		mc.Usage = c.Usage.Clone()
		out = append(out, mc)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Provider != out[j].Provider {
			return out[i].Provider < out[j].Provider
		}
		return out[i].Model < out[j].Model
	})
	return out
}

// ledgerOf sums the assistant messages of msgs.
func ledgerOf(msgs []conv.Message) costLedger {
	l := costLedger{}
	for _, m := range msgs {
		l.add(m)
	}
	return l
}

// spentOn is what a conversation's branch cost: what its latest
// compaction summary carries for the messages before its first kept one
// (conv.Message.SpentBefore), plus the responses from there on. A
// conversation that still holds the messages before the first kept one
// (it was not read from a file's tail) counts them through the summary
// alone, so nothing is counted twice.
func spentOn(c *conv.Conversation) costLedger {
	k := c.LastCompaction()
	if k < 0 {
		return ledgerOf(c.Messages)
	}
	l := costLedger{}
	for _, s := range c.Messages[k].SpentBefore {
		l.addSpend(s)
	}
	from := k // a summary that kept nothing stands for all before it
	if f := indexOfID(c.Messages, c.Messages[k].FirstKept, k); f >= 0 {
		from = f
	}
	for _, m := range c.Messages[from:] {
		l.add(m)
	}
	return l
}

// Costs is the session's usage and cost by model, in the order of
// provider and model name: the responses of this session, those before
// a resume included, and those a compaction summarised (its summary
// carries what they cost). A resumed session counts the responses of
// its current branch; one that ran here also counts those of branches it
// left (/tree, /rewind) while it ran.
func (a *Agent) Costs() []ModelCost {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.costs.spends()
}

// TotalCost is the session's cost in US dollars, and whether every
// response was priced (false: the figure leaves some out, or there is no
// figure at all when priced is false and total 0).
func (a *Agent) TotalCost() (total float64, complete bool, any bool) {
	complete = true
	for _, c := range a.Costs() {
		if c.Usage.Cost != nil {
			total += c.Usage.Cost.Total()
			any = true
		}
		if c.Unpriced > 0 {
			complete = false
		}
	}
	return total, complete, any
}

// FormatUSD writes an amount of US dollars as cost lines show it: cents
// for a dollar or more, and more digits below, where a session's first
// requests lie.
func FormatUSD(v float64) string { return conv.FormatUSD(v) }

// CostSummary is one line for the session's usage and cost: tokens by
// kind, then the cost ("no price" when no response was priced, "at
// least" when some were not). "" when nothing was used yet.
func (a *Agent) CostSummary() string {
	var u conv.Usage
	responses := 0
	for _, c := range a.Costs() {
		u.Add(c.Usage)
		responses += c.Responses
	}
	if responses == 0 {
		return ""
	}
	line := fmt.Sprintf("%d input, %d output, %d cache read, %d cache write tokens", u.Input, u.Output, u.CacheRead, u.CacheWrite)
	total, complete, priced := a.TotalCost()
	switch {
	case !priced:
		return line + "; no price known for this model"
	case !complete:
		return line + "; cost at least " + FormatUSD(total) + " (some responses have no known price)"
	}
	return line + "; cost " + FormatUSD(total)
}
