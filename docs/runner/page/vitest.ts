/**
 * `vitest` as an example run in the page imports it: `test` (`it`) with
 * fixtures (`test.extend`, `test.override`), `describe`, the four hooks
 * and vitest's own `expect` (`@vitest/expect`, the matchers vitest runs,
 * `expect.extend` included). The runner calls {@link startFile} before it
 * imports an example and {@link runFile} after: the tests run one after the
 * other, each reported as passed or failed with its error.
 * @module
 */
import {
  ASYMMETRIC_MATCHERS_OBJECT,
  type ExpectStatic,
  chai,
  GLOBAL_EXPECT,
  getState,
  JestAsymmetricMatchers,
  JestChaiExpect,
  JestExtend,
  setState,
} from "@vitest/expect";
import { formatError } from "../format.js";

type Hook = () => unknown;
type Fixture = (context: Record<string, unknown>, use: (value: unknown) => Promise<void>) => Promise<unknown>;
type Fixtures = Record<string, Fixture | unknown>;
type TestFn = (context: Record<string, unknown>) => unknown;

interface Suite {
  name: string;
  parent: Suite | undefined;
  hooks: { beforeAll: Hook[]; afterAll: Hook[]; beforeEach: Hook[]; afterEach: Hook[] };
  /** Fixture values and functions set by `test.override` in this suite. */
  overrides: Fixtures;
  items: Array<Suite | Test>;
  skip: boolean;
}

interface Test {
  name: string;
  suite: Suite;
  fn: TestFn | undefined;
  fixtures: Fixtures;
  timeout: number;
  skip: boolean;
}

/** vitest's default time a test may take, in ms. */
const TEST_TIMEOUT = 5_000;

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

/** vitest's `expect`, counting assertions as vitest does. */
export const expect = ((value: unknown, message?: string) => {
  const { assertionCalls } = getState(expect);
  setState({ assertionCalls: assertionCalls + 1 }, expect);
  return chai.expect(value, message);
}) as unknown as ExpectStatic;
Object.assign(expect, chai.expect);
Object.assign(expect, (globalThis as Record<symbol, unknown>)[ASYMMETRIC_MATCHERS_OBJECT]);
Object.assign(expect, {
  getState: () => getState(expect),
  setState: (state: object) => setState(state, expect),
  extend: (matchers: object) => (chai.expect as unknown as { extend: (e: unknown, m: object) => void }).extend(expect, matchers),
  assert: chai.assert,
  unreachable: (message?: string) => chai.assert.fail(`expected${message ? ` "${message}" ` : " "}not to be reached`),
});
setState({ assertionCalls: 0, isExpectingAssertions: false, currentTestName: "" }, expect);
(globalThis as Record<symbol, unknown>)[GLOBAL_EXPECT] = expect;

const newSuite = (name: string, parent: Suite | undefined, skip = false): Suite => ({
  name,
  parent,
  hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] },
  overrides: {},
  items: [],
  skip: skip || (parent?.skip ?? false),
});

let root = newSuite("", undefined);
let current = root;

function makeTest(fixtures: Fixtures) {
  const add = (skip: boolean) => (name: string, fn?: TestFn, timeout?: number) => {
    current.items.push({ name, suite: current, fn, fixtures, timeout: timeout ?? TEST_TIMEOUT, skip: skip || current.skip || !fn });
  };
  return Object.assign(add(false), {
    skip: add(true),
    todo: (name: string) => add(true)(name),
    extend: (more: Fixtures) => makeTest({ ...fixtures, ...more }),
    override: (values: Fixtures) => void Object.assign(current.overrides, values),
  });
}

/** vitest's `test`, with fixtures. */
export const test = makeTest({});
/** The same as {@link test}. */
export const it = test;

function suite(skip: boolean) {
  return (name: string, fn: () => void) => {
    const parent = current;
    current = newSuite(name, parent, skip);
    parent.items.push(current);
    try {
      fn();
    } finally {
      current = parent;
    }
  };
}

/** vitest's `describe`: a group of tests with its own hooks and fixture overrides. */
export const describe = Object.assign(suite(false), { skip: suite(true) });

const hook = (kind: keyof Suite["hooks"]) => (fn: Hook) => void current.hooks[kind].push(fn);
/** Runs before the first test of its suite. */
export const beforeAll = hook("beforeAll");
/** Runs after the last test of its suite. */
export const afterAll = hook("afterAll");
/** Runs before each test of its suite. */
export const beforeEach = hook("beforeEach");
/** Runs after each test of its suite. */
export const afterEach = hook("afterEach");

/** Forgets the tests of the last run: the next import collects anew. */
export function startFile(): void {
  root = newSuite("", undefined);
  current = root;
}

/** One line of a test report: `pass`, `fail` (with the error under it) or `skip`. */
export type Report = (line: string, kind: "pass" | "fail" | "skip") => void;

const chain = (suite: Suite): Suite[] => (suite.parent ? [...chain(suite.parent), suite] : [suite]);
const fullName = (test: Test) => [...chain(test.suite).map((suite) => suite.name), test.name].filter(Boolean).join(" > ");

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out in ${ms}ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Sets up the fixtures a test gets, in the order they were declared; returns how to tear them down. */
async function setUp(test: Test): Promise<{ context: Record<string, unknown>; tearDown: () => Promise<void> }> {
  const overrides = Object.assign({}, ...chain(test.suite).map((suite) => suite.overrides)) as Fixtures;
  const context: Record<string, unknown> = {};
  const done: Array<() => Promise<void>> = [];
  const tearDown = async () => {
    for (const step of done.reverse()) await step();
  };
  try {
    for (const [name, fixture] of Object.entries({ ...test.fixtures, ...overrides })) {
      if (typeof fixture !== "function") {
        context[name] = fixture;
        continue;
      }
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let provide!: (value: unknown) => void;
      const provided = new Promise<unknown>((resolve) => (provide = resolve));
      const running = (fixture as Fixture)(context, (value) => (provide(value), finished));
      done.push(async () => {
        finish();
        await running;
      });
      context[name] = await Promise.race([
        provided,
        running.then(() => Promise.reject(new Error(`the fixture "${name}" returned without calling use()`))),
      ]);
    }
  } catch (error) {
    await tearDown();
    throw error;
  }
  return { context, tearDown };
}

async function runTest(test: Test, report: Report): Promise<boolean> {
  const name = fullName(test);
  if (test.skip) {
    report(`↓ ${name} (skipped)`, "skip");
    return true;
  }
  const suites = chain(test.suite);
  setState({ assertionCalls: 0, currentTestName: name }, expect);
  try {
    for (const suite of suites) for (const fn of suite.hooks.beforeEach) await fn();
    const { context, tearDown } = await setUp(test);
    try {
      await withTimeout(Promise.resolve().then(() => test.fn!(context)), test.timeout, `the test "${name}"`);
    } finally {
      for (const suite of suites.reverse()) for (const fn of suite.hooks.afterEach) await fn();
      await tearDown();
    }
    report(`✓ ${name}`, "pass");
    return true;
  } catch (error) {
    report(`✗ ${name}\n${formatError(error)}`, "fail");
    return false;
  }
}

async function runSuite(suite: Suite, report: Report, counts: { passed: number; failed: number }): Promise<void> {
  try {
    for (const fn of suite.hooks.beforeAll) await fn();
  } catch (error) {
    counts.failed++;
    report(`✗ ${suite.name || "beforeAll"}\n${formatError(error)}`, "fail");
    return;
  }
  for (const item of suite.items) {
    if ("items" in item) await runSuite(item, report, counts);
    else if (await runTest(item, report)) counts.passed += item.skip ? 0 : 1;
    else counts.failed++;
  }
  for (const fn of suite.hooks.afterAll.reverse()) await fn();
}

/** Runs the tests the last import collected; the summary line says how many passed. */
export async function runFile(report: Report): Promise<void> {
  const counts = { passed: 0, failed: 0 };
  await runSuite(root, report, counts);
  const total = counts.passed + counts.failed;
  const tests = (n: number) => `${n} test${n === 1 ? "" : "s"}`;
  if (counts.failed === 0) report(`${tests(total)} passed`, "pass");
  else report(`${counts.failed} of ${tests(total)} failed`, "fail");
}
