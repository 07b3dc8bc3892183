/**
 * A policy pack config must name policies of this pack. The engine checks each
 * known policy's entry against its schema but passes entries for names it does
 * not know to the pack as they are, and @pulumi/policy ignores them: a typo
 * (`"require-2FA"`) would silently leave the policy at its default. The pack
 * refuses such a config instead (see configure-check.ts).
 */
import { quoteList } from "./lib";

/** `all` sets the enforcement level of every policy (`{"all": "advisory"}`); the engine applies it. */
export const ALL_POLICIES_KEY = "all";

/** The names in `configured` that are neither a policy of `known` nor `all`. */
export function unknownPolicyNames(configured: Iterable<string>, known: readonly string[]): string[] {
  const names = new Set(known);
  return [...configured].filter((name) => name !== ALL_POLICIES_KEY && !names.has(name));
}

/** The error message for a config naming `unknown` policies. */
export function unknownPolicyMessage(packName: string, unknown: readonly string[], known: readonly string[]): string {
  const what = unknown.length === 1 ? "a policy" : "policies";
  return (
    `the policy pack config names ${what} that the pack "${packName}" does not have: ${quoteList(unknown)}. ` +
    `Its policies are ${quoteList(known)} (and "${ALL_POLICIES_KEY}" for every policy). ` +
    "Fix the name in the --policy-pack-config file or remove the entry."
  );
}
