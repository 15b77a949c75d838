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
type ModelCost struct {
	// Provider and Model name the model as its messages do (the
	// provider's name, the upstream id).
	Provider, Model string
	Usage           conv.Usage
	Responses       int
	Unpriced        int
}

// costLedger sums a session's usage by model.
type costLedger map[[2]string]*ModelCost

func (l costLedger) add(m conv.Message) {
	if m.Role != conv.Assistant || m.Usage == nil {
		return
	}
	k := [2]string{m.Provider, m.Model}
	c := l[k]
	if c == nil {
		c = &ModelCost{Provider: m.Provider, Model: m.Model}
		l[k] = c
	}
	c.Usage.Add(*m.Usage)
	c.Responses++
	if m.Usage.Cost == nil {
		c.Unpriced++
	}
}

// ledgerOf sums the assistant messages of msgs.
func ledgerOf(msgs []conv.Message) costLedger {
	l := costLedger{}
	for _, m := range msgs {
		l.add(m)
	}
	return l
}

// Costs is the session's usage and cost by model, in the order of
// provider and model name: the responses of this session, those before
// a resume included. The messages a compaction dropped from memory count
// when the session was resumed from its file after them only if the file
// was read whole (a long session's resume reads its tail).
func (a *Agent) Costs() []ModelCost {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]ModelCost, 0, len(a.costs))
	for _, c := range a.costs {
		mc := *c
		if c.Usage.Cost != nil {
			cp := *c.Usage.Cost
			mc.Usage.Cost = &cp
		}
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
func FormatUSD(v float64) string {
	switch {
	case v >= 1:
		return fmt.Sprintf("$%.2f", v)
	case v >= 0.01:
		return fmt.Sprintf("$%.3f", v)
	}
	return fmt.Sprintf("$%.4f", v)
}

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
