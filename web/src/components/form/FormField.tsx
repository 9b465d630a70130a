import { Field, HStack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The (translated) validation message; the field shows as invalid while there is one. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  /** Trailing element of the label row, such as a "Forgot password?" link. */
  labelEnd?: ReactNode;
  children: ReactNode;
}

/** A labelled input with its helper text and its validation message, wired for assistive tech. */
export function FormField({ label, error, helperText, required, labelEnd, children }: FormFieldProps) {
  // Chakra's field names its message with `aria-errormessage` only; while there is a message it
  // also takes the helper text's place in `aria-describedby` (the help is hidden meanwhile), so
  // the input is described by its message.
  const messageId = `${useId()}-message`;
  const labelNode = (
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator />}
    </Field.Label>
  );
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={error ? { errorText: messageId, helperText: messageId } : undefined}>
      {labelEnd ? (
        <HStack justify="space-between" align="baseline" gap="3" width="full" wrap="wrap">
          {labelNode}
          {labelEnd}
        </HStack>
      ) : (
        labelNode
      )}
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
