/**
 * HTML escaping as the service's templates apply it (Django's `escape`):
 * the texts it renders into messages are escaped even where the result is
 * plain text, so a name with `"` reads `&quot;` in a Teams card or an ntfy
 * message.
 * @module
 */

const REFERENCES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Django's `escape`: `& < > " '` become `&amp; &lt; &gt; &quot; &#x27;`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => REFERENCES[char] ?? char);
}
