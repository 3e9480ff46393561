import { describe, expectTypeOf, it } from "vitest";
import type {
  BadgeList,
  Channel,
  ChannelKind,
  Check,
  CheckList,
  CreateCheckInput,
  Flip,
  FlipList,
  Ping,
  ReadOnlyCheck,
  ScheduledCheck,
  SimpleCheck,
  UpdateCheckInput,
} from "@checks-api/schema";

// These assertions are checked by `tsc` (the repository's typecheck); at run
// time they only make sure the file loads.
describe("inferred types", () => {
  it("a read-only check has unique_key and no ping_url, uuid or channels", () => {
    expectTypeOf<ReadOnlyCheck>().toHaveProperty("unique_key").toEqualTypeOf<string>();
    expectTypeOf<ReadOnlyCheck>().toHaveProperty("badge_url");
    expectTypeOf<ReadOnlyCheck>().not.toHaveProperty("ping_url");
    expectTypeOf<ReadOnlyCheck>().not.toHaveProperty("uuid");
    expectTypeOf<ReadOnlyCheck>().not.toHaveProperty("channels");
    expectTypeOf<ReadOnlyCheck>().not.toHaveProperty("update_url");
  });

  it("a read-write check has the URLs and channels, an optional uuid, and no unique_key", () => {
    expectTypeOf<Check>().toHaveProperty("ping_url").toEqualTypeOf<string>();
    expectTypeOf<Check>().toHaveProperty("channels").toEqualTypeOf<string>();
    expectTypeOf<Check>().toHaveProperty("uuid").toEqualTypeOf<string | undefined>();
    expectTypeOf<Check>().not.toHaveProperty("unique_key");
  });

  it("a Check narrows to simple or scheduled on `\"timeout\" in check`", () => {
    const narrow = (check: Check) => {
      if ("timeout" in check) {
        expectTypeOf(check).toEqualTypeOf<SimpleCheck>();
        expectTypeOf(check.timeout).toEqualTypeOf<number>();
      } else {
        expectTypeOf(check).toEqualTypeOf<ScheduledCheck>();
        expectTypeOf(check.schedule).toEqualTypeOf<string>();
        expectTypeOf(check.tz).toEqualTypeOf<string>();
      }
    };
    expectTypeOf(narrow).parameter(0).toEqualTypeOf<Check>();
    const narrowReadOnly = (check: ReadOnlyCheck) => ("timeout" in check ? check.timeout : check.schedule);
    expectTypeOf(narrowReadOnly).returns.toEqualTypeOf<number | string>();
  });

  it("status, methods, nullable timestamps and optional live members are typed precisely", () => {
    expectTypeOf<Check["status"]>().toEqualTypeOf<"new" | "up" | "grace" | "down" | "paused" | "started">();
    expectTypeOf<Check["methods"]>().toEqualTypeOf<"" | "POST">();
    expectTypeOf<Check["last_ping"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Check["last_duration"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CheckList["checks"]>().toEqualTypeOf<Check[]>();
  });

  it("every CreateCheckInput member is optional; UpdateCheckInput has no unique", () => {
    expectTypeOf<{}>().toExtend<CreateCheckInput>();
    expectTypeOf<{ timeout: number }>().toExtend<CreateCheckInput>();
    expectTypeOf<CreateCheckInput["unique"]>().toEqualTypeOf<("name" | "slug" | "tags" | "timeout" | "grace")[] | undefined>();
    expectTypeOf<CreateCheckInput["methods"]>().toEqualTypeOf<"" | "POST" | undefined>();
    expectTypeOf<{ timeout: string }>().not.toExtend<CreateCheckInput>();
    expectTypeOf<{}>().toExtend<UpdateCheckInput>();
    expectTypeOf<UpdateCheckInput>().not.toHaveProperty("unique");
  });

  it("Flip.up is 0 | 1 and FlipList is either shape", () => {
    expectTypeOf<Flip["up"]>().toEqualTypeOf<0 | 1>();
    expectTypeOf<Flip["timestamp"]>().toEqualTypeOf<string>();
    expectTypeOf<Flip[]>().toExtend<FlipList>();
    expectTypeOf<{ flips: Flip[] }>().toExtend<FlipList>();
  });

  it("ChannelKind accepts known kinds and other strings, and offers the known ones", () => {
    expectTypeOf<"email">().toExtend<ChannelKind>();
    expectTypeOf<"webhook">().toExtend<ChannelKind>();
    expectTypeOf<"carrier-pigeon">().toExtend<ChannelKind>();
    expectTypeOf<string>().toExtend<ChannelKind>();
    expectTypeOf<number>().not.toExtend<ChannelKind>();
    expectTypeOf<Channel["kind"]>().toEqualTypeOf<ChannelKind>();
    expectTypeOf<Channel["id"]>().toEqualTypeOf<string>();
  });

  it("ping entries and badge lists keep their member types", () => {
    expectTypeOf<Ping["type"]>().toEqualTypeOf<"success" | "start" | "fail" | "log" | "ign">();
    expectTypeOf<Ping["duration"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Ping["rid"]>().toEqualTypeOf<string | null>();
    expectTypeOf<BadgeList["badges"][string]>().toHaveProperty("shields").toEqualTypeOf<string>();
    expectTypeOf<BadgeList["badges"][string]>().not.toHaveProperty("the service");
  });
});
