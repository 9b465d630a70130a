import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A checkbox of a react-hook-form form (through `Controller`), with a line of help under it. */
export function CheckboxField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  help,
  error,
  testId,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap="1">
          <Checkbox.Root
            name={field.name}
            checked={Boolean(field.value)}
            onCheckedChange={(e) => field.onChange(e.checked === true)}
            invalid={Boolean(error)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid={testId} />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
          {help && (
            <Text fontSize="sm" color="fg.muted" ps="7">
              {help}
            </Text>
          )}
          {error && (
            <Text fontSize="sm" color="fg.error" ps="7" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
