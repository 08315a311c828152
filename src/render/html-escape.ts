// Text as HTML, for every part of the HTML page.

/** Text as HTML: the five characters that could start markup, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
