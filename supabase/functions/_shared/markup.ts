// Text placed into HTML (an email body, an email template): the five characters that are markup, written as entities.

/** How each markup character is written. */
export type Entities = Record<'&' | '<' | '>' | '"' | "'", string>;

export const HTML_ENTITIES: Entities = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` with &, <, >, " and ' as entities, so it stays text in an element or a quoted attribute. */
export function escapeHtml(text: string, entities: Entities = HTML_ENTITIES): string {
  return text.replace(/[&<>"']/g, (char) => entities[char as keyof Entities]);
}
