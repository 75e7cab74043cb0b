/** Links the platforms put in the reports (the CI run, its artifacts, the job log). */
import { escapeMarkdown } from './escape.js';

export interface MarkdownLink {
  text: string;
  url: string;
}

/** `[text](url)`, the text escaped; the URL is a `URL.href` (no spaces), whose parentheses would end the link. */
export function linkMarkdown({ text, url }: MarkdownLink): string {
  return `[${escapeMarkdown(text)}](${url.replace(/\(/g, '%28').replace(/\)/g, '%29')})`;
}
