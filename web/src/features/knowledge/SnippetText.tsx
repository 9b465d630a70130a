import { Box } from '@chakra-ui/react';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** A search snippet: the parts the search matched in <mark>, the rest as plain text (never HTML). */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <Box as="mark" key={i} bg="yellow.subtle" color="fg" paddingInline="0.5" borderRadius="sm">
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
