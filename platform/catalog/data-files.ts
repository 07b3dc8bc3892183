/**
 * The data files, imported so that tsc copies them into dist/ next to the
 * compiled code (resolveJsonModule). Their TypeScript types are discarded: every
 * record is validated with zod when the catalog loads. A new toolkit is a new
 * JSON file in data/ plus one line here.
 */
import categories from "./data/categories.json";
import acmeInventory from "./data/acme_inventory.json";
import github from "./data/github.json";
import gmail from "./data/gmail.json";
import hackernews from "./data/hackernews.json";
import hipchat from "./data/hipchat.json";
import linear from "./data/linear.json";
import notion from "./data/notion.json";
import openweather from "./data/openweather.json";
import slack from "./data/slack.json";
import trello from "./data/trello.json";
import twitter from "./data/twitter.json";

export interface DataFile {
  /** File name under data/, used in error messages. */
  file: string;
  data: unknown;
}

export const CATEGORIES_FILE: DataFile = { file: "categories.json", data: categories };

export const TOOLKIT_FILES: readonly DataFile[] = [
  { file: "acme_inventory.json", data: acmeInventory },
  { file: "github.json", data: github },
  { file: "gmail.json", data: gmail },
  { file: "hackernews.json", data: hackernews },
  { file: "hipchat.json", data: hipchat },
  { file: "linear.json", data: linear },
  { file: "notion.json", data: notion },
  { file: "openweather.json", data: openweather },
  { file: "slack.json", data: slack },
  { file: "trello.json", data: trello },
  { file: "twitter.json", data: twitter },
];
