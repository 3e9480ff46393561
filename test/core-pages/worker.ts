// A module worker serving the fake with `fake.handle` (workerd runs it; its
// `workerd` condition picks the main entry, the core without msw):
// `POST /setup` makes a project and answers its keys, everything else is the
// fake's. The fake is made with the first request: workerd allows no random
// values or timers at the top level.
import { FakeServer } from "@checks-api/fake-server";

let fake: FakeServer | undefined;

export default {
  fetch(request: Request): Response | Promise<Response> {
    fake ??= new FakeServer({ baseUrl: new URL(request.url).origin });
    if (new URL(request.url).pathname === "/setup") return Response.json(fake.createProject());
    return fake.handle(request);
  },
};
