package luaweb

import (
	"net/http"
	"net/url"
	"time"

	"panto/internal/htmlmd"
	"panto/runtime"
)

var fetchKeys = map[string]bool{"url": true, "max_bytes": true, "timeout_ms": true, "max_redirects": true, "accept": true}

// luaFetch is panto.web.fetch{url=, max_bytes=, timeout_ms=,
// max_redirects=, accept=}: it returns a table (url, status,
// status_text, content_type, body, truncated, redirect, redirects) or
// raises an error saying why nothing came back.
func luaFetch(L *runtime.State, loop Async, o Options) int {
	t := L.CheckTable(1)
	for k, _, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = t.Next(k) {
		if !k.IsString() || !fetchKeys[k.AsString()] {
			L.Errorf("panto.web.fetch: unknown option %s", L.ToString(k))
		}
	}
	str := func(k string) string {
		v := t.GetStr(k)
		if v.IsNil() {
			return ""
		}
		if !v.IsString() {
			L.Errorf("panto.web.fetch: '%s' must be a string, got %s", k, v.TypeName())
		}
		return v.AsString()
	}
	num := func(k string, def, most int64) int64 {
		v := t.GetStr(k)
		if v.IsNil() {
			return def
		}
		n, ok := v.AsInt(), v.IsInt()
		if !ok && v.IsNumber() && v.AsFloat() == float64(int64(v.AsFloat())) {
			n, ok = int64(v.AsFloat()), true
		}
		if !ok || n < 0 || (n == 0 && k != "max_redirects") {
			L.Errorf("panto.web.fetch: '%s' must be a positive integer", k)
		}
		return min(n, most)
	}
	r := Request{
		URL:          str("url"),
		MaxBytes:     num("max_bytes", DefaultMaxBytes, MaxMaxBytes),
		Timeout:      time.Duration(num("timeout_ms", DefaultTimeout.Milliseconds(), MaxTimeout.Milliseconds())) * time.Millisecond,
		MaxRedirects: int(num("max_redirects", DefaultMaxRedirects, MaxMaxRedirects)),
		Accept:       str("accept"),
	}
	if r.URL == "" {
		L.Errorf("panto.web.fetch: 'url' is required")
	}
	if o.Network != nil {
		if ok, why := o.Network(); !ok {
			L.Errorf("panto.web.fetch: %s", why)
		}
	}
	client := o.Client
	if client == nil {
		client = defaultClient
	}
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		res, err := Fetch(ctx, client, r)
		if err != nil {
			return nil, err
		}
		return func() []runtime.Value {
			out := runtime.NewTable(0, 9)
			out.SetStr("url", runtime.String(res.URL))
			out.SetStr("status", runtime.Int(int64(res.Status)))
			out.SetStr("status_text", runtime.String(res.StatusText))
			out.SetStr("content_type", runtime.String(res.ContentType))
			out.SetStr("body", runtime.String(string(res.Body)))
			out.SetStr("truncated", runtime.Bool(res.Truncated))
			out.SetStr("redirects", runtime.Int(int64(res.Redirects)))
			if res.Redirect != "" {
				out.SetStr("redirect", runtime.String(res.Redirect))
			}
			return []runtime.Value{runtime.TableValue(out)}
		}, nil
	})
}

// defaultClient is the module's own client: the environment's proxy
// settings, no cookie jar (a fetch carries no state between calls).
var defaultClient = &http.Client{Transport: http.DefaultTransport}

// luaMarkdown is panto.web.markdown(html [, base_url]): the page as
// Markdown and its title.
func luaMarkdown(L *runtime.State) int {
	src := L.CheckString(1)
	var base *url.URL
	if !L.Arg(2).IsNil() {
		if u, err := url.Parse(L.CheckString(2)); err == nil {
			base = u
		}
	}
	p := htmlmd.String(src, base)
	L.Push(runtime.String(p.Markdown), runtime.String(p.Title))
	return 2
}
