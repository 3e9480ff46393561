import { channels, FakeServer } from "@checks-api/fake-server";
import { expect, it } from "vitest";

it("records a vendor's request, or sends it where vendorUrls says", async () => {
  const received: string[] = [];
  const fake = new FakeServer({
    notifications: {
      vendorUrls: { pd: "http://127.0.0.1:9000" }, // PagerDuty's requests go here; the other vendors' are only recorded
      fetch: async (request) => (received.push(request.url), new Response(null, { status: 202 })),
    },
  });
  const project = fake.createProject();
  fake.addChannel(project.id, { ...channels.pd("0123456789abcdef0123456789abcdef"), name: "pager" });
  fake.addChannel(project.id, { ...channels.telegram({ id: -1001234567890 }), name: "chat" });
  const check = fake.createCheck(project.id, { name: "backup", channels: "*" });

  await fake.handle(new Request(`${check.ping_url}/fail`));
  await fake.settled();

  expect(received).toEqual(["http://127.0.0.1:9000/generic/2010-04-15/create_event.json"]);
  const [pager, chat] = fake.notifications();
  expect(pager!.requests.map((request) => request.status)).toEqual([202]);
  expect(chat!.requests).toMatchObject([{ url: "https://api.telegram.org/bot0:fake-telegram-bot-token/sendMessage", status: null }]);
});
