package quote

import "testing"

func TestQuotePathQuotesAsGitDoes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/plain.go", "a/plain.go"},
		{"a/with space", "a/with space"},
		{"a/q\"uote", `"a/q\"uote"`},
		{"a/back\\slash", `"a/back\\slash"`},
		{"a/tab\there", `"a/tab\there"`},
		{"a/nl\nx", `"a/nl\nx"`},
		{"a/\x01ctl", `"a/\001ctl"`},
		{"a/del\x7f", `"a/del\177"`},
		{"a/é", `"a/\303\251"`},
	}
	for _, tt := range tests {
		if got := QuotePath(tt.in); got != tt.want {
			t.Errorf("QuotePath(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
