import { Box } from '@chakra-ui/react';
import { stripMarkdown } from '@muster/contracts';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * A search snippet: the parts the search matched in <mark>, the rest as plain text (never HTML,
 * and never Markdown markup: a snippet is cut from an article's Markdown, so its marks are dropped).
 */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const text = stripMarkdown(part.text);
        if (!text) return null;
        return part.match ? (
          <Box as="mark" key={i} bg="yellow.subtle" color="fg" paddingInline="0.5" borderRadius="sm">
            {text}
          </Box>
        ) : (
          <span key={i}>{text}</span>
        );
      })}
    </>
  );
}
