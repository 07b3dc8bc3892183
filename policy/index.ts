/**
 * The policy pack `integration-platform`. Run it from the installed package with
 * `pulumi preview --policy-pack node_modules/pulumi-integration-platform/policy`
 * (optionally `--policy-pack-config node_modules/pulumi-integration-platform/policy/examples/strict.json`).
 * Constructing the PolicyPack starts the analyzer server, so only the engine loads this file;
 * tests import ./policies instead.
 */
import { PolicyPack } from "@pulumi/policy";
import { rejectUnknownPolicyNames } from "./configure-check";
import { PACK_NAME, policies } from "./policies";

rejectUnknownPolicyNames(
  PACK_NAME,
  policies.map((policy) => policy.name),
);

new PolicyPack(PACK_NAME, {
  description:
    "Checks stacks that declare Integration Platform resources: MCP server names and tool scope, auth config credentials and scopes, webhook event types, " +
    "project configuration baseline, https URLs and stack-wide rules.",
  policies,
});
