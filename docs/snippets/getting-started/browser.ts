import { createClient } from "@checks-api/sdk/fetch";

// A status list for a web page. Only a read-only key belongs in a browser: it can read checks,
// flips and badges and change nothing. With a literal hcr_ key, createClient is typed ReadOnlyChecksClient.
export async function showStatus(list: HTMLUListElement, apiKey: `hcr_${string}`): Promise<void> {
  const board = createClient({ apiKey, baseUrl: "https://checks.example.com" });
  const items = (await board.checks.list({ tag: "prod" })).map((check) => {
    const item = document.createElement("li");
    item.textContent = `${check.name}: ${check.status}`;
    return item;
  });
  list.replaceChildren(...items);
}
