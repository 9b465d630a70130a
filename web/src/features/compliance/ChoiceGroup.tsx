import { chakra, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A group of checkboxes under a legend, with its help and its message. Not a `FormField`: a Chakra
 * field gives its one input id to every checkbox inside it, so their labels would all toggle the first.
 */
export function ChoiceGroup({
  legend,
  error,
  helperText,
  required,
  children,
}: {
  legend: string;
  error?: string | undefined;
  helperText?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <chakra.fieldset border="0" padding="0" margin="0" minWidth="0" aria-invalid={error ? true : undefined}>
      <chakra.legend fontSize="sm" fontWeight="medium" marginBottom="1.5">
        {legend}
        {required && (
          <Text as="span" color="fg.error" marginStart="1" aria-hidden>
            *
          </Text>
        )}
      </chakra.legend>
      {children}
      {helperText && !error && (
        <Text fontSize="xs" color="fg.muted" marginTop="1.5">
          {helperText}
        </Text>
      )}
      {error && (
        <Text fontSize="sm" color="fg.error" marginTop="1.5" role="alert">
          {error}
        </Text>
      )}
    </chakra.fieldset>
  );
}
