/**
 * Field helpers shared by the cron and OnCalendar parsers: both name the
 * field in their error message and read fields as unsigned decimal numbers.
 * @module
 */

/** A numeric field of a schedule expression, named as in the parser's error messages. */
export interface Field {
  /** Name used in the `Bad {name}` error message. */
  readonly name: string;
  /** Smallest allowed value. */
  readonly min: number;
  /** Largest allowed value. */
  readonly max: number;
}

/** The error helpers of one parser, throwing that parser's syntax error class. */
export interface FieldErrors {
  /** Throws `Bad {field name}`. */
  bad(field: Field): never;
  /** The field text as a number; throws `Bad {field name}` unless it is all ASCII digits. */
  digits(field: Field, text: string): number;
}

const DIGITS = /^[0-9]+$/;

/** Builds the error helpers of a parser whose syntax errors are `SyntaxErrorClass`. */
export function fieldErrors(SyntaxErrorClass: new (message: string) => Error): FieldErrors {
  const bad = (field: Field): never => {
    throw new SyntaxErrorClass(`Bad ${field.name}`);
  };
  return {
    bad,
    digits(field, text) {
      if (!DIGITS.test(text)) bad(field);
      return Number(text);
    },
  };
}

/** The integers from `from` to `to` inclusive, `step` apart. */
export function range(from: number, to: number, step = 1): number[] {
  const values: number[] = [];
  for (let v = from; v <= to; v += step) values.push(v);
  return values;
}
