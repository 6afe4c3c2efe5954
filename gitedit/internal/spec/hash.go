package spec

// HashResult is one line of `gitedit hash`.
type HashResult struct {
	FilePath string `json:"file_path"`
	Blob     string `json:"blob"`
}
