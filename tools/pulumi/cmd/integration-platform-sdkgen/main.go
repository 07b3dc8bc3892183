// Command integration-platform-sdkgen writes Python and Go SDKs for a Pulumi package schema
// with Pulumi's own code generators (pkg/v3/codegen/python and codegen/go, at the version
// tools/pulumi pins):
//
//	integration-platform-sdkgen <schema.json> <out-dir> [python] [go]
//
// writes <out-dir>/python and <out-dir>/go (both when no language is named), replacing what
// was there.
//
// Why a command rather than `pulumi package gen-sdk --language python|go`: gen-sdk asks the
// language host of each language to generate, and the Go module proxy refuses the upstream
// Python and Go hosts' modules (sdk/python/cmd/pulumi-language-python/v3 and
// sdk/go/pulumi-language-go/v3: 403), as it does the Node.js one. The generators themselves
// are ordinary packages of pkg/v3, so calling them directly gives the same files without
// writing two more hosts.
//
// Two things a language host adds around the generator, done here:
//   - Go: a go.mod (module: the directory above the schema's language.go.importBasePath)
//     requiring github.com/pulumi/pulumi/sdk/v3 at the version this command was built with,
//     the one the engine beside it runs.
//   - Python: unless the schema's language.python.requires names `pulumi`, the package
//     requires pulumi >= that same version, whose runtime the generated code calls.
package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"

	"pulumi-integration-platform/tools/pulumi/internal/sdkfiles"
)

const tool = "integration-platform-sdkgen"

// The module whose version the generated SDKs require.
const pulumiSDK = "github.com/pulumi/pulumi/sdk/v3"

// The go directive of the generated go.mod: the language version sdk/v3 v3.259.0 needs (its go.mod: 1.25.11).
const goDirective = "1.25"

var generators = map[string]func(*schema.Package, string) (map[string][]byte, error){
	"python": generatePython,
	"go":     generateGo,
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return errors.New("usage: integration-platform-sdkgen <schema.json> <out-dir> [python] [go]")
	}
	schemaFile, outDir, languages := args[0], args[1], args[2:]
	if len(languages) == 0 {
		languages = []string{"python", "go"}
	}
	for _, lang := range languages {
		if generators[lang] == nil {
			return fmt.Errorf("unknown language %q: name python and/or go", lang)
		}
	}

	schemaJSON, err := os.ReadFile(schemaFile)
	if err != nil {
		return err
	}
	version, err := pulumiSDKVersion()
	if err != nil {
		return err
	}
	for _, lang := range languages {
		// Bound anew per language: each generator records its own language options in the package.
		pkg, diags, err := sdkfiles.Bind(schemaJSON, noOtherPackages{})
		if err != nil {
			return fmt.Errorf("%s: %w", schemaFile, err)
		}
		if diags.HasErrors() {
			return fmt.Errorf("%s is not a valid package schema: %w", schemaFile, diags)
		}
		files, err := generators[lang](pkg, version)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", lang, err)
		}
		dir := filepath.Join(outDir, lang)
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := sdkfiles.Write(dir, files); err != nil {
			return err
		}
		fmt.Println(dir)
	}
	return nil
}

func generatePython(pkg *schema.Package, version string) (map[string][]byte, error) {
	if err := pkg.ImportLanguages(map[string]schema.Language{"python": pygen.Importer}); err != nil {
		return nil, err
	}
	info, _ := pkg.Language["python"].(pygen.PackageInfo)
	if _, ok := info.Requires["pulumi"]; !ok {
		requires := map[string]string{"pulumi": fmt.Sprintf(">=%s,<4.0.0", strings.TrimPrefix(version, "v"))}
		maps.Copy(requires, info.Requires)
		info.Requires = requires
		if pkg.Language == nil {
			pkg.Language = map[string]any{}
		}
		pkg.Language["python"] = info
	}
	return pygen.GeneratePackage(tool, pkg, nil, noOtherPackages{})
}

func generateGo(pkg *schema.Package, version string) (map[string][]byte, error) {
	if err := pkg.ImportLanguages(map[string]schema.Language{"go": gogen.Importer}); err != nil {
		return nil, err
	}
	info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	if info.ImportBasePath == "" {
		return nil, errors.New("the schema names no language.go.importBasePath, the Go import path of the SDK")
	}
	files, err := gogen.GeneratePackage(tool, pkg, nil)
	if err != nil {
		return nil, err
	}
	module := info.ModulePath
	if module == "" {
		module = path.Dir(info.ImportBasePath)
	}
	var mod modfile.File
	for _, step := range []error{mod.AddModuleStmt(module), mod.AddGoStmt(goDirective), mod.AddRequire(pulumiSDK, version)} {
		if step != nil {
			return nil, step
		}
	}
	if files["go.mod"], err = mod.Format(); err != nil {
		return nil, err
	}
	return files, nil
}

// pulumiSDKVersion is the version of github.com/pulumi/pulumi/sdk/v3 this command was built with.
func pulumiSDKVersion() (string, error) {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == pulumiSDK {
				return dep.Version, nil
			}
		}
	}
	return "", fmt.Errorf("could not tell which %s this command was built with", pulumiSDK)
}

// noOtherPackages is the schema loader: the generators ask it only for packages the schema
// depends on, and the integration-platform schema depends on none, so it loads nothing and
// says so if a schema ever does refer to another package.
type noOtherPackages struct{}

func (noOtherPackages) refuse(name string) error {
	return fmt.Errorf("the schema refers to package %q; %s generates SDKs of self-contained schemas only", name, tool)
}

func (l noOtherPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, l.refuse(pkg)
}

func (l noOtherPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, l.refuse(d.Name)
}

func (l noOtherPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, l.refuse(pkg)
}

func (l noOtherPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, l.refuse(d.Name)
}
