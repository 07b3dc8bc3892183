/**
 * The WebhookSubscription provider: what is particular to it beside the
 * shared lifecycle. The API answers the signing secret in full only on create
 * and rotate_secret (masked `whsec_…abcd` elsewhere), so the state keeps the
 * secret it was given and a refresh only checks that the live one still ends
 * the same; a new `rotation` value asks for a new secret.
 */
import { CreateWebhookSubscriptionBody, type UpdateWebhookSubscriptionBody, type WebhookSubscription } from "../../api";
import { ConflictError, type IntegrationPlatformClient } from "../client";
import { labelFailure, unlessNotFound } from "../errors";
import { projectClient } from "../clients";
import { changedKeys, definedOnly } from "./diff";
import { bodyOf, inputsFromApi, keysOf, outputsFromApi, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { WEBHOOK_SUBSCRIPTION, type WebhookSubscriptionInputs, type WebhookSubscriptionOutputs } from "./webhook-subscription.schema";

const UPDATABLE = keysOf(WEBHOOK_SUBSCRIPTION, "update");
/** The inputs a PATCH carries; `rotation` is its own call. */
const PATCHED = UPDATABLE.filter((key) => key !== "rotation");

/** The secret to record: the one known in full when the live one (masked) still ends like it, else what the API shows. */
function secretOf(live: WebhookSubscription, known: string | undefined): string {
  if (known && (live.secret === known || live.secret.endsWith(known.slice(-4)))) return known;
  return live.secret;
}

function outputs(_id: string, live: WebhookSubscription, declared: Partial<WebhookSubscriptionOutputs>): WebhookSubscriptionOutputs {
  return {
    ...providerInputs(WEBHOOK_SUBSCRIPTION, declared),
    ...inputsFromApi(WEBHOOK_SUBSCRIPTION, live),
    ...outputsFromApi(WEBHOOK_SUBSCRIPTION, live),
    secret: secretOf(live, declared.secret),
  } as WebhookSubscriptionOutputs;
}

/** Sends what differs: one PATCH, then a rotation; answers the subscription with the secret known in full. */
async function reconcile(client: IntegrationPlatformClient, id: string, changed: string[], wanted: WebhookSubscriptionInputs, secret: string | undefined) {
  const patched = changed.filter((key) => PATCHED.includes(key));
  const body = bodyOf(WEBHOOK_SUBSCRIPTION, wanted, patched) as UpdateWebhookSubscriptionBody;
  let live = patched.length ? await labelFailure(`updating webhook subscription "${id}"`, () => client.webhookSubscriptions.update(id, body)) : undefined;
  if (changed.includes("rotation")) {
    ({ secret } = await labelFailure(`rotating the secret of webhook subscription "${id}"`, () => client.webhookSubscriptions.rotateSecret(id)));
  }
  live ??= await labelFailure(`reading webhook subscription "${id}"`, () => client.webhookSubscriptions.get(id));
  return { live, secret };
}

/** A second subscription is a 409 naming the existing one: add how to manage that one from the stack. */
function adoptHint(err: unknown): never {
  if (err instanceof ConflictError) throw new Error(`${err.message} To manage the existing subscription from this stack, declare adoptId with its id.`, { cause: err });
  throw err;
}

export = resourceProvider({
  schema: WEBHOOK_SUBSCRIPTION,
  body: CreateWebhookSubscriptionBody,

  find: (id, declared) => unlessNotFound(() => projectClient(declared.apiKey).webhookSubscriptions.get(id)),
  outputs,

  async adopt(live, inputs) {
    // Without `rotation` the stack cannot know the secret (the API masks it): declaring one rotates once.
    const changed = changedKeys(UPDATABLE, inputsFromApi(WEBHOOK_SUBSCRIPTION, live), inputs);
    const { live: adopted, secret } = await reconcile(projectClient(inputs.apiKey), live.id, changed, inputs, undefined);
    return { id: live.id, outs: outputs(live.id, adopted, { ...inputs, secret }) };
  },

  async create(inputs, request) {
    const client = projectClient(inputs.apiKey);
    const body = CreateWebhookSubscriptionBody.parse(bodyOf(WEBHOOK_SUBSCRIPTION, inputs));
    const made = await labelFailure(`creating the webhook subscription`, () => client.webhookSubscriptions.create(body, request).catch(adoptHint));
    return { id: made.id, outs: outputs(made.id, made, { ...inputs, secret: made.secret }) };
  },

  async update(id, olds, news, changed) {
    if (changed.length === 0) return { ...olds, ...definedOnly({ ...news }) };
    const { live, secret } = await reconcile(projectClient(news.apiKey), id, changed, news, olds.secret);
    return outputs(id, live, { ...news, secret });
  },

  async remove(id, props) {
    await projectClient(props.apiKey).webhookSubscriptions.delete(id);
  },
});
