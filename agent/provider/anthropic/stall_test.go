package anthropic

import (
	"io"
	"net/http"
)

// stallHandler never answers; it returns when the client gives up. It
// reads the body first: the server notices a closed connection only
// once the request body is consumed.
type stallHandler struct{}

func (stallHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	<-r.Context().Done()
}
