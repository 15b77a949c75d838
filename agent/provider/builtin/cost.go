package builtin

import "panto/agent/conv"

// Cost prices one response's usage at the model's catalogue prices: the
// long-context tier's when the prompt (input, cache reads and writes)
// exceeds its threshold, on every token of the request, as the vendors
// bill it. ok is false when the model has no price, or when the usage
// has cache reads or writes the price does not cover: a partial figure
// would understate the bill, so none is given.
func (m CatalogModel) Cost(u conv.Usage) (c conv.Cost, ok bool) {
	if m.Price == nil {
		return conv.Cost{}, false
	}
	p := *m.Price
	if lc := m.LongContext; lc != nil && u.Input+u.CacheRead+u.CacheWrite > lc.Above {
		p = *lc
	}
	if (u.CacheRead > 0 && p.CacheRead == 0) || (u.CacheWrite > 0 && p.CacheWrite == 0) {
		return conv.Cost{}, false
	}
	const perToken = 1e-6 // prices are per million tokens
	return conv.Cost{
		Input:      float64(u.Input) * p.Input * perToken,
		Output:     float64(u.Output) * p.Output * perToken,
		CacheRead:  float64(u.CacheRead) * p.CacheRead * perToken,
		CacheWrite: float64(u.CacheWrite) * p.CacheWrite * perToken,
	}, true
}
