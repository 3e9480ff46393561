/**
 * `@checks-api/fake-server` for browsers (the `browser` condition): the main
 * entry, with msw handed to `handlers()` up front, since outside Node it
 * cannot be loaded on first use (for msw's `setupWorker`). Workers (the
 * `workerd` and `worker` conditions) get the main entry: msw does not load
 * there, and `handle()` is what serves them.
 * @module @checks-api/fake-server
 */
import { http } from "msw";
import { provideMsw } from "./adapters/msw.js";

provideMsw({ http });

export * from "./index.js";
