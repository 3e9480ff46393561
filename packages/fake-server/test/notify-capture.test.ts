import { describe, expect, it } from "vitest";
import { notifies } from "../src/model/kinds/registry.js";
import { renderAlert } from "../src/model/kinds/registry.js";
import { validateChannelValue } from "../src/model/notify/settings.js";
import type { HttpAlert } from "../src/model/notify/view.js";
import {
  RECEIVER,
  STEP_FACTS,
  arrival,
  capturedEmails,
  channel,
  channelOfPath,
  requests,
  setup,
  steps,
  valueAt,
  viewFor,
} from "./notify-capture.js";

/** What the receiver saw that the sending client added, not the service. */
const CLIENT_HEADERS = new Set(["Host", "Accept", "Content-Length", "Expect"]);

function stepRequests(step: number) {
  const range = steps[step - 1]?.delivery_lines ?? [0, 0];
  return requests.slice(range[0], range[1]);
}

/** The channel labels of a step's log lines, in the order the processor delivered them. */
function logOrder(step: number): string[] {
  const log = steps[step - 1]?.sendalerts.log ?? [];
  return log.slice(1).map((line) => {
    const prefix = line.trim().slice(0, 8);
    const found = setup.channels.find((c) => c.uuid.startsWith(prefix));
    if (!found) throw new Error(`no channel ${prefix}`);
    return found.label;
  });
}

const notifyingSteps = Object.keys(STEP_FACTS).map(Number);

describe("each captured webhook and chat delivery renders byte for byte", () => {
  for (const step of notifyingSteps) {
    const byChannel = new Map<string, ReturnType<typeof stepRequests>>();
    for (const request of stepRequests(step)) {
      if (request.path === "/ok-after-redirect") continue; // the client following a redirect
      const label = channelOfPath(request.path);
      byChannel.set(label, [...(byChannel.get(label) ?? []), request]);
    }
    for (const [label, attempts] of byChannel) {
      it(`step ${step}: ${label} (${attempts.length} attempt${attempts.length === 1 ? "" : "s"})`, () => {
        const first = attempts[0] as (typeof attempts)[number];
        const rendered = renderAlert(viewFor(step, label, arrival(first))) as HttpAlert;
        expect(rendered.type).toBe("http");
        for (const request of attempts) {
          expect(rendered.method).toBe(request.method);
          expect(rendered.url).toBe(`${RECEIVER}${request.path}`);
          expect(rendered.headers).toEqual(request.headers.filter(([name]) => !CLIENT_HEADERS.has(name)));
          const body = rendered.body === null ? "" : Buffer.from(rendered.body).toString("base64");
          expect(body).toBe(request.body_b64);
        }
      });
    }
  }
});

describe("each captured alert email renders line for line", () => {
  for (const email of capturedEmails()) {
    it(email.file, () => {
      // The email's sending time lies between the requests of the channels
      // delivered before and after it, within the second its Date names.
      const order = logOrder(email.step);
      const index = order.indexOf(email.label);
      const times = (labels: string[]) =>
        stepRequests(email.step)
          .filter((request) => labels.includes(channelOfPath(request.path)))
          .map(arrival);
      const before = Math.max(email.date, ...times(order.slice(0, index)));
      const after = Math.min(email.date + 999, ...times(order.slice(index + 1)));
      const view = viewFor(email.step, email.label, (before + after) / 2, email.unsubscribeUrl);
      const rendered = renderAlert(view);
      if (rendered.type !== "email") throw new Error("not an email");
      expect({ to: rendered.to, subject: rendered.subject, text: rendered.text }).toEqual({ to: email.to, subject: email.subject, text: email.text });
      expect(rendered.html).toBe(email.html);
      expect(rendered.attachments).toEqual([]);
      // The same fields in the same order; the boundary and the message ID's numbers are the sender's own.
      const decoded = (name: string, value: string) => (name === "Content-Type" ? value.replace(/;.*$/, "") : name === "Subject" ? email.subject : value);
      const captured = email.headers.map(([name, value]) => [name, decoded(name, value)]);
      expect(rendered.headers.filter(([name]) => name !== "Message-ID")).toEqual(captured.filter(([name]) => name !== "Message-ID"));
      expect(rendered.headers.map(([name]) => name)).toEqual(email.headers.map(([name]) => name));
      expect(new Map(rendered.headers).get("Message-ID")).toMatch(/^<\d{12}\.\d+\.\d+@example\.org>$/);
    });
  }
});

describe("the captured channels", () => {
  it("settings are all accepted", () => {
    for (const found of setup.channels) expect(validateChannelValue(found.kind, found.value)).toBeNull();
  });

  it("each step notifies exactly the channels the processor delivered to", () => {
    for (const step of notifyingSteps) {
      const facts = STEP_FACTS[step] as (typeof STEP_FACTS)[number];
      const assigned = (setup.checks[facts.check]?.["channels"] as string).split(",");
      const selected = setup.channels
        .filter((c) => assigned.includes(c.uuid) && !c.disabled)
        .filter((c) => notifies(c.kind, valueAt(c, step), facts.status))
        .map((c) => c.label);
      expect(selected.sort(), `step ${step}`).toEqual(logOrder(step).sort());
    }
  });

  it("the redirect webhook had no up URL before step 5, so it was skipped", () => {
    const redirect = channel("webhook_redirect");
    expect(notifies("webhook", valueAt(redirect, 3), "up")).toBe(false);
    expect(notifies("webhook", valueAt(redirect, 5), "up")).toBe(true);
  });
});
