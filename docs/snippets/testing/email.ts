import { FakeServer } from "@checks-api/fake-server";
import { checkUuid } from "@checks-api/sdk";
import { expect, it } from "vitest";

it("records an inbound email as a ping", () => {
  const fake = new FakeServer();
  const project = fake.createProject();
  const check = fake.createCheck(project.id, { name: "mailer", subject_fail: "ERROR" });
  const outcome = fake.deliverEmail({ to: `${checkUuid(check)}@hc.localhost`, subject: "ERROR: 3 mails bounced" });
  expect(outcome).toEqual({ outcome: "recorded", type: "fail" });
});
