package history

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The session benchmarks read sessions of benchBatches staging-mode
// batches in a repository of benchFiles files (bench/sizes' layout: 1,000
// files a folder), batch i of a session editing file i % 50, as
// `go run ./bench/sizes -sessions` records them.
const (
	benchFiles   = 5000
	benchBatches = 100
)

// benchFileName is bench/sizes' name of generated file i.
func benchFileName(i int) string { return fmt.Sprintf("d%03d/f%05d.go", i/1000, i) }

// benchBody is generated file i holding "const value = v".
func benchBody(i int, v string) string {
	return fmt.Sprintf("package p%d\n\n// File %d.\nconst value = %s\n", i/1000, i, v)
}

// benchRepo makes a repository of benchFiles files in dir holding
// sessions sessions (s0, s1, …) of benchBatches batches each, recorded
// through the ledger with the messages edit batches have, one second
// apart.
func benchRepo(tb testing.TB, sessions int) *repo.Repo {
	files := make(map[string]string, benchFiles)
	for i := 0; i < benchFiles; i++ {
		files[benchFileName(i)] = benchBody(i, "1")
	}
	dir := fixtures.NewRepo(tb, files)
	gd := filepath.Join(dir, ".git")
	db := objects.NewDB(filepath.Join(gd, "objects"))
	defer db.Close()
	s := ledger.New(db, &refs.Store{GitDir: gd, CommonDir: gd})
	head := plumbing.NewHash(strings.TrimSpace(fixtures.Git(tb, dir, "rev-parse", "HEAD")))
	when := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for k := 0; k < sessions; k++ {
		id := fmt.Sprintf("s%d", k)
		before := map[int]ledger.Side{}
		for i := 0; i < benchBatches; i++ {
			n := i % 50
			if _, ok := before[n]; !ok {
				before[n] = ledger.Side{Hash: objects.HashBlob([]byte(benchBody(n, "1"))), Mode: filemode.Regular}
			}
			after, err := objects.WriteBlob(db, []byte(benchBody(n, fmt.Sprintf("%d_%d", k, i))))
			if err != nil {
				tb.Fatal(err)
			}
			c := ledger.Change{Path: benchFileName(n), Before: before[n], After: ledger.Side{Hash: after, Mode: filemode.Regular}}
			before[n] = c.After
			when = when.Add(time.Second)
			ident := fmt.Sprintf("%s <%s> %d +0000", fixtures.Name, fixtures.Email, when.Unix())
			rec := ledger.Record{Session: id, Base: head, Changes: []ledger.Change{c}, Message: benchMessage(c, id),
				Author: ident, Committer: ident}
			if _, err := s.Append(context.Background(), rec, time.Second); err != nil {
				tb.Fatal(err)
			}
		}
	}
	r, err := repo.Open(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// benchMessage is the message an edit batch of change c has.
func benchMessage(c ledger.Change, session string) string {
	m := commitmsg.Meta{Tool: "edit", Body: []string{c.Path + ": edit 1 replaced 1 occurrence (exact) at line 4"},
		Count: 1, Match: []string{"exact"}, Request: []byte(c.After.Hash.String())}
	f := commitmsg.File{Path: c.Path, Replacements: 1, BlobBefore: c.Before.Hash.String(), BlobAfter: c.After.Hash.String()}
	return m.Message([]commitmsg.File{f}, session, "")
}

// BenchmarkSessionLog times `gitedit log --session S` (and --stat) on a
// 100-batch session.
func BenchmarkSessionLog(b *testing.B) {
	r := benchRepo(b, 1)
	for _, stat := range []bool{false, true} {
		b.Run(fmt.Sprintf("stat=%v", stat), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				entries, err := Log(context.Background(), r, spec.LogRequest{Session: "s0", Stat: stat})
				if err != nil || len(entries) != benchBatches {
					b.Fatal(len(entries), err)
				}
			}
		})
	}
}

// BenchmarkSessionList times `gitedit session list` and the note a plain
// `gitedit undo` builds, over 50 sessions of 100 batches.
func BenchmarkSessionList(b *testing.B) {
	r := benchRepo(b, 50)
	b.Run("list", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			got, err := Sessions(context.Background(), r)
			if err != nil || len(got.Sessions) != 50 || got.Sessions[0].Files != 50 || len(got.Notes) != 0 {
				b.Fatal(got, err)
			}
		}
	})
	b.Run("undo-hint", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if hint := stagedBatchHint(context.Background(), r, nil); !strings.Contains(hint, "session s49") {
				b.Fatal(hint)
			}
		}
	})
}
