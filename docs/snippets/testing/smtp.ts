import { FakeServer } from "@checks-api/fake-server";
import { checkUuid } from "@checks-api/sdk";
import { createTransport } from "nodemailer";
import { expect, it } from "vitest";

it("takes an email ping over SMTP", async () => {
  const fake = new FakeServer({ compat: "live" });
  const smtp = await fake.listenSmtp(); // 127.0.0.1, a free port: smtp.url is smtp://127.0.0.1:<port>
  try {
    const project = fake.createProject();
    const check = fake.createCheck(project.id, { name: "nas backup", filter_subject: true, success_kw: "OK", failure_kw: "FAIL" });
    const mailer = createTransport({ host: "127.0.0.1", port: smtp.port, ignoreTLS: true });
    await mailer.sendMail({ from: "nas@example.net", to: `${checkUuid(check)}@hc.localhost`, subject: "[FAIL] nightly backup", text: "disk full" });
    const answer = await fake.handle(
      new Request(`http://localhost:8000/api/v3/checks/${checkUuid(check)}/pings/`, { headers: { "X-Api-Key": project.readWriteKey! } }),
    );
    const { pings } = (await answer.json()) as { pings: Array<Record<string, unknown>> };
    expect(pings[0]).toMatchObject({ type: "fail", scheme: "email", method: "", ua: "Email from nas@example.net" });
  } finally {
    await smtp.close();
  }
});
