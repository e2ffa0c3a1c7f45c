import type { DocumentBlock, RetrospectiveDocument } from './document';

/**
 * Text a person typed, made inert in Markdown: the marks CommonMark (with GitHub's tables and strikethrough) reads
 * anywhere are backslash-escaped (`*`, `_`, `` ` ``, `[`, `]`, `<`, `>`, `|`, `~`, `&`, `!`, `\\`), and so are
 * those it reads at a line's start (`#`, `>`, `-`, `+`, `=`, `1.`, `1)`); line breaks are folded, so a heading, a
 * table cell or a list item stays one. What is left reads as typed.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?|\n|\u2028|\u2029/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&!]/g, (mark) => `\\${mark}`)
    .replace(/^([#+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** A multi-line answer keeps its paragraphs: each line escaped, blank lines separating paragraphs. */
function escapedParagraphs(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map((line) => escapeMarkdown(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .split('\n\n')
    .map((paragraph) => paragraph.split('\n').filter(Boolean).join('  \n'))
    .filter(Boolean)
    .join('\n\n');
}

function block(item: DocumentBlock): string {
  switch (item.kind) {
    case 'paragraph':
      return escapedParagraphs(item.text);
    case 'list':
      return item.items.length === 0
        ? `_${escapeMarkdown(item.empty)}_`
        : item.items.map((entry) => `- ${escapeMarkdown(entry) || '\\-'}`).join('\n');
    case 'table': {
      if (item.rows.length === 0) return `_${escapeMarkdown(item.empty)}_`;
      const row = (cells: string[]) => `| ${cells.map((cell) => escapeMarkdown(cell) || ' ').join(' | ')} |`;
      return [row(item.columns), `|${item.columns.map(() => ' --- ').join('|')}|`, ...item.rows.map(row)].join('\n');
    }
    case 'question':
      return `**${escapeMarkdown(item.prompt)}**\n\n${item.answer ? escapedParagraphs(item.answer) : '_No answer yet._'}`;
  }
}

/** The document as Markdown (CommonMark with GitHub tables): headings and tables the people's text cannot break. */
export function retrospectiveMarkdown(document: RetrospectiveDocument): string {
  const parts = [`# ${escapeMarkdown(document.title)}`];
  for (const section of document.sections) {
    parts.push(`## ${escapeMarkdown(section.title)}`);
    for (const item of section.blocks) parts.push(block(item));
  }
  return `${parts.join('\n\n')}\n`;
}
