package store

import (
	"encoding/json"
	"testing"

	"panto/agent/conv"
)

// TestUsageCostWire: a priced response's cost is written in pi's shape
// (usage.cost with its total) and read back; a cost of zeros, which pi
// writes for a model it has no price for, reads as no price.
func TestUsageCostWire(t *testing.T) {
	m := conv.Message{Role: conv.Assistant, Provider: "anthropic", Model: "claude-x",
		Usage: &conv.Usage{Input: 10, Output: 5, Cost: &conv.Cost{Input: 0.5, Output: 0.25, CacheRead: 0.125, CacheWrite: 1}}}
	w, _, err := encodeMessage(&m)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Usage struct {
			Cost map[string]float64 `json:"cost"`
		} `json:"usage"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	// 0.5 + 0.25 + 0.125 + 1: exact in binary floating point.
	if c := raw.Usage.Cost; c["input"] != 0.5 || c["cacheRead"] != 0.125 || c["cacheWrite"] != 1 || c["total"] != 1.875 {
		t.Errorf("wire cost %v", c)
	}
	data = append(data[:len(data)-1], []byte(`,"content":[]}`)...)
	var back wireMessage
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	got, err := decodeMessage(&back)
	if err != nil {
		t.Fatal(err)
	}
	if got.Usage == nil || got.Usage.Cost == nil || *got.Usage.Cost != *m.Usage.Cost {
		t.Errorf("read back %+v", got.Usage)
	}

	m.Usage.Cost = nil
	w, _, _ = encodeMessage(&m)
	if w.Usage.Cost != nil {
		t.Error("an unpriced response was written with a cost")
	}
	piZero := []byte(`{"role":"assistant","content":[],"usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}}}`)
	var zw wireMessage
	if err := json.Unmarshal(piZero, &zw); err != nil {
		t.Fatal(err)
	}
	if zm, err := decodeMessage(&zw); err != nil || zm.Usage.Cost != nil {
		t.Errorf("pi's zero cost read as %+v (%v)", zm.Usage, err)
	}
}

// TestSpentBeforeWire: a compaction entry's pantoSpentBefore is written
// and read back; pi's compaction entry, without it, reads as nothing
// spent.
func TestSpentBeforeWire(t *testing.T) {
	spent := []conv.Spend{
		{Provider: "anthropic", Model: "claude-x", Usage: conv.Usage{Input: 10, Output: 5, Cost: &conv.Cost{Input: 0.5, Output: 0.25}}, Responses: 2},
		{Provider: "local", Model: "qwen", Usage: conv.Usage{Input: 7}, Responses: 1, Unpriced: 1},
	}
	line, err := Marshal(&Entry{Type: TypeCompaction, ID: "c1", ParentID: "m9", Summary: "s", FirstKept: "m5", TokensBefore: 99, SpentBefore: spent})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Unmarshal(line)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.SpentBefore) != 2 || e.SpentBefore[0].Usage.Cost == nil || *e.SpentBefore[0].Usage.Cost != *spent[0].Usage.Cost ||
		e.SpentBefore[0].Responses != 2 || e.SpentBefore[1].Unpriced != 1 || e.SpentBefore[1].Usage.Cost != nil || e.FirstKept != "m5" {
		t.Errorf("read back %+v from %s", e.SpentBefore, line)
	}
	pi := []byte(`{"type":"compaction","id":"c1","parentId":"m9","timestamp":"2026-01-01T00:00:00.000Z","summary":"s","firstKeptEntryId":"m5","tokensBefore":99}`)
	e, err = Unmarshal(pi)
	if err != nil || e.SpentBefore != nil {
		t.Errorf("pi's entry: %+v, %v", e, err)
	}
}
