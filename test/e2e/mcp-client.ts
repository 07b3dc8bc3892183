/** The official MCP SDK client at a declared server's mcpUrl, for e2e tests. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A connected client; sends the project key (the endpoint ignores it when the project does not require one). */
export async function connectMcpClient(mcpUrl: string, apiKey: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { "x-api-key": apiKey } } }));
  return client;
}

/** The names `tools/list` answers at `mcpUrl`, over a session of its own. */
export async function listedToolNames(mcpUrl: string, apiKey: string): Promise<string[]> {
  const client = await connectMcpClient(mcpUrl, apiKey);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}
