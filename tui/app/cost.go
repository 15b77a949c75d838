package app

import (
	"fmt"
	"strings"

	"panto/agent"
)

// cmdCost is /cost: the session's usage and cost by model, each priced
// part (input, output, cache reads and writes), and the total. A model
// the catalogue has no price for shows its usage and says so.
func (a *App) cmdCost(string) {
	costs := a.s.Agent().Costs()
	if len(costs) == 0 {
		a.scr.Print(paint(a.th, "muted", "no model responses in this session yet"))
		return
	}
	rows := []string{paint(a.th, "heading", "Cost of this session")}
	for _, c := range costs {
		u := c.Usage
		name := c.Model
		if c.Provider != "" {
			name = c.Provider + " · " + c.Model
		}
		rows = append(rows, fmt.Sprintf("  %s: %d response%s · %d input, %d output, %d cache read, %d cache write tokens",
			name, c.Responses, plural(c.Responses), u.Input, u.Output, u.CacheRead, u.CacheWrite))
		switch {
		case u.Cost == nil:
			rows = append(rows, paint(a.th, "muted", "    no price known for this model"))
		default:
			line := fmt.Sprintf("    %s = input %s + output %s + cache read %s + cache write %s", agent.FormatUSD(u.Cost.Total()),
				agent.FormatUSD(u.Cost.Input), agent.FormatUSD(u.Cost.Output), agent.FormatUSD(u.Cost.CacheRead), agent.FormatUSD(u.Cost.CacheWrite))
			if c.Unpriced > 0 {
				line += fmt.Sprintf(" (%d response%s without a price left out)", c.Unpriced, plural(c.Unpriced))
			}
			rows = append(rows, line)
		}
	}
	if total, complete, priced := a.s.Agent().TotalCost(); priced {
		t := "  total " + agent.FormatUSD(total)
		if !complete {
			t = "  total at least " + agent.FormatUSD(total)
		}
		rows = append(rows, t)
	}
	a.scr.Print(strings.Join(rows, "\n"))
}
