import * as z from "zod";
import { describe, expect, expectTypeOf, it } from "vitest";
import { CheckSchema, PingSchema, TimestampSchema, type Check } from "@checks-api/schema";
import { liveReadWriteSimple } from "./fixtures/representations.js";

const liveCheck = liveReadWriteSimple();

describe("the zod/mini schemas in a program using full zod", () => {
  it("compose with full zod's builders and parse alike", () => {
    const batch = z.object({ checks: z.array(CheckSchema), next: z.optional(TimestampSchema) });
    const parsed = batch.parse({ checks: [liveCheck] });
    expectTypeOf(parsed.checks).toEqualTypeOf<z.infer<typeof CheckSchema>[]>();
    expect(parsed.checks[0]?.name).toBe(liveCheck["name"]);
    expect(z.optional(PingSchema).safeParse(undefined).success).toBe(true);
    expect(batch.safeParse({ checks: [{ ...liveCheck, status: "sleeping" }] }).success).toBe(false);
    expectTypeOf<Check>().toExtend<z.infer<typeof CheckSchema>>();
  });

  it("give full zod's English messages once full zod is loaded", () => {
    z.string(); // full zod installs its English locale when its first schema is built
    const result = TimestampSchema.safeParse(1);
    expect(result.error?.issues[0]?.message).toBe("Invalid input: expected string, received number");
  });
});
