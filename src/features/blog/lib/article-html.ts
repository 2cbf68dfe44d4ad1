import { sanitizeArticleHtml } from './sanitize';

// Section bodies are written as plain paragraphs separated by blank lines, with **bold** markers and, where a list
// or quote helps, the HTML that SPEC §5 allows. This turns that into sanitised HTML for the page.

/** Block-level tags that must not be wrapped in a <p>. */
const BLOCK_START = /^<(?:ul|ol|li|h[1-6]|blockquote|pre|p|table|div)\b/i;

/** **bold** -> <strong>bold</strong>; a lone ** with no partner is left as typed. */
export function boldToStrong(text: string): string {
  return text.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>');
}

/** Blank-line separated blocks become paragraphs; single line breaks inside a paragraph become <br>. */
export function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br>')}</p>`))
    .join('\n');
}

/** The HTML of one section body, safe to hand to dangerouslySetInnerHTML. */
export function renderSectionHtml(content: string): string {
  return sanitizeArticleHtml(paragraphs(boldToStrong(content)));
}

/** Plain text broken into paragraphs on blank lines (intro, summary). */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** 'Why asking prices mislead' -> 'why-asking-prices-mislead', for in-page anchors of section headings. */
export function headingId(heading: string, index: number): string {
  const base = heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `section-${index + 1}${base ? `-${base}` : ''}`;
}
