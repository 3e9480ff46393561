/**
 * Byte comparisons with deliveries captured from a real Healthchecks v4.3
 * (fixtures/notifications/more-kinds/): one check, `run`, went down by a
 * failure signal and came back up; a webhook, a group holding it, Google
 * Chat, Spike, PagerTree, Splunk On-Call, Gotify and Zulip were notified.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FakeServer } from "../src/index.js";
import { renderAlert } from "../src/model/kinds/registry.js";
import type { AlertView, HttpAlert } from "../src/model/notify/view.js";

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/notifications/more-kinds/${name}`, import.meta.url), "utf8");

/** The site root the capture ran against (the fixtures write it `SITE_ROOT`, except inside Zulip's form body). */
const SITE_ROOT = "http://127.0.0.1:8791";
/** Where the receiver listened (the fixtures write it `RECEIVER`). */
const RECEIVER = "127.0.0.1:41449";
/** What the receiver saw that the sending client added, not the service (a form's type and the credentials given to it included). */
const CLIENT_HEADERS = new Set(["Host", "Accept", "Content-Length", "Expect"]);
const FORM_HEADERS = new Set(["Authorization", "Content-Type"]);

interface Captured {
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body: string;
}

const captured: Captured[] = fixture("requests.jsonl")
  .trim()
  .split("\n")
  .map((line) => {
    const { head, body } = JSON.parse(line) as { head: string; body: string };
    const [requestLine, ...lines] = head.split("\r\n").filter((part) => part !== "");
    const [method, path] = (requestLine as string).split(" ") as [string, string];
    const headers = lines.map((header): [string, string] => {
      const colon = header.indexOf(":");
      return [header.slice(0, colon), header.slice(colon + 1).trimStart()];
    });
    return { method, path, headers, body: body.replaceAll("SITE_ROOT", SITE_ROOT) };
  });

/** Each integration's stored settings, as the capture's setup lists them. */
const SETTINGS: Record<string, { kind: string; value: string }> = {
  member: {
    kind: "webhook",
    value: JSON.stringify({
      method_down: "POST",
      url_down: `http://${RECEIVER}/ok/s9/member`,
      body_down: "$NAME $STATUS $JSON",
      headers_down: {},
      method_up: "POST",
      url_up: `http://${RECEIVER}/ok/s9/member-up`,
      body_up: "$NAME $STATUS",
      headers_up: {},
    }),
  },
  googlechat: { kind: "googlechat", value: `http://${RECEIVER}/ok/s9/googlechat` },
  spike: { kind: "spike", value: `http://${RECEIVER}/ok/s9/spike` },
  pagertree: { kind: "pagertree", value: `http://${RECEIVER}/ok/s9/pagertree` },
  victorops: { kind: "victorops", value: `http://${RECEIVER}/ok/s9/victorops` },
  gotify: { kind: "gotify", value: JSON.stringify({ url: `http://${RECEIVER}/ok/s9/gotify`, token: "gt", priority: 5, priority_up: 2 }) },
  zulip: {
    kind: "zulip",
    value: JSON.stringify({ bot_email: "bot@example.org", api_key: "k", mtype: "stream", to: "general", site: `http://${RECEIVER}/ok/s9/zulip` }),
  },
};

const NOW = Date.parse("2026-11-28T08:01:56.500Z");

/** The delivery of the capture's down flip (failure signal, third ping) or up flip (fifth ping, under a second after). */
function view(label: string, status: "up" | "down", json: string): AlertView {
  const down = status === "down";
  const at = down ? NOW : NOW + 800;
  return {
    site: { root: SITE_ROOT, name: "Mychecks" },
    project: { name: "Other kinds" },
    channel: { id: "00000000-0000-4000-8000-000000000001", name: label, ...(SETTINGS[label] as { kind: string; value: string }) },
    check: {
      uuid: "d63381b1-a642-40e4-aafe-c33a922eaeef",
      name: "run",
      slug: "",
      tags: "",
      desc: "",
      kind: "simple",
      timeout: 86_400,
      grace: 3600,
      schedule: "* * * * *",
      tz: "UTC",
      uniqueKey: "8ff5ae6b3f8fc2b906242a64eda23f7b27986e97",
      created: NOW - 200_000,
      json,
    },
    flip: { status, reason: down ? "fail" : "", at },
    downtimeMs: down ? null : 800,
    lastPing: { n: down ? 3 : 5, type: down ? "fail" : "success", exitStatus: null, body: null, remoteAddr: "127.0.0.1", at, subject: null },
    now: at + 5,
    others: [],
    overview: null,
    unsubscribeUrl: "",
  };
}

const labelOf = (path: string): string => (path.startsWith("/ok/s9/member") ? "member" : (path.split("/")[3] as string));

describe("each captured delivery renders byte for byte", () => {
  // The down flip's requests come first; the first up request is the first to a path seen before.
  const firstUp = captured.findIndex((request, i) => captured.slice(0, i).some((earlier) => labelOf(earlier.path) === labelOf(request.path) && earlier.path !== "/ok/s9/member"));
  for (const [i, request] of captured.entries()) {
    const status = i < firstUp ? "down" : "up";
    const label = labelOf(request.path);
    it(`${status}: ${label}${i === 1 ? " (again, as the group's member)" : ""}`, () => {
      // The webhook's `$JSON` is the check's representation, taken from the capture: the other tests cover how it is printed.
      const json = label === "member" && status === "down" ? request.body.slice("run down ".length) : "{}";
      const rendered = renderAlert(view(label, status, json)) as HttpAlert;
      expect(rendered.type).toBe("http");
      expect(rendered.method).toBe(request.method);
      expect(rendered.url).toBe(`http://${RECEIVER}${request.path}`);
      const form = label === "zulip";
      expect(rendered.headers).toEqual(request.headers.filter(([name]) => !CLIENT_HEADERS.has(name) && !(form && FORM_HEADERS.has(name))));
      if (form) {
        // The client writes the form's credentials and type: here they are what the capture shows.
        expect(rendered.form).toBe(true);
        const [user, password] = rendered.auth ?? ["", ""];
        expect(["Authorization", `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`]).toEqual(request.headers.find(([name]) => name === "Authorization"));
        expect(request.headers.find(([name]) => name === "Content-Type")).toEqual(["Content-Type", "application/x-www-form-urlencoded"]);
      }
      expect(Buffer.from(rendered.body ?? new Uint8Array()).toString("utf8")).toBe(request.body);
    });
  }

  it("covers every captured request: eight going down (the member twice), eight going up", () => {
    expect(captured).toHaveLength(16);
    expect(firstUp).toBe(8);
  });
});

describe("a group", () => {
  const webhook = (path: string) => JSON.stringify({ ...JSON.parse(SETTINGS.member!.value), url_down: `http://${RECEIVER}${path}`, url_up: "" });

  it("delivers to each member as a second delivery of the member, after its own record", async () => {
    const fake = new FakeServer({ notifications: { fetch: async (request) => new Response(null, { status: request.url.endsWith("/broken") ? 500 : 200 }) } });
    const project = fake.createProject();
    const member = fake.addChannel(project.id, { kind: "webhook", name: "member", value: webhook("/ok/s9/member") });
    const broken = fake.addChannel(project.id, { kind: "webhook", name: "broken", value: webhook("/broken"), disabled: true });
    const silent = fake.addChannel(project.id, { kind: "email", name: "up only", value: JSON.stringify({ value: "a@example.com", up: true, down: false }) });
    const group = fake.addChannel(project.id, { kind: "group", name: "group", value: [member.id, broken.id, silent.id].join(",") });
    const check = fake.createCheck(project.id, { name: "run", channels: [member.id, group.id].join(",") });

    await fake.handle(new Request(`${check.ping_url}/fail`));
    await fake.settled();

    const records = fake.notifications();
    // The group's record opens before its members' deliveries; the disabled member is delivered to all the same.
    expect(records.map((record) => [record.channel.name, record.error])).toEqual([
      ["member", ""],
      ["group", "1 out of 3 notifications failed"],
      ["member", ""],
      ["broken", "Received status code 500"],
    ]);
    expect(records[2]!.requests[0]!.body).toBe(records[0]!.requests[0]!.body);
    expect(fake.channels(project.id).find((channel) => channel.id === group.id)?.lastError).toBe("1 out of 3 notifications failed");
  });

  it("names only integrations of its project, and no other group", () => {
    const fake = new FakeServer();
    const project = fake.createProject();
    const member = fake.addChannel(project.id, { kind: "pd", name: "pager" });
    const group = fake.addChannel(project.id, { kind: "group", value: member.id });
    const elsewhere = fake.addChannel(fake.createProject().id, { kind: "pd" });
    expect(() => fake.addChannel(project.id, { kind: "group", value: elsewhere.id })).toThrow(
      new RangeError(`group value: ${elsewhere.id} is no integration of the project`),
    );
    expect(() => fake.addChannel(project.id, { kind: "group", value: group.id })).toThrow(/is a group/);
    expect(() => fake.addChannel(project.id, { kind: "group", value: `${member.id};x` })).toThrow(
      "group value: the value must be integration UUIDs separated by commas",
    );
  });
});
