package sse

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// BenchmarkReader: events per second through the reader alone, on the
// shape of a model's stream (an event line, one JSON data line).
func BenchmarkReader(b *testing.B) {
	var sb strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&sb, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"word %d, café\"}}\n\n", i)
	}
	body := []byte(sb.String())
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	events := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(body))
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			events++
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
