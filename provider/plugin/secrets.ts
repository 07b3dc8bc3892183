/**
 * Secret values on the provider protocol. The plugin tells the engine it
 * accepts secrets (`configure`), so secret inputs arrive wrapped
 * (`{ [sig]: secretSig, value }`) and the engine keeps secret only what the
 * plugin returns wrapped: it no longer copies the secret bit from inputs to
 * outputs itself. `reveal` unwraps what comes in and remembers which
 * top-level properties were secret; `conceal` wraps those and the table's
 * secret fields on the way out.
 */
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";

type Wire = Record<string, unknown>;

function isSecret(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Wire)[specialSigKey] === specialSecretSig;
}

function unwrap(value: unknown): { value: unknown; secret: boolean } {
  if (isSecret(value)) return { value: unwrap(value.value).value, secret: true };
  if (Array.isArray(value)) {
    const items = value.map(unwrap);
    return { value: items.map((i) => i.value), secret: items.some((i) => i.secret) };
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => [k, unwrap(v)] as const);
    return { value: Object.fromEntries(entries.map(([k, i]) => [k, i.value])), secret: entries.some(([, i]) => i.secret) };
  }
  return { value, secret: false };
}

/** Plain properties, and the names of those that were (or held) secrets. */
export function reveal(properties: Wire | undefined): { plain: Wire; secrets: Set<string> } {
  const plain: Wire = {};
  const secrets = new Set<string>();
  for (const [key, value] of Object.entries(properties ?? {})) {
    const { value: v, secret } = unwrap(value);
    plain[key] = v;
    if (secret) secrets.add(key);
  }
  return { plain, secrets };
}

/** `properties` with each key in `secrets` wrapped as a secret. */
export function conceal(properties: object | undefined, secrets: Iterable<string>): Wire {
  const wire: Wire = { ...(properties as Wire | undefined) };
  for (const key of secrets) {
    if (wire[key] !== undefined) wire[key] = { [specialSigKey]: specialSecretSig, value: wire[key] };
  }
  return wire;
}
