import { describe, expect, it } from 'vitest';
import { issueBodyBlocks } from './issue-body.ts';

describe('the small Markdown of an issue', () => {
  it('reads headings, paragraphs and lists, and bold as plain words', () => {
    const body =
      '# Autumn\n\nThe **porcini** are out.\nSee you soon.\n\n- Val di Sole\n- Val di Non\nAfter the list.';
    expect(issueBodyBlocks(body)).toEqual([
      { type: 'title', text: 'Autumn' },
      { type: 'paragraph', text: 'The porcini are out.\nSee you soon.' },
      { type: 'list', items: ['Val di Sole', 'Val di Non'] },
      { type: 'paragraph', text: 'After the list.' },
    ]);
  });

  it('keeps typed HTML as text for the layout to escape', () => {
    expect(issueBodyBlocks('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
