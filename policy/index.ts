/**
 * The policy pack `integration-platform`. Run it with
 * `pulumi preview --policy-pack policy` (optionally `--policy-pack-config policy/examples/strict.json`).
 * Constructing the PolicyPack starts the analyzer server, so only the engine loads this file;
 * tests import ./policies instead.
 */
import { PolicyPack } from "@pulumi/policy";
import { PACK_NAME, policies } from "./policies";

new PolicyPack(PACK_NAME, {
  description:
    "Checks stacks that declare Integration Platform resources: MCP server names and tool scope, " +
    "project configuration baseline, https URLs and stack-wide rules.",
  policies,
});
