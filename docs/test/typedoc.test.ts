/**
 * The API reference builds without a single warning: every export documented,
 * every `{@link}` resolving, nothing referenced that is not exported. Runs
 * TypeDoc in-process with the root `typedoc.json`, emitting nothing.
 */
import { fileURLToPath } from "node:url";
import { Application, DeclarationReflection, Logger, LogLevel, ReflectionKind } from "typedoc";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Collects what TypeDoc reports instead of printing it. */
class CollectingLogger extends Logger {
  readonly messages: string[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.messages.push(message);
  }
}

it("builds the API reference of every entry point without warnings", { timeout: 60_000 }, async () => {
  const app = await Application.bootstrapWithPlugins({ options: `${root}typedoc.json`, emit: "none" });
  const logger = new CollectingLogger();
  app.logger = logger;
  const project = await app.convert();
  expect(project, logger.messages.join("\n")).toBeDefined();
  app.validate(project!);

  // TypeDoc's own check skips properties (anonymous object types and zod
  // internals would drown it); properties of interfaces and classes must
  // be documented all the same.
  const undocumented = project!
    .getReflectionsByKind(ReflectionKind.Property)
    .filter((ref): ref is DeclarationReflection => ref instanceof DeclarationReflection)
    .filter((ref) => ref.parent?.kindOf(ReflectionKind.Interface | ReflectionKind.Class) && !ref.hasComment())
    .filter((ref) => !ref.flags.isExternal && !ref.inheritedFrom)
    .map((ref) => `${ref.getFriendlyFullName()} does not have any documentation`);

  expect([...logger.messages, ...undocumented]).toEqual([]);
  expect(project!.children?.map((module) => module.name).sort()).toEqual([
    "@checks-api/fake-server",
    "@checks-api/schema",
    "@checks-api/sdk",
    "@checks-api/sdk/fetch",
  ]);
});
