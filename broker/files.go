package broker

import (
	"context"
	"os"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/engineproc"
)

// Engine options that name files (a network, opening books) reach the
// workers through the object store, like the binaries: the coordinator
// puts each file an option names in the store and sends the option with
// "sha256:HASH" in its place; the worker fetches the file (checking its
// hash) into its cache and gives the engine the cached path.

// fileRef marks a file of the object store in an option value.
const fileRef = "sha256:"

// isFileOption tells whether the option's value names files (';'
// separated): the network and the opening books, in either dialect.
func isFileOption(name string) bool {
	switch strings.ToLower(name) {
	case "evalfile", "bookfiles", "bookfile":
		return true
	}
	return false
}

// publishOptionFiles returns opts with every existing regular file that a
// file option names replaced by its reference, the file put in the store.
// Values that name no file here (<embedded>, a path only the workers
// have) are sent as they are.
func publishOptionFiles(ctx context.Context, obs jetstream.ObjectStore, opts []engineproc.Option) ([]engineproc.Option, error) {
	out := append([]engineproc.Option(nil), opts...)
	for i, o := range out {
		if !isFileOption(o.Name) {
			continue
		}
		parts := strings.Split(o.Value, ";")
		for j, p := range parts {
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				continue
			}
			sum, err := publishFile(ctx, obs, p, "option "+o.Name+" file")
			if err != nil {
				return nil, err
			}
			parts[j] = fileRef + sum
		}
		out[i].Value = strings.Join(parts, ";")
	}
	return out, nil
}

// resolveOptions returns opts with every file reference replaced by the
// path of the verified file in the cache (fetched when missing), held in
// l. A file the store does not hold is an error wrapping errUnpublished.
func (c *binaryCache) resolveOptions(ctx context.Context, opts []engineproc.Option, l *lease) ([]engineproc.Option, error) {
	out := append([]engineproc.Option(nil), opts...)
	for i, o := range out {
		if !isFileOption(o.Name) || !strings.Contains(o.Value, fileRef) {
			continue
		}
		parts, err := c.resolveRefs(ctx, strings.Split(o.Value, ";"), l)
		if err != nil {
			return nil, err
		}
		out[i].Value = strings.Join(parts, ";")
	}
	return out, nil
}

// resolveRefs returns values with every file reference replaced by the
// path of the verified file in the cache (fetched when missing), held in
// l; other values are kept.
func (c *binaryCache) resolveRefs(ctx context.Context, values []string, l *lease) ([]string, error) {
	out := append([]string(nil), values...)
	for i, v := range out {
		if sum, ok := strings.CutPrefix(v, fileRef); ok {
			path, err := c.path(ctx, sum, l)
			if err != nil {
				return nil, err
			}
			out[i] = path
		}
	}
	return out, nil
}
