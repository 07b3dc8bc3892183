/**
 * Compile-time check (tsc, not vitest): the interfaces generated from the field tables
 * (provider/resources/types.generated.ts) are exactly as strict as the mapped types of fields.ts
 * they stand for: the same keys, the same optional ones, each property accepting the same values
 * both ways. A table changed without `npm run generate:types` fails `tsc` here, naming the
 * resource and the key, e.g. `"McpServer args: name"`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ArgsOf } from "../../provider/resources/fields";
import type { RESOURCE_KINDS } from "../../provider/resources/kinds";
import type { OutputProperties } from "../../provider/resources/resource-class";
import type { ResourceTypes } from "../../provider/resources/types.generated";

type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];

/** The keys that only one of A and B has, that only one has optional, or whose values differ. */
type Differences<A, B> =
  | Exclude<keyof A, keyof B>
  | Exclude<keyof B, keyof A>
  | Exclude<OptionalKeys<A>, OptionalKeys<B>>
  | Exclude<OptionalKeys<B>, OptionalKeys<A>>
  | { [K in keyof A & keyof B]-?: MutuallyAssignable<A[K], B[K]> extends true ? never : K }[keyof A & keyof B];

type Kinds = typeof RESOURCE_KINDS;
type Mismatches = {
  [R in keyof Kinds]: R extends keyof ResourceTypes
    ?
        | `${R} args: ${Differences<ResourceTypes[R]["args"], ArgsOf<Kinds[R]["schema"]>> & string}`
        | `${R} properties: ${Differences<ResourceTypes[R]["properties"], OutputProperties<Kinds[R]["schema"]>> & string}`
    : `${R}: not generated`;
}[keyof Kinds];

/** Fails to compile unless `T` is `never`, showing `T`. */
type NoneOf<T extends never> = T;
export type GeneratedTypesMatchTables = NoneOf<Mismatches>;

// The check itself catches each kind of difference.
type Field = pulumi.Input<string>;
// @ts-expect-error a key only one side has
export type MissingKey = NoneOf<Differences<{ a: Field }, { a: Field; b?: Field }>>;
// @ts-expect-error optional on one side, required on the other
export type Optionality = NoneOf<Differences<{ a?: Field }, { a: Field }>>;
// @ts-expect-error a literal union against any string
export type Literals = NoneOf<Differences<{ a: pulumi.Input<"V1" | "V2"> }, { a: Field }>>;
// @ts-expect-error an Output of undefined accepted by one side only
export type OutputOfUndefined = NoneOf<Differences<{ a?: pulumi.Input<string | undefined> }, { a?: Field }>>;
// @ts-expect-error a nullable output against a non-nullable one
export type Nullable = NoneOf<Differences<{ a: pulumi.Output<string | null> }, { a: pulumi.Output<string> }>>;
export type Same = NoneOf<Differences<{ readonly a?: pulumi.Input<string | undefined> }, { a?: pulumi.Input<string> | pulumi.Input<string | undefined> }>>;
