package gitedit

import "github.com/gitedit/gitedit/gitedit/internal/commitmsg"

// Trailer is one "Key: value" trailer line of a commit message.
type Trailer = commitmsg.Trailer

// Transitional names for the callers not yet moved (issue 13): each goes
// when its callers call commitmsg directly.
var (
	trailerPath   = commitmsg.Path
	parseTrailers = commitmsg.Parse
	splitSubject  = commitmsg.SplitSubject
	plural        = commitmsg.Plural
)
