package highlight

import (
	"container/list"
	"hash/maphash"
	"sync"
)

// The token cache: a small LRU keyed by (slug, body). Lexing is what
// costs; styling the cached spans again is a string build. Bounded by
// entries and by the bytes of the bodies it keeps.
const (
	cacheEntries = 256
	cacheBytes   = 8 << 20
	// cacheMin: shorter bodies lex faster than they hash and look up.
	cacheMin = 64
)

type cacheEntry struct {
	key   uint64
	slug  string
	body  string
	spans []span
}

var cache = struct {
	sync.Mutex
	seed  maphash.Seed
	byKey map[uint64]*list.Element
	order *list.List // front: most recently used
	bytes int
}{seed: maphash.MakeSeed(), byKey: map[uint64]*list.Element{}, order: list.New()}

// tokens returns the spans of body, from the cache when it has them.
func tokens(body, slug string) ([]span, bool) {
	if len(body) < cacheMin || len(body) > cacheBytes/4 {
		return lex(body, slug)
	}
	var h maphash.Hash
	h.SetSeed(cache.seed)
	h.WriteString(slug)
	h.WriteByte(0)
	h.WriteString(body)
	key := h.Sum64()

	cache.Lock()
	if el, ok := cache.byKey[key]; ok {
		e := el.Value.(*cacheEntry)
		if e.slug == slug && e.body == body {
			cache.order.MoveToFront(el)
			cache.Unlock()
			return e.spans, true
		}
	}
	cache.Unlock()

	spans, ok := lex(body, slug)
	if !ok {
		return nil, false
	}
	cache.Lock()
	defer cache.Unlock()
	if el, ok := cache.byKey[key]; ok { // a collision, or another goroutine was first
		cache.bytes -= len(el.Value.(*cacheEntry).body)
		cache.order.Remove(el)
	}
	cache.byKey[key] = cache.order.PushFront(&cacheEntry{key: key, slug: slug, body: body, spans: spans})
	cache.bytes += len(body)
	for cache.order.Len() > cacheEntries || cache.bytes > cacheBytes {
		el := cache.order.Back()
		e := el.Value.(*cacheEntry)
		cache.order.Remove(el)
		delete(cache.byKey, e.key)
		cache.bytes -= len(e.body)
	}
	return spans, true
}
