/**
 * The few lines every page with a runnable example loads: a Run and a Reset
 * button under each example, whose code becomes editable. The runner
 * itself (the type stripper, the in-page fake) loads on the first Run.
 * @module
 */
import { IN_PAGE_URL, READS_ENVIRONMENT } from "../environment.js";

type Runner = typeof import("./runner.js");

const STYLE = `
.run-example pre code[contenteditable] { outline: none; }
.run-example pre:focus-within { box-shadow: 0 0 0 2px var(--color-accent); }
.run-bar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: -0.5rem 0 0.5rem; font-size: 0.875rem; }
.run-bar button { font: inherit; padding: 0.2rem 0.9rem; cursor: pointer; border: 1px solid var(--color-accent); border-radius: 0.4rem;
  background: var(--color-background-secondary); color: var(--color-text); }
.run-bar button.run-start { background: var(--color-link); color: var(--color-background); border-color: var(--color-link); }
.run-bar button:disabled { opacity: 0.6; cursor: progress; }
.run-note { color: var(--color-text-aside); }
.run-output { display: block; margin: 0 0 1rem; padding: 0.5rem 0.75rem; border-left: 3px solid var(--color-accent);
  background: var(--color-background-secondary); font-family: var(--font-family-code, monospace); font-size: 0.875rem; white-space: pre-wrap; }
.run-output[hidden] { display: none; }
.run-line.run-warn { color: var(--color-warning-text, #a15c00); }
.run-line.run-error, .run-line.run-fail { color: var(--color-ts-keyword, #c00); }
.run-line.run-pass { color: var(--color-ts-function, #080); }
.run-line.run-status { color: var(--color-text-aside); font-style: italic; }
`;

let runner: Promise<Runner> | undefined;
const loadRunner = () => (runner ??= import(/* @vite-ignore */ new URL("./runner.js", import.meta.url).href) as Promise<Runner>);

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

function enhance(example: HTMLElement): void {
  const code = example.querySelector("pre > code");
  if (!(code instanceof HTMLElement)) return;
  const original = code.innerHTML;
  code.contentEditable = "plaintext-only";
  code.spellcheck = false;
  code.setAttribute("aria-label", "Example code, editable");

  const start = element("button", { type: "button", className: "run-start", textContent: "Run" });
  const reset = element("button", { type: "button", className: "run-reset", textContent: "Reset" });
  const note = element("span", {
    className: "run-note",
    textContent: READS_ENVIRONMENT.test(code.innerText)
      ? `Runs in your browser, against a fake server in this page: CHECKS_API_URL is ${IN_PAGE_URL}, its site, and CHECKS_API_KEY a key of a fresh project with one check.`
      : "Runs in your browser, against the fake server running in this page.",
  });
  const output = element("output", { className: "run-output", hidden: true });
  output.setAttribute("aria-live", "polite");
  example.append(element("div", { className: "run-bar" }), output);
  example.querySelector(".run-bar")!.append(start, reset, note);

  const line = (text: string, kind: string) => output.append(element("div", { className: `run-line run-${kind}`, textContent: text }));

  start.addEventListener("click", async () => {
    start.disabled = true;
    output.hidden = false;
    output.replaceChildren();
    output.dataset["state"] = "running";
    line("running…", "status");
    let printed = 0;
    try {
      const { run } = await loadRunner();
      output.replaceChildren();
      const ok = await run(code.innerText, (text, kind) => {
        printed++;
        line(text, kind);
      });
      if (printed === 0) line("(finished; it printed nothing)", "status");
      output.dataset["state"] = ok ? "passed" : "failed";
    } catch (error) {
      line(`The runner did not load: ${error instanceof Error ? error.message : String(error)}`, "fail");
      output.dataset["state"] = "failed";
    } finally {
      start.disabled = false;
    }
  });
  reset.addEventListener("click", () => {
    code.innerHTML = original;
    output.replaceChildren();
    output.hidden = true;
    delete output.dataset["state"];
  });
}

document.head.append(element("style", { textContent: STYLE }));
for (const example of document.querySelectorAll<HTMLElement>(".run-example")) enhance(example);
