import { Fragment, type ReactNode } from 'react';

/**
 * The small part of Markdown our posts use: `## ` and `### ` headings, `- ` lists, paragraphs,
 * **bold** and *italic*. Rendered as React elements, so no HTML from the text reaches the page.
 */
export function Markdown({ source, headingIds = [] }: { source: string; headingIds?: string[] }) {
  let heading = 0;
  const blocks = source
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${index}-${block.slice(0, 24)}`;
        if (block.startsWith('## ')) {
          const id = headingIds[heading++];
          return (
            <h2 key={key} id={id} className="mt-8 scroll-mt-24 font-semibold text-2xl">
              {inline(block.slice(3))}
            </h2>
          );
        }
        if (block.startsWith('### ')) {
          return (
            <h3 key={key} className="mt-6 font-semibold text-xl">
              {inline(block.slice(4))}
            </h3>
          );
        }
        const lines = block.split('\n');
        if (lines.every((line) => /^[-*] /.test(line))) {
          return (
            <ul key={key} className="mt-4 list-disc space-y-1 pl-6">
              {lines.map((line) => (
                <li key={line}>{inline(line.slice(2))}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key} className="mt-4 leading-relaxed">
            {inline(block.replace(/\n/g, ' '))}
          </p>
        );
      })}
    </>
  );
}

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/g).map((part, index) => {
    const key = `${index}-${part}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2)
      return <em key={key}>{part.slice(1, -1)}</em>;
    return <Fragment key={key}>{part}</Fragment>;
  });
}
