/**
 * The plain-data form of a schema that `wire-shapes.ts` is written in and
 * `checkWireShape` interprets.
 * @module
 */

/** A schema as plain data; a string names an entry of `WIRE_SHAPES` (a registered schema's `id`). */
export type Shape =
  | string
  | {
      /** The zod type (`int` is `z.int()`). */
      t: "string" | "int" | "number" | "boolean" | "enum" | "literal" | "nullable" | "optional" | "array" | "record" | "union" | "object";
      /** Regex checks of a string: source and custom message. */
      re?: Array<[source: string, message: string]>;
      /** Inclusive bounds of a number. */
      min?: number;
      /** Inclusive upper bound of a number. */
      max?: number;
      /** Allowed values of an enum or literal. */
      values?: Array<string | number | boolean>;
      /** Inner schema (nullable, optional, array, record) or options (union). */
      of?: Shape | Shape[];
      /** Members of an object. */
      shape?: Record<string, Shape>;
      /** Unknown members are kept (`z.looseObject`) rather than dropped. */
      loose?: boolean;
    };
