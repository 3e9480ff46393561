/**
 * `@checks-api/fake-server` for browsers and workers (the `browser`,
 * `worker` and `workerd` conditions): the main entry, with msw handed to
 * `handlers()` up front, since outside Node it cannot be loaded on first use.
 * @module @checks-api/fake-server
 */
import { http } from "msw";
import { provideMsw } from "./adapters/msw.js";

provideMsw({ http });

export * from "./index.js";
