// Package sdkfiles holds what both SDK generators of tools/pulumi do around Pulumi's codegen:
// bind a package schema given as JSON, and write the generated files into a directory. The
// Node.js language host (gen-sdk --language nodejs) and integration-platform-sdkgen (Python,
// Go) share it so that they read schemas and write SDKs the same way.
package sdkfiles

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Bind parses a package schema and binds it with loader, which resolves the packages the
// schema refers to. References to types the schema does not define are allowed, as
// `pulumi package gen-sdk` allows them.
func Bind(schemaJSON []byte, loader schema.Loader) (*schema.Package, hcl.Diagnostics, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(schemaJSON, &spec); err != nil {
		return nil, nil, fmt.Errorf("the package schema is not valid JSON: %w", err)
	}
	return schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
}

// Write writes files (paths relative to dir, as codegen returns them) under dir.
func Write(dir string, files map[string][]byte) error {
	for name, data := range files {
		out := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return fmt.Errorf("could not create %s: %w", filepath.Dir(out), err)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return fmt.Errorf("could not write %s: %w", out, err)
		}
	}
	return nil
}
