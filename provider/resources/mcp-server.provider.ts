/**
 * The McpServer provider: what is particular to it beside the shared
 * lifecycle. Adopting PATCHes the declared fields that differ; an update
 * PATCHes only the changed fields; a soft-deleted server counts as gone.
 */
import { CreateMcpServerBody, type McpServer, type UpdateMcpServerBody } from "../../api";
import { labelFailure, unlessNotFound } from "../errors";
import { projectClient } from "../clients";
import { changedKeys, definedOnly } from "./diff";
import { bodyOf, inputsFromApi, keysOf, outputsFromApi, providerInputs } from "./fields";
import { resourceProvider } from "./lifecycle";
import { MCP_SERVER, type McpServerInputs, type McpServerOutputs } from "./mcp-server.schema";

const UPDATABLE = keysOf(MCP_SERVER, "update");

function outputs(_id: string, server: McpServer, declared: Partial<McpServerOutputs>): McpServerOutputs {
  return { ...providerInputs(MCP_SERVER, declared), ...inputsFromApi(MCP_SERVER, server), ...outputsFromApi(MCP_SERVER, server) } as McpServerOutputs;
}

/** A PATCH body holding only the changed fields. */
function patch(inputs: McpServerInputs, changed: string[]): UpdateMcpServerBody {
  return bodyOf(MCP_SERVER, inputs, changed) as UpdateMcpServerBody;
}

export = resourceProvider({
  schema: MCP_SERVER,
  body: CreateMcpServerBody,

  async find(id, declared) {
    const server = await unlessNotFound(() => projectClient(declared.apiKey).mcp.get(id));
    return server?.deleted ? undefined : server;
  },

  outputs,

  async adopt(live, inputs) {
    const changed = changedKeys(UPDATABLE, inputsFromApi(MCP_SERVER, live), inputs);
    const server = changed.length
      ? await labelFailure(`updating adopted MCP server "${live.id}"`, () => projectClient(inputs.apiKey).mcp.update(live.id, patch(inputs, changed)))
      : live;
    return { id: server.id, outs: outputs(server.id, server, inputs) };
  },

  async create(inputs, request) {
    const body = CreateMcpServerBody.parse(bodyOf(MCP_SERVER, inputs));
    const server = await labelFailure(`creating MCP server "${inputs.name}"`, () => projectClient(inputs.apiKey).mcp.create(body, request));
    return { id: server.id, outs: outputs(server.id, server, inputs) };
  },

  async update(id, olds, news, changed) {
    if (changed.length === 0) return { ...olds, ...definedOnly({ ...news }) };
    const server = await labelFailure(`updating MCP server "${id}"`, () => projectClient(news.apiKey).mcp.update(id, patch(news, changed)));
    return outputs(id, server, news);
  },

  async remove(id, props) {
    await projectClient(props.apiKey).mcp.delete(id);
  },
});
