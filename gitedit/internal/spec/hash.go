package spec

// HashResult is one line of `gitedit hash`.
type HashResult struct {
	// FilePath is the path as given.
	FilePath string `json:"file_path"`
	// Blob is the blob id git hash-object gives the file (after the line-
	// ending conversion git add would apply).
	Blob string `json:"blob"`
}
