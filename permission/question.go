package permission

// Question is a call put to the user: the front end (the terminal UI,
// an RPC client) shows it and answers.
type Question struct {
	// ID identifies the question among those pending (the call's id).
	ID   string
	Call Call
	// Verdict is why it asks; its Suggest is the rule "for this
	// session" and "always" would add.
	Verdict Verdict
}

// Scope is how far an allowing answer reaches.
type Scope int

const (
	// Once allows this call only.
	Once Scope = iota
	// Session adds the rule for the rest of the session.
	Session
	// Always also writes the rule into a config file.
	Always
)

// Answer is the user's answer to a Question.
type Answer struct {
	Allow bool
	Scope Scope
	// Where an Always answer writes its rule: "project" or "user".
	Where string
	// Rule is the rule a Session or Always answer adds ("" is the
	// question's Verdict.Suggest).
	Rule string
	// Reason is what a denial tells the model ("" says only that the
	// user denied it).
	Reason string
}
