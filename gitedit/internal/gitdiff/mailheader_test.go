package gitdiff

import (
	"io"
	"net/mail"
	"strings"
	"testing"
)

// TestReadMessageReadsAsNetMail compares readMessage with the net/mail
// ReadMessage it replaces, on the headers git format-patch writes and on
// malformed ones: the same From, Date and Subject, the same body, and an
// error exactly when net/mail has one.
func TestReadMessageReadsAsNetMail(t *testing.T) {
	inputs := []string{
		"From: A U Thor <a@example.com>\nDate: Thu, 7 Apr 2005 15:13:13 -0700\nSubject: [PATCH] x\n\nbody\n---\n diff\n",
		"From: A <a@example.com>\r\nSubject: [PATCH 1/2] a long\r\n subject folded\r\n\tagain\r\n\r\nbody\r\n",
		"subject:   lower case key  \nFROM: B <b@example.com>\n\n",
		"Subject: =?UTF-8?q?caf=C3=A9?=\nX-Other: 1\nSubject: second\n\nb",
		"From: A <a@example.com>\nSubject: no body",
		"Subject: trailing spaces   \n \n\nbody after a blank continuation",
		"",
		"\nbody only\n",
		" leading continuation\nSubject: x\n\n",
		"no colon here\n\nbody\n",
		"Bad Key: x\n\n",
		"Subject:\n\nempty value\n",
		": empty key\nSubject: s\n\n",
		"Subject: a\n  \t b  \n\tc\nDate: d",
		"Subject: last line continued\n more",
		"Subject: cr\r\n\r\n",
	}
	for _, in := range inputs {
		want, werr := mail.ReadMessage(strings.NewReader(in))
		got, gerr := readMessage(strings.NewReader(in))
		if (werr == nil) != (gerr == nil) {
			t.Errorf("%q: net/mail error %v, readMessage error %v", in, werr, gerr)
			continue
		}
		if werr != nil {
			continue
		}
		for _, k := range []string{"From", "Date", "Subject", "X-Other"} {
			if w, g := want.Header.Get(k), got.header.get(k); w != g {
				t.Errorf("%q: %s is %q, net/mail %q", in, k, g, w)
			}
		}
		wb, _ := io.ReadAll(want.Body)
		gb, _ := io.ReadAll(got.body)
		if string(wb) != string(gb) {
			t.Errorf("%q: body %q, net/mail %q", in, gb, wb)
		}
	}
}
