package gitedit

// commitMeta describes a batch for its commit message (SPEC 4.1).
// (Placeholder for the engineer who owns commit.go; fields may grow.)
type commitMeta struct {
	Tool    Tool
	Subject string
	Body    []string
	Count   int
	Match   []string
	Request []byte
	Extra   []Trailer
}

// Trailer is one "Key: value" trailer line.
type Trailer struct{ Key, Value string }
