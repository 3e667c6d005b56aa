/**
 * A tiny, safe Markdown renderer for the content pages: headings (#–######),
 * paragraphs, unordered (-, *) and ordered (1.) lists, links, **bold**,
 * *italic*, hard line breaks (two trailing spaces or a backslash) and
 * horizontal rules (---). Output is React elements built from text nodes, so
 * any HTML in the source is shown as text, never interpreted; link targets
 * are limited to local paths, #fragments, http(s), mailto and tel.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  | { type: 'rule' };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

/** Parses Markdown source into blocks. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Extract<Block, { type: 'list' }> | null = null;

  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push(list);
    list = null;
  };

  for (const line of lines) {
    if (line.trim() === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      blocks.push({
        type: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6,
        text: heading[2]!,
      });
      continue;
    }
    if (RULE.test(line) && paragraph.length === 0) {
      flushList();
      blocks.push({ type: 'rule' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      flushParagraph();
      const isOrdered = Boolean(ordered);
      if (!list || list.ordered !== isOrdered) {
        flushList();
        list = { type: 'list', ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [] };
      }
      list.items.push(bullet ? bullet[1]! : ordered![2]!);
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // A continuation line of the last list item.
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** Only these link targets are rendered as links. */
export function safeHref(href: string): string | null {
  const url = href.trim();
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return url;
  if (url.startsWith('#')) return url;
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url;
  return null;
}

type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

function findClosing(text: string, marker: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(marker, i)) return i;
    i++;
  }
  return -1;
}

/** Index of the ')' closing the '(' at `open`, allowing nested parentheses; -1 if none. */
function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
    else if (text[i] === '\n') return -1;
  }
  return -1;
}

/** Parses inline Markdown: links, bold, italic (asterisk or underscore), escapes and line breaks. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      if (text[i + 1] === '\n') {
        flush();
        out.push({ type: 'break' });
        i += 2;
        continue;
      }
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      if (buffer.endsWith('  ')) {
        buffer = buffer.replace(/ +$/, '');
        flush();
        out.push({ type: 'break' });
      } else {
        buffer += ' ';
      }
      i++;
      continue;
    }
    if (ch === '[') {
      const close = findClosing(text, ']', i + 1);
      if (close !== -1 && text[close + 1] === '(') {
        const end = matchingParen(text, close + 1);
        if (end !== -1) {
          const label = text.slice(i + 1, close);
          const href = safeHref(text.slice(close + 2, end));
          flush();
          if (href) out.push({ type: 'link', href, children: parseInline(label) });
          else out.push(...parseInline(label));
          i = end + 1;
          continue;
        }
      }
    }
    if (text.startsWith('**', i) || text.startsWith('__', i)) {
      const marker = text.slice(i, i + 2);
      const close = findClosing(text, marker, i + 2);
      if (close > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    }
    const intraword = ch === '_' && i > 0 && /[A-Za-z0-9]/.test(text[i - 1]!);
    if ((ch === '*' || ch === '_') && !intraword && text[i + 1] !== ' ' && text[i + 1] !== undefined) {
      const close = findClosing(text, ch, i + 1);
      if (close > i + 1 && text[close - 1] !== ' ') {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    buffer += ch;
    i++;
  }
  flush();
  return out;
}

/** Plain text of inline Markdown (e.g. a heading for the document title). */
export function inlineText(text: string): string {
  const walk = (nodes: Inline[]): string =>
    nodes
      .map((n) =>
        n.type === 'text' ? n.text : n.type === 'break' ? ' ' : walk(n.children),
      )
      .join('');
  return walk(parseInline(text));
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'break':
        return <br key={i} />;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={i} to={node.href}>
            {renderInline(node.children)}
          </Link>
        ) : node.href.startsWith('http') ? (
          <a key={i} href={node.href} rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        ) : (
          <a key={i} href={node.href}>
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Renders Markdown source as React elements. */
export function Markdown({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const Tag = `h${block.level}` as const;
            const id = block.level > 1 ? slugify(inlineText(block.text)) || undefined : undefined;
            return (
              <Tag key={i} id={id}>
                {renderInline(parseInline(block.text))}
              </Tag>
            );
          }
          case 'paragraph':
            return <p key={i}>{renderInline(parseInline(block.text))}</p>;
          case 'rule':
            return <hr key={i} />;
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{renderInline(parseInline(item))}</li>);
            return block.ordered ? (
              <ol key={i} start={block.start === 1 ? undefined : block.start}>
                {items}
              </ol>
            ) : (
              <ul key={i}>{items}</ul>
            );
          }
        }
      })}
    </>
  );
}

/** The text of the first level-1 heading, or null. */
export function markdownTitle(source: string): string | null {
  const h1 = parseMarkdown(source).find((b) => b.type === 'heading' && b.level === 1);
  return h1 && h1.type === 'heading' ? inlineText(h1.text) : null;
}
