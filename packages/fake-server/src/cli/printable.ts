/**
 * Text from a service made safe to print on a terminal: its control
 * characters written as escapes, so that an answer cannot move the cursor,
 * recolour the screen, set the window's title or hide a line.
 * @module
 */
import { maskSecrets } from "@checks-api/sdk";

// C0 controls, DEL, C1 controls (0x9b starts a sequence on some terminals),
// and the bidirectional overrides and isolates that reorder what is shown.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character written as `\u` and four hexadecimal digits. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}

/** A service's message ready to print: its keys masked (as the SDK masks them) and its control characters escaped. */
export function printableMessage(text: string, secrets: Iterable<string | undefined>): string {
  return escapeControls(maskSecrets(text, secrets));
}
