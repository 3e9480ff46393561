/**
 * `@checks-api/fake-server` as an example run in the page imports it: the
 * real core, with each fake reachable through the page's `fetch` at its
 * `baseUrl`. The SDK's browser entry sends with `fetch`, so a client built
 * with `dispatcher: fake.dispatcher()`, as the Node examples build it,
 * reaches the same fake.
 * @module
 */
import { FakeServer as CoreFakeServer, type FakeServerOptions } from "@checks-api/fake-server";
import { addFake, removeFake } from "./routing.js";

export * from "@checks-api/fake-server";

/** The fake server of the page: the real one, reachable through the page's `fetch`. */
export class FakeServer extends CoreFakeServer {
  constructor(options: FakeServerOptions = {}) {
    super(options);
    addFake(this);
  }

  /**
   * Stands for undici's dispatcher, which browsers lack: the page's `fetch`
   * already leads to this fake, so there is nothing to hold but the calls
   * a test makes when it is done with one.
   */
  override dispatcher(): ReturnType<CoreFakeServer["dispatcher"]> {
    const done = () => Promise.resolve();
    return { close: done, destroy: done } as unknown as ReturnType<CoreFakeServer["dispatcher"]>;
  }

  override async close(): Promise<void> {
    removeFake(this);
    await super.close();
  }
}
