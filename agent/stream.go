package agent

import (
	"context"
	"errors"
	"io"
	"sync"

	"panto/agent/provider"
)

// modelStream is one model response being read, whatever produced it:
// a built-in protocol (read on the turn goroutine) or an extension
// protocol (whose next() runs on the owner).
type modelStream interface {
	// recv blocks for the next event; io.EOF after Done.
	recv(ctx context.Context) (provider.Event, error)
	// abandon tells the protocol the stream will not be read to its end
	// (the turn was cancelled or failed): an extension's cancel_turn.
	abandon()
	// close releases the stream; it runs exactly once, finished or not.
	close()
}

// goStream adapts a built-in protocol's Stream. Recv blocks on the turn
// goroutine; cancelling the turn's context ends it (the protocol closes
// its connection).
type goStream struct {
	s    provider.Stream
	once sync.Once
}

func (g *goStream) recv(ctx context.Context) (provider.Event, error) {
	ev, err := g.s.Recv()
	if err != nil && ctx.Err() != nil && !errors.Is(err, io.EOF) {
		return ev, ctx.Err()
	}
	return ev, err
}

func (g *goStream) abandon() {}

func (g *goStream) close() { g.once.Do(func() { g.s.Close() }) }
