/**
 * Simple ranked term matching for tool search: the query is split into terms,
 * each term scores by the best field it starts a word of (slug and name weigh
 * most, then tags and toolkit, then description), plural forms match singular.
 */
import type { Tool } from "../../api/tool-router";

const STOP_WORDS = new Set([
  "a", "an", "and", "the", "to", "in", "on", "of", "for", "from", "with", "by", "at", "as", "is", "it",
  "my", "me", "our", "i", "we", "you", "your", "this", "that", "some", "all", "into", "about", "please",
]);

const words = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");

/** Query terms: lower case words, stop words and one-letter words dropped, de-duplicated. */
export function queryTerms(query: string): string[] {
  return [...new Set(words(query).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

function variants(term: string): string[] {
  const out = [term];
  if (term.length > 4 && term.endsWith("ies")) out.push(`${term.slice(0, -3)}y`);
  else if (term.length > 4 && /(ches|shes|sses|xes)$/.test(term)) out.push(term.slice(0, -2));
  else if (term.length > 3 && term.endsWith("s") && !term.endsWith("ss")) out.push(term.slice(0, -1));
  return out;
}

interface Field {
  words: string[];
  weight: number;
}

function fieldsOf(tool: Tool): Field[] {
  return [
    { words: words(tool.slug), weight: 4 },
    { words: words(tool.name), weight: 4 },
    { words: tool.tags.flatMap(words), weight: 2 },
    { words: [...words(tool.toolkit.slug), ...words(tool.toolkit.name)], weight: 2 },
    { words: words(tool.description), weight: 1 },
  ];
}

/** The score of `tool` for `terms`; 0 when no term matches. */
export function scoreTool(tool: Tool, terms: readonly string[]): number {
  const fields = fieldsOf(tool);
  let score = 0;
  let matched = 0;
  for (const term of terms) {
    const forms = variants(term);
    let best = 0;
    for (const field of fields) {
      if (field.weight <= best) continue;
      const hit = field.words.some((w) => forms.some((f) => w === f || (f.length >= 3 && w.startsWith(f))));
      if (hit) best = field.weight;
    }
    if (best > 0) matched += 1;
    score += best;
  }
  // Tools matching every term rank above tools matching a few terms strongly.
  if (matched === terms.length && terms.length > 1) score += 2 * terms.length;
  return score;
}

/** `tools` matching `query`, best first (ties by slug), at most `limit`. */
export function rankTools(tools: readonly Tool[], query: string, limit: number): Tool[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  return tools
    .map((tool) => ({ tool, score: scoreTool(tool, terms) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.slug.localeCompare(b.tool.slug))
    .slice(0, limit)
    .map((hit) => hit.tool);
}
